import { describe, expect, it } from 'vitest';
import { latencyBars, ms, pct, savedTitle, shareBars, shareLabel, type StatsSummary } from './stats-view';

const share = { local: 0.5, escalated: 0.25, blocked: 0.25, failed: 0 };

describe('stats panel figures', () => {
  it('percent and milliseconds are rounded; a missing figure is a dash', () => {
    expect(pct(0.666)).toBe('67%');
    expect(pct(undefined)).toBe('–');
    expect(ms(41.6)).toBe('42 ms');
    expect(ms(undefined)).toBe('–');
  });
  it('the share chart lays its bars end to end and names every route', () => {
    expect(shareBars(share)).toEqual([
      { route: 'local', x: 0, width: 50 },
      { route: 'escalated', x: 50, width: 25 },
      { route: 'blocked', x: 75, width: 25 },
      { route: 'failed', x: 100, width: 0 },
    ]);
    expect(shareLabel(share)).toBe('Share of completions: local 50%, escalated 25%, kept local (blocked) 25%, failed 0%');
  });
  it('the saved-time tooltip says whether the per-request time was measured or assumed', () => {
    const saved: StatsSummary['saved'] = { requests: 3, perRequestMs: 812.4, basis: 'measured', totalMs: 2437 };
    expect(savedTitle(saved)).toBe('3 requests not sent × 812 ms each (median of your escalations)');
    expect(savedTitle({ ...saved, basis: 'assumed' })).toMatch(/assumed: no escalation timed yet/);
  });
  it('latency bars are scaled to the slowest p95 of any route; none timed is an empty bar', () => {
    const latency: StatsSummary['latency'] = {
      local: { n: 2, p50: 50, p95: 100 },
      escalated: { n: 2, p50: 200, p95: 400 },
      blocked: { n: 0 },
      failed: { n: 0 },
    };
    expect(latencyBars(latency, 'local', 44)).toEqual({ p50: 5.5, p95: 11 });
    expect(latencyBars(latency, 'escalated', 44)).toEqual({ p50: 22, p95: 44 });
    expect(latencyBars(latency, 'blocked', 44)).toEqual({ p50: 0, p95: 0 });
  });
});
