// The numbers the user sees: completions shown (visible >= 750 ms) and
// accepted, acceptance rate, share per route, latency percentiles per route,
// bytes per delivery state (delivered, not delivered, delivery unknown: see
// Delivery in src/vocabulary/types.ts), and an estimate of the large model's accelerator time saved
// against always escalating, and what the suggestions computed ahead of an
// accept brought and cost. Pure: events in, summary out.
import { percentile } from '../platform/percentile';
import type { PredictionOutcome } from '../vocabulary/types';

export type StatRoute = 'local' | 'escalated' | 'blocked' | 'failed';
export const STAT_ROUTES: StatRoute[] = ['local', 'escalated', 'blocked', 'failed'];

/** Where a request body is: the server answered, it never left, or it may have reached the server. */
type StatDelivery = 'delivered' | 'not-delivered' | 'unknown';

export type StatEvent =
  /**
   * `bytes`: the request body handed to the browser, in the state `delivery`.
   * Events stored before the states existed have no `delivery`: their `bytes`
   * reached or may have reached the server, and `notDelivered` never arrived.
   */
  | { k: 'result'; t: number; route: StatRoute; ms: number; bytes: number; delivery?: StatDelivery; notDelivered?: number }
  | { k: 'shown'; t: number; route: StatRoute }
  | { k: 'accepted'; t: number; route: StatRoute; partial: boolean }
  /** One suggestion computed ahead of an accept (src/completion/common/accept-prediction.ts), once its outcome is known. */
  | ({ k: 'prediction'; t: number } & PredictionOutcome);

/** Assumed large-model time per request when no escalation has been timed yet. */
const DEFAULT_LARGE_MODEL_MS = 300;

interface StatsSummary {
  results: number;
  shown: number;
  accepted: number;
  /** accepted / shown, 0..1; undefined when nothing was shown. */
  acceptanceRate?: number;
  share: Record<StatRoute, number>;
  latency: Record<StatRoute, { n: number; p50?: number; p95?: number }>;
  /** Bytes of requests the server answered. */
  bytesDelivered: number;
  /** Bytes known never to have left (the CSP, a refused connection, cancelled before fetch()). */
  bytesNotDelivered: number;
  /** Bytes of requests that failed after they may have started: they may have reached the server. */
  bytesUnknown: number;
  /** Requests kept local because they were good enough (not blocked, not failed), and the time per request assumed for the large model. */
  saved: { requests: number; perRequestMs: number; basis: 'measured' | 'assumed'; totalMs: number };
  /**
   * Suggestions computed ahead of an accept: how many ended, how many were
   * served on accept, how many were thrown away (cancelled, or with nothing
   * to keep), and the compute those thrown away took.
   */
  predictions: { computed: number; served: number; discarded: number; discardedMs: number };
}

export function summarize(events: readonly StatEvent[]): StatsSummary {
  const lat: Record<StatRoute, number[]> = { local: [], escalated: [], blocked: [], failed: [] };
  const count: Record<StatRoute, number> = { local: 0, escalated: 0, blocked: 0, failed: 0 };
  let shown = 0;
  let accepted = 0;
  const predictions = { computed: 0, served: 0, discarded: 0, discardedMs: 0 };
  const bytes: Record<StatDelivery, number> = { delivered: 0, 'not-delivered': 0, unknown: 0 };
  for (const e of events) {
    if (e.k === 'result') {
      count[e.route]++;
      lat[e.route].push(e.ms);
      // An old event's failed request may have reached the server: unknown, never delivered by assumption.
      bytes[e.delivery ?? (e.route === 'failed' ? 'unknown' : 'delivered')] += e.bytes;
      bytes['not-delivered'] += e.delivery ? 0 : (e.notDelivered ?? 0);
    } else if (e.k === 'shown') shown++;
    else if (e.k === 'accepted') accepted++;
    else if (e.k === 'prediction') {
      predictions.computed++;
      if (e.outcome === 'served') predictions.served++;
      else {
        predictions.discarded++;
        predictions.discardedMs += e.ms;
      }
    }
  }
  const results = STAT_ROUTES.reduce((a, r) => a + count[r], 0);
  const share = Object.fromEntries(STAT_ROUTES.map((r) => [r, results ? count[r] / results : 0])) as Record<StatRoute, number>;
  const latency = Object.fromEntries(
    STAT_ROUTES.map((r) => {
      return [r, { n: lat[r].length, p50: percentile(lat[r], 50), p95: percentile(lat[r], 95) }];
    }),
  ) as StatsSummary['latency'];
  // Saved by the routing: what was kept local because it was good enough. A blocked request wanted the large model
  // (the policy, not the routing, kept it back) and a failed one got no answer: neither spared the large model work.
  const notSent = count.local;
  const measured = latency.escalated.p50;
  const perRequestMs = measured ?? DEFAULT_LARGE_MODEL_MS;
  return {
    results,
    shown,
    accepted,
    acceptanceRate: shown ? Math.min(1, accepted / shown) : undefined,
    share,
    latency,
    bytesDelivered: bytes.delivered,
    bytesNotDelivered: bytes['not-delivered'],
    bytesUnknown: bytes.unknown,
    saved: { requests: notSent, perRequestMs, basis: measured === undefined ? 'assumed' : 'measured', totalMs: notSent * perRequestMs },
    predictions,
  };
}

/** Keeps the newest `max` events (the persisted history is bounded). */
export function capEvents(events: StatEvent[], max = 5000): StatEvent[] {
  return events.length > max ? events.slice(events.length - max) : events;
}
