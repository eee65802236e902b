// Aggregating per-token probabilities into one confidence number.
import type { Aggregation, TokenProb } from './types';

export const AGGREGATIONS: readonly Aggregation[] = ['mean', 'min', 'geomean'];

/**
 * Confidence of a whole completion. An empty completion has no evidence of
 * confidence, so it scores 0 (the router then escalates rather than keeps it).
 */
export function aggregateConfidence(tokens: readonly Pick<TokenProb, 'prob'>[], how: Aggregation): number {
  if (tokens.length === 0) return 0;
  const probs = tokens.map((t) => t.prob);
  switch (how) {
    case 'mean':
      return probs.reduce((a, b) => a + b, 0) / probs.length;
    case 'min':
      return Math.min(...probs);
    case 'geomean': {
      // Sum of logs: a product of many small numbers underflows to 0.
      const logSum = probs.reduce((a, p) => a + Math.log(Math.max(p, Number.MIN_VALUE)), 0);
      return Math.exp(logSum / probs.length);
    }
    default: {
      const never: never = how;
      throw new Error(`Unknown confidence aggregation "${String(never)}" (use ${AGGREGATIONS.join(', ')})`);
    }
  }
}
