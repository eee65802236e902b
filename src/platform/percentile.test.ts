import { describe, expect, it } from 'vitest';
import { percentile } from './percentile';

describe('percentile', () => {
  it('is nearest-rank, on unsorted input, and undefined without values', () => {
    expect(percentile([], 50)).toBeUndefined();
    expect(percentile([4, 1, 3, 2], 50)).toBe(2);
    expect(percentile([3, 1, 2], 50)).toBe(2);
    expect(
      percentile(
        Array.from({ length: 100 }, (_, i) => 100 - i),
        95,
      ),
    ).toBe(95);
    expect(percentile([5, 9], 0)).toBe(5);
    expect(percentile([5, 9], 100)).toBe(9);
  });

  it('leaves its input in place', () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });
});
