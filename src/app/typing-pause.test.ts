import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterTypingPause, noteKeystroke, TYPING_PAUSE_MS } from './typing-pause';

beforeEach(() => {
  vi.useFakeTimers();
  noteKeystroke(Number.NEGATIVE_INFINITY);
});
afterEach(() => vi.useRealTimers());

describe('afterTypingPause', () => {
  it('runs in a task of its own when nobody is typing', () => {
    const fn = vi.fn();
    afterTypingPause(fn);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('waits out a burst of keys, however long, and runs once the pause after it is long enough', () => {
    const fn = vi.fn();
    noteKeystroke();
    afterTypingPause(fn);
    // Keys every 40 ms for two seconds: never a pause.
    for (let t = 0; t < 2000; t += 40) {
      vi.advanceTimersByTime(40);
      noteKeystroke();
      expect(fn).not.toHaveBeenCalled();
    }
    vi.advanceTimersByTime(TYPING_PAUSE_MS - 1);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled while it waits', () => {
    const fn = vi.fn();
    noteKeystroke();
    const cancel = afterTypingPause(fn);
    vi.advanceTimersByTime(TYPING_PAUSE_MS / 2);
    noteKeystroke();
    cancel();
    vi.advanceTimersByTime(10 * TYPING_PAUSE_MS);
    expect(fn).not.toHaveBeenCalled();
  });
});
