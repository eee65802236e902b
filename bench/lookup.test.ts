import { describe, expect, it } from 'vitest';
import { walkMiddle, type PassCost } from './lookup';
import { lineThrough } from './lookup/pass-cost';

const cost: PassCost = { verify: [1, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8], trim: 0.1 };
const lookup = { maxDraft: 8, maxNgram: 3, minNgram: 1 };

describe("walkMiddle (the projection's simulation)", () => {
  it("accepts a draft copied from the prompt, then the model's own next token, in one pass", () => {
    // "1" occurs in the prompt: after it, the draft 2 3 4 is right and 9 is the model's own.
    expect(walkMiddle([1, 2, 3, 4, 5], [1, 2, 3, 4, 9], lookup, cost)).toEqual({
      tokens: 5,
      passes: 2,
      accepted: 3,
      drafted: 3,
      cost: 1 + 1.3,
    });
  });

  it('pays the verification and the cut for a refused draft, and never drafts past the middle', () => {
    expect(walkMiddle([1, 2, 3, 4, 5], [1, 7, 8], lookup, cost)).toEqual({
      tokens: 3,
      passes: 3,
      accepted: 0,
      drafted: 1,
      cost: 1 + 1.1 + 0.1 + 1,
    });
  });
});

describe('lineThrough (the pass cost from every sample)', () => {
  it('finds the fixed part per pass and the part per token read', () => {
    const fit = lineThrough([
      [1, 105],
      [1, 95],
      [3, 115],
      [5, 140],
      [5, 120],
    ]);
    expect(fit.msPerToken).toBeCloseTo(7.5, 6);
    expect(fit.msPerPass).toBeCloseTo(92.5, 6);
  });
});
