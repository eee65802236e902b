// Shared shapes and small helpers of the inference bench (Node and browser).
import { windowContext } from '../../src/prompt';
import { summarize } from '../stats';
import { byteTokens, completionPoint, pythonFile } from './workload';

export type Summary = ReturnType<typeof summarize>;

/** One runtime's figures; every time in ms. */
export interface RuntimeResult {
  runtime: string;
  device: string;
  loadMs: number;
  promptTokens: number;
  ttft: Summary;
  /** Time for maxNewTokens tokens. */
  total: Summary;
  /** (maxNewTokens - 1) / (p50 total - p50 ttft): decoding speed once the prompt is in the cache. */
  decodeTokPerS: number;
  bare: Summary;
  pipeline: Summary;
  /** p50(pipeline) / p50(bare): 1.05 is the 5% target. */
  overheadRatio: number;
  file50: Summary;
  file5000: Summary;
  /** p50(5,000 lines) / p50(50 lines). */
  bigFileRatio: number;
  memory: Record<string, number>;
  longestTaskMs?: number;
  longestFrameGapMs?: number;
  typing?: Summary;
  notes: string[];
}

export interface Prompts {
  small: ReturnType<typeof completionPoint>;
  big: ReturnType<typeof completionPoint>;
  /** The big file after windowing, and what windowing cost. */
  bigWindowed: ReturnType<typeof completionPoint>;
  windowMs: number;
  rawBigTokens: number;
}

/** Window a request's context to the prompt budget, as the app does before the model sees it. */
export function windowed<T extends { prefix: string; suffix: string }>(ctx: T, budget: number): T {
  const w = windowContext(ctx.prefix, ctx.suffix, { budget, countTokens: byteTokens });
  return { ...ctx, prefix: w.prefix, suffix: w.suffix };
}

export function prompts(maxNewTokens: number, budget: number): Prompts {
  const small = windowed(completionPoint(pythonFile(50), 'python', maxNewTokens), budget);
  const big = completionPoint(pythonFile(5000), 'python', maxNewTokens);
  const t0 = performance.now();
  const bigWindowed = windowed(big, budget);
  return { small, big, bigWindowed, windowMs: performance.now() - t0, rawBigTokens: byteTokens(big.prefix + big.suffix) };
}

/** Run `fns` round-robin `reps` times after one warm-up each, so drift hits all alike. */
export async function interleaved(reps: number, fns: Record<string, () => Promise<unknown>>): Promise<Record<string, number[]>> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(fns).map((k) => [k, []]));
  for (const fn of Object.values(fns)) await fn();
  for (let r = 0; r < reps; r++) {
    for (const [k, fn] of Object.entries(fns)) {
      const t0 = performance.now();
      await fn();
      times[k].push(performance.now() - t0);
    }
  }
  return times;
}

/** Attention scores alone for a prompt this long, all heads, fp32: why an unwindowed 5,000-line file is not run. */
export function attentionBytes(tokens: number, heads: number): number {
  return heads * tokens * tokens * 4;
}
