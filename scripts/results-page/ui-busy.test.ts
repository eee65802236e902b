// The busy run's section of the ui results sits beside the quiet run's, case by case.
import { describe, expect, it } from 'vitest';
import { busyTables } from './ui-busy';

const c = (frame_p95_ms: number, extra: object = {}) => ({
  frame_p50_ms: frame_p95_ms / 2,
  frame_p95_ms,
  longtask_count: 1,
  longtask_max_ms: 60,
  bursts: 5,
  ...extra,
});

describe('busyTables', () => {
  it('shows busy 0 and busy 1 side by side, with the on/off ratio of each and the busy run’s targets', () => {
    const results = {
      sizes: { '1k': { on: { python: c(22, { ghost_p50_ms: 300, ghost_shown: 5 }) }, off: { python: c(20) } } },
      busy_1: {
        sizes: { '1k': { on: { python: c(60, { ghost_p50_ms: 900, ghost_shown: 4 }) }, off: { python: c(40) } } },
        targets: [{ target: '1,000 lines: frame p95 on ≤ 1.25x off', measured: 'python 60 ms / 40 ms = 1.50x', met: false }],
        machine: { loadavgBefore: [3.2], loadavgAfter: [4.1] },
      },
    };
    const text = busyTables(results, { '1k': '1,000 lines' }).join('\n\n');
    expect(text).toContain('load average 3.2 before');
    expect(text).toContain('| 1,000 lines, python | on | 11 ms / 22 ms | 30 ms / 60 ms | 1.10x / 1.50x |');
    expect(text).toContain('300 ms (5/5) / 900 ms (4/5)');
    expect(text).toContain('| target, busy 1 | measured | met |');
    expect(text).toContain('| 1,000 lines: frame p95 on ≤ 1.25x off | python 60 ms / 40 ms = 1.50x | no |');
  });

  it('says nothing without a busy run', () => {
    expect(busyTables({ sizes: {} }, {})).toEqual([]);
  });
});
