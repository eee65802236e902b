import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressWatchdog } from './progress-watchdog';

describe('ProgressWatchdog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const clock = () => Date.now();

  it('fires once a call has had no sign of life for the whole limit', () => {
    const w = new ProgressWatchdog(clock);
    const stalled = vi.fn();
    w.watch(30_000, stalled);
    vi.advanceTimersByTime(29_999);
    expect(stalled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(stalled).toHaveBeenCalledTimes(1);
  });

  it('never fires while the worker keeps telling of progress, however long the call takes', () => {
    const w = new ProgressWatchdog(clock);
    const stalled = vi.fn();
    const stop = w.watch(30_000, stalled);
    for (let s = 0; s < 300; s++) {
      vi.advanceTimersByTime(1000);
      w.alive();
    }
    expect(stalled).not.toHaveBeenCalled();
    stop();
  });

  it('fires the limit after the last sign of life when progress stops mid-call', () => {
    const w = new ProgressWatchdog(clock);
    const stalled = vi.fn();
    w.watch(10_000, stalled);
    vi.advanceTimersByTime(8000);
    w.alive();
    vi.advanceTimersByTime(9999);
    expect(stalled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(stalled).toHaveBeenCalledTimes(1);
  });

  it('a sign of life from before the call does not extend it', () => {
    const w = new ProgressWatchdog(clock);
    w.alive();
    vi.advanceTimersByTime(60_000);
    const stalled = vi.fn();
    w.watch(5000, stalled);
    vi.advanceTimersByTime(5000);
    expect(stalled).toHaveBeenCalledTimes(1);
  });

  it('stopping the watch cancels it', () => {
    const w = new ProgressWatchdog(clock);
    const stalled = vi.fn();
    w.watch(1000, stalled)();
    vi.advanceTimersByTime(10_000);
    expect(stalled).not.toHaveBeenCalled();
  });
});
