import { describe, expect, it } from 'vitest';
import { aggregateConfidence } from './confidence';

const t = (...p: number[]) => p.map((prob) => ({ prob }));

describe('aggregateConfidence', () => {
  it('computes mean, min and geometric mean', () => {
    expect(aggregateConfidence(t(0.9, 0.5, 0.1), 'mean')).toBeCloseTo(0.5);
    expect(aggregateConfidence(t(0.9, 0.5, 0.1), 'min')).toBeCloseTo(0.1);
    expect(aggregateConfidence(t(0.9, 0.5, 0.1), 'geomean')).toBeCloseTo(Math.cbrt(0.9 * 0.5 * 0.1));
  });
  it('does not underflow on long completions', () => {
    const long = t(...Array(2000).fill(0.5));
    expect(aggregateConfidence(long, 'geomean')).toBeCloseTo(0.5);
  });
  it('gives 0 for no tokens', () => {
    expect(aggregateConfidence([], 'mean')).toBe(0);
    expect(aggregateConfidence([], 'min')).toBe(0);
  });
  it('rejects an unknown aggregation', () => {
    expect(() => aggregateConfidence(t(1), 'median' as never)).toThrow(/Unknown confidence aggregation/);
  });
});
