// Percentiles and timing helpers shared by the bench suites.

import { percentile as nearestRank } from '../src/platform';

/** The app's nearest-rank percentile; NaN without values, so a table cell shows that nothing was measured. */
export const percentile = (values: readonly number[], p: number): number => nearestRank(values, p) ?? Number.NaN;

export const median = (v: readonly number[]) => percentile(v, 50);

export function summarize(values: readonly number[]): { n: number; p50: number; p95: number; mean: number } {
  return {
    n: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    mean: values.reduce((a, b) => a + b, 0) / Math.max(1, values.length),
  };
}

export function fmtMs(ms: number): string {
  return ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;
}
