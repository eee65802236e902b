import { describe, expect, it } from 'vitest';
import { chooseBudgets, fixedBudgets, settleBudgets, SpeedTracker } from './budget';
import { DEFAULT_PREFIX_SHARE } from '../../prompt/context-window';

const limits = { targetMs: 1500, maxPromptTokens: 1536, maxNewTokens: 48, contextWindow: 32768, reuse: true };

describe('chooseBudgets', () => {
  it('keeps the configured limits without a measurement or a target', () => {
    expect(chooseBudgets(undefined, limits)).toEqual(fixedBudgets(limits));
    expect(chooseBudgets({ prefillMsPerToken: 50, decodeMsPerToken: 100 }, { ...limits, targetMs: 0 })).toEqual({
      promptBudget: 1536,
      maxNewTokens: 48,
    });
  });

  it('a fast device gets the configured maximum', () => {
    expect(chooseBudgets({ prefillMsPerToken: 0.2, decodeMsPerToken: 4 }, { ...limits, targetMs: 500 })).toEqual({
      promptBudget: 1536,
      maxNewTokens: 48,
    });
  });

  it('a slow device gets a smaller window and fewer tokens, and meets the target on a request after a keystroke', () => {
    const speed = { prefillMsPerToken: 4, decodeMsPerToken: 40 };
    const b = chooseBudgets(speed, limits);
    expect(b.maxNewTokens).toBeLessThan(48);
    expect(b.promptBudget).toBeLessThan(1536);
    // The window moves in 128-token steps (docs/performance.md).
    expect(b.promptBudget % 128).toBe(0);
    // With reuse, a request computes the suffix's share plus what was typed.
    const computed = b.promptBudget * (1 - DEFAULT_PREFIX_SHARE) + 16;
    expect(computed * speed.prefillMsPerToken + b.maxNewTokens * speed.decodeMsPerToken).toBeLessThanOrEqual(limits.targetMs);
    // Without reuse the whole window is read each time: a smaller window for the same target.
    expect(chooseBudgets(speed, { ...limits, reuse: false }).promptBudget).toBeLessThan(b.promptBudget);
  });

  it('never goes below the floors (a very slow device still completes)', () => {
    const b = chooseBudgets({ prefillMsPerToken: 500, decodeMsPerToken: 2000 }, limits);
    expect(b.promptBudget).toBe(256);
    expect(b.maxNewTokens).toBe(16);
  });
});

describe('settleBudgets', () => {
  it('moves only on a clear difference, so the window (and the cache) stays put', () => {
    const cur = { promptBudget: 768, maxNewTokens: 32 };
    expect(settleBudgets(cur, { promptBudget: 896, maxNewTokens: 30 })).toEqual(cur);
    expect(settleBudgets(cur, { promptBudget: 1024, maxNewTokens: 48 })).toEqual({ promptBudget: 1024, maxNewTokens: 48 });
    expect(settleBudgets(undefined, cur)).toEqual(cur);
  });
});

describe('SpeedTracker', () => {
  it('averages completions in, ignoring parts too short to measure', () => {
    const t = new SpeedTracker(0.5);
    t.reset({ prefillMsPerToken: 2, decodeMsPerToken: 20 });
    t.observe({ promptTokens: 500, reusedTokens: 400, prefillMs: 400, decodeMs: 400, newTokens: 11 });
    expect(t.speed).toEqual({ prefillMsPerToken: 3, decodeMsPerToken: 30 });
    // 10 computed tokens and 2 generated: too few to say anything.
    t.observe({ promptTokens: 500, reusedTokens: 490, prefillMs: 900, decodeMs: 900, newTokens: 2 });
    expect(t.speed).toEqual({ prefillMsPerToken: 3, decodeMsPerToken: 30 });
  });
});
