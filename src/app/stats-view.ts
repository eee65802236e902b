// How the Stats panel writes its figures and lays out its charts, kept apart from its markup so
// that rounding, the "no value" dash and the chart geometry are tested in Node.
import { STAT_ROUTES, type StatRoute, type summarize } from '../workspace/stats';

/** What `summarize` reports, as the panel reads it. */
export type StatsSummary = ReturnType<typeof summarize>;

export const ROUTE_COLOUR: Record<StatRoute, string> = { local: '#1e6b2e', escalated: '#8a4b00', blocked: '#0b57d0', failed: '#b3261e' };
export const ROUTE_NAME: Record<StatRoute, string> = {
  local: 'local',
  escalated: 'escalated',
  blocked: 'kept local (blocked)',
  failed: 'failed',
};

/** A share as a whole percent; a dash when nothing was counted. */
export const pct = (x: number | undefined) => (x === undefined ? '–' : `${Math.round(x * 100)}%`);
/** A duration in whole milliseconds; a dash when nothing was timed. */
export const ms = (x: number | undefined) => (x === undefined ? '–' : `${Math.round(x)} ms`);

/** The share chart's label for screen readers: every route's share in one sentence. */
export function shareLabel(share: StatsSummary['share']): string {
  return `Share of completions: ${STAT_ROUTES.map((r) => `${ROUTE_NAME[r]} ${pct(share[r])}`).join(', ')}`;
}

/** The share chart's bars, left to right, on a 100-unit-wide axis. */
export function shareBars(share: StatsSummary['share']): { route: StatRoute; x: number; width: number }[] {
  let x = 0;
  return STAT_ROUTES.map((route) => {
    const width = share[route] * 100;
    const bar = { route, x, width };
    x += width;
    return bar;
  });
}

/** Where the estimate of large-model time saved comes from, for its tooltip. */
export function savedTitle(saved: StatsSummary['saved']): string {
  const basis = saved.basis === 'measured' ? 'median of your escalations' : 'assumed: no escalation timed yet';
  return `${saved.requests} requests not sent × ${Math.round(saved.perRequestMs)} ms each (${basis})`;
}

/** The latency bars' widths (p50 and p95) of one route, scaled so that the slowest p95 of any route fills `width`. */
export function latencyBars(latency: StatsSummary['latency'], route: StatRoute, width: number): { p50: number; p95: number } {
  const slowest = Math.max(1, ...STAT_ROUTES.map((r) => latency[r].p95 ?? 0));
  const scale = (x: number | undefined) => ((x ?? 0) / slowest) * width;
  return { p50: scale(latency[route].p50), p95: scale(latency[route].p95) };
}
