// Every policy the app knows, over a grid of thresholds and the three
// aggregations, overall and per language.
import { AGGREGATIONS, type Aggregation } from '../../src/vocabulary';
import { evaluatePolicy, type PolicyMetrics } from './metrics';
import type { SimRow } from './rows';

export const DEFAULT_THRESHOLDS: readonly number[] = Array.from({ length: 21 }, (_, i) => Math.round(i * 5) / 100);

export interface SweepResult {
  /** always-local and always-escalate (threshold and aggregation do not matter). */
  baselines: PolicyMetrics[];
  /** confidence-only and syntax+confidence at each (aggregation, threshold). */
  grid: PolicyMetrics[];
}

/** The policies with a threshold, swept over the grid. */
export const GRID_POLICIES = ['confidence-only', 'syntax+confidence', 'syntax+confidence+semantic'] as const;

export function sweep(
  rows: readonly SimRow[],
  thresholds: readonly number[] = DEFAULT_THRESHOLDS,
  aggregations: readonly Aggregation[] = AGGREGATIONS,
): SweepResult {
  const baselines = (['always-local', 'always-escalate'] as const).map((policy) =>
    evaluatePolicy(rows, { policy, aggregation: 'mean', threshold: 0 }),
  );
  const grid: PolicyMetrics[] = [];
  for (const policy of GRID_POLICIES) {
    for (const aggregation of aggregations) {
      for (const threshold of thresholds) grid.push(evaluatePolicy(rows, { policy, aggregation, threshold }));
    }
  }
  return { baselines, grid };
}

export function languagesOf(rows: readonly SimRow[]): string[] {
  return [...new Set(rows.map((r) => r.language))].sort();
}

export function sweepByLanguage(
  rows: readonly SimRow[],
  thresholds?: readonly number[],
  aggregations?: readonly Aggregation[],
): Record<string, SweepResult> {
  const out: Record<string, SweepResult> = { overall: sweep(rows, thresholds, aggregations) };
  for (const lang of languagesOf(rows))
    out[lang] = sweep(
      rows.filter((r) => r.language === lang),
      thresholds,
      aggregations,
    );
  return out;
}
