import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatsStore } from './use-stats';

afterEach(() => {
  vi.useRealTimers();
});

describe('StatsStore', () => {
  it('holds each event at once but tells the panel of a burst of them once, in a task of its own after the keystroke', () => {
    vi.useFakeTimers();
    const stats = new StatsStore();
    stats.clear();
    const heard = vi.fn();
    stats.subscribe(heard);
    for (let t = 1; t <= 5; t++) stats.add({ k: 'shown', t, route: 'local' });
    // Read by the reports and the tests as it happens; the listeners have not run inside the calls that added.
    expect(stats.get().history).toHaveLength(5);
    expect(heard).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(heard).toHaveBeenCalledTimes(1);
    stats.add({ k: 'accepted', t: 6, route: 'local', partial: false });
    vi.advanceTimersByTime(1000);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('clears at once: the user asked', () => {
    vi.useFakeTimers();
    const stats = new StatsStore();
    stats.add({ k: 'shown', t: 1, route: 'local' });
    const heard = vi.fn();
    stats.subscribe(heard);
    stats.clear();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(stats.get().history).toEqual([]);
    // The add's pending refresh went with it.
    vi.advanceTimersByTime(1000);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
