import { describe, expect, it } from 'vitest';
import { capEvents, summarize, type StatEvent } from './stats';

describe('stats', () => {
  it('summarises shares, rate, latency per route, bytes and the saving', () => {
    const ev: StatEvent[] = [
      { k: 'result', t: 1, route: 'local', ms: 100, bytes: 0 },
      { k: 'result', t: 2, route: 'local', ms: 300, bytes: 0 },
      { k: 'result', t: 3, route: 'escalated', ms: 800, bytes: 500 },
      { k: 'result', t: 4, route: 'blocked', ms: 120, bytes: 0 },
      { k: 'shown', t: 5, route: 'local' },
      { k: 'shown', t: 6, route: 'escalated' },
      { k: 'accepted', t: 7, route: 'local', partial: false },
    ];
    const s = summarize(ev);
    expect(s.results).toBe(4);
    expect(s.share).toEqual({ local: 0.5, escalated: 0.25, blocked: 0.25, failed: 0 });
    expect(s.acceptanceRate).toBe(0.5);
    expect(s.latency.local).toEqual({ n: 2, p50: 100, p95: 300 });
    expect(s.bytesDelivered).toBe(500);
    // Only the two kept local saved the large model a request: the blocked one wanted it.
    expect(s.saved).toEqual({ requests: 2, perRequestMs: 800, basis: 'measured', totalMs: 1600 });
    expect(summarize([]).saved.basis).toBe('assumed');
    expect(capEvents(ev, 2)).toHaveLength(2);
  });
  it('a blocked completion saves no large-model time; a request with no answer (a timeout, a restarted worker) is a failure', () => {
    const s = summarize([
      { k: 'result', t: 1, route: 'blocked', ms: 120, bytes: 0 },
      { k: 'result', t: 2, route: 'failed', ms: 30_000, bytes: 0, delivery: 'not-delivered' },
    ]);
    expect(s.saved).toMatchObject({ requests: 0, totalMs: 0 });
    expect(s.share).toEqual({ local: 0, escalated: 0, blocked: 0.5, failed: 0.5 });
    expect(s.latency.failed).toEqual({ n: 1, p50: 30_000, p95: 30_000 });
    expect([s.bytesDelivered, s.bytesNotDelivered, s.bytesUnknown]).toEqual([0, 0, 0]);
  });
  it('counts bytes per delivery state', () => {
    const s = summarize([
      { k: 'result', t: 1, route: 'escalated', ms: 800, bytes: 500, delivery: 'delivered' },
      { k: 'result', t: 2, route: 'failed', ms: 30, bytes: 240, delivery: 'not-delivered' },
      { k: 'result', t: 3, route: 'failed', ms: 30, bytes: 70, delivery: 'unknown' },
      { k: 'result', t: 4, route: 'failed', ms: 30, bytes: 9, delivery: 'delivered' },
      { k: 'result', t: 5, route: 'local', ms: 30, bytes: 0 },
    ]);
    expect([s.bytesDelivered, s.bytesNotDelivered, s.bytesUnknown]).toEqual([509, 240, 70]);
  });
  it("reads events stored before the states: a failed request's bytes are unknown, notDelivered is not delivered", () => {
    const s = summarize([
      { k: 'result', t: 1, route: 'escalated', ms: 800, bytes: 500 },
      { k: 'result', t: 2, route: 'failed', ms: 30, bytes: 0, notDelivered: 240 },
      { k: 'result', t: 3, route: 'failed', ms: 30, bytes: 70 },
    ]);
    expect([s.bytesDelivered, s.bytesNotDelivered, s.bytesUnknown]).toEqual([500, 240, 70]);
  });
  it('counts predictions computed, served and thrown away, and the compute thrown away', () => {
    const s = summarize([
      { k: 'result', t: 1, route: 'local', ms: 400, bytes: 0 },
      { k: 'prediction', t: 2, outcome: 'served', ms: 380 },
      { k: 'prediction', t: 3, outcome: 'cancelled', ms: 120 },
      { k: 'prediction', t: 4, outcome: 'not-kept', ms: 410 },
      { k: 'shown', t: 5, route: 'local' },
      { k: 'prediction', t: 6, outcome: 'served', ms: 90 },
    ]);
    expect(s.predictions).toEqual({ computed: 4, served: 2, discarded: 2, discardedMs: 530 });
    // Predictions are not completions asked for: the other figures are untouched.
    expect([s.results, s.shown, s.accepted]).toEqual([1, 1, 0]);
    expect(summarize([]).predictions).toEqual({ computed: 0, served: 0, discarded: 0, discardedMs: 0 });
  });
});
