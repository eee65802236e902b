import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteKeystroke, TYPING_PAUSE_MS } from '../typing-pause';
import { StatsStore } from './use-stats';

beforeEach(() => {
  vi.useFakeTimers();
  noteKeystroke(Number.NEGATIVE_INFINITY);
});
afterEach(() => vi.useRealTimers());

describe('StatsStore', () => {
  it('holds each event at once but tells the panel of a burst of them once, when typing pauses', () => {
    const stats = new StatsStore();
    stats.clear();
    const heard = vi.fn();
    stats.subscribe(heard);
    for (let t = 1; t <= 5; t++) {
      noteKeystroke();
      stats.add({ k: 'shown', t, route: 'local' });
      vi.advanceTimersByTime(40);
    }
    // Read by the reports and the tests as it happens; the panel has not heard inside the keys.
    expect(stats.get().history).toHaveLength(5);
    expect(heard).not.toHaveBeenCalled();
    vi.advanceTimersByTime(TYPING_PAUSE_MS);
    expect(heard).toHaveBeenCalledTimes(1);
    stats.add({ k: 'accepted', t: 6, route: 'local', partial: false });
    vi.advanceTimersByTime(0);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('clears at once: the user asked', () => {
    const stats = new StatsStore();
    noteKeystroke();
    stats.add({ k: 'shown', t: 1, route: 'local' });
    const heard = vi.fn();
    stats.subscribe(heard);
    stats.clear();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(stats.get().history).toEqual([]);
    // The add's pending refresh went with it.
    vi.advanceTimersByTime(10 * TYPING_PAUSE_MS);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
