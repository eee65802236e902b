// Nearest-rank percentiles: the one convention behind every p50 and p95 this
// project reports (the stats panel, the typing pace, the bench suites, the
// evaluation), so a figure from one is comparable with a figure from another.

/**
 * The smallest value with at least `p` percent of `values` at or below it
 * (so the median, p 50, of an even count is the lower middle value);
 * undefined when there are none.
 */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}
