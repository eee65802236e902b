// Percentiles and timing helpers shared by the bench suites.

export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

export const median = (v: readonly number[]) => percentile(v, 50);

export function summarize(values: readonly number[]): { n: number; p50: number; p95: number; mean: number } {
  return { n: values.length, p50: percentile(values, 50), p95: percentile(values, 95), mean: values.reduce((a, b) => a + b, 0) / Math.max(1, values.length) };
}

export function fmtMs(ms: number): string {
  return ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;
}
