// (a) of the lookup bench: how long one forward pass of 1 + d tokens takes
// over a cache of `context` tokens, for each draft length d, against a pass
// of one token; and how long cutting the cache back after a refused draft
// takes. Plain transformers.js, so Node (onnxruntime-node) and a Chromium
// worker (onnxruntime-web on WASM) run the same code.
import { DynamicCache, Tensor, type PreTrainedModel } from '@huggingface/transformers';
import { truncateKv } from '../../src/completion';
import { median } from '../stats';

/** Draft lengths measured: a pass reads 1 + d tokens. */
export const DRAFTS = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;

/** Tokens of text after the context that the passes read. */
export const PASS_TOKENS = DRAFTS.at(-1)! + 1;

export interface PassCost {
  /** Forward-pass time of 1 + d tokens over the context, over that of 1 token, by d. */
  verify: number[];
  /** Cutting the cache back to the accepted tokens, over one token's pass. */
  trim: number;
}

export interface PassTimes {
  /** Median and fastest ms by draft length (DRAFTS' order). */
  ms: number[];
  minMs: number[];
  /** The least-squares line through every sample: a fixed part per pass, a part per token read. */
  fit: { msPerPass: number; msPerToken: number };
  /** The fastest cut of the cache by one position. */
  trimMs: number;
  /** The cost ratios the projection uses, from the line. */
  cost: PassCost;
}

const ones = (n: number) => new Tensor('int64', new BigInt64Array(n).fill(1n), [1, n]);
const idsTensor = (ids: readonly number[]) => new Tensor('int64', BigInt64Array.from(ids, BigInt), [1, ids.length]);

/**
 * Times passes of 1 + d tokens over the cache of `ids`' first `context`
 * tokens (ids holds PASS_TOKENS more), `reps` times each, interleaved so that
 * load from other work on the machine falls on every length alike.
 */
export async function measurePassCost(
  lm: PreTrainedModel,
  ids: readonly number[],
  context: number,
  reps: number,
  progress: (msg: string) => void = () => {},
): Promise<PassTimes> {
  if (ids.length < context + PASS_TOKENS) throw new Error(`only ${ids.length} tokens of context text`);
  progress(`reading the ${context}-token context`);
  const out = (await lm.forward({ input_ids: idsTensor(ids.slice(0, context)), attention_mask: ones(context) })) as Record<string, Tensor>;
  const present: Record<string, Tensor> = {};
  for (const [name, t] of Object.entries(out)) if (name.startsWith('present')) present[name.replace('present', 'past_key_values')] = t;
  const kv = new DynamicCache(present);
  const pass = async (n: number) => {
    const t0 = performance.now();
    await lm.forward({ input_ids: idsTensor(ids.slice(context, context + n)), attention_mask: ones(context + n), past_key_values: kv });
    return performance.now() - t0;
  };
  await pass(1);
  await pass(PASS_TOKENS);
  const times: number[][] = DRAFTS.map(() => []);
  for (let r = 0; r < reps; r++) {
    progress(`repetition ${r + 1} of ${reps}`);
    for (const [k, d] of DRAFTS.entries()) times[k].push(await pass(1 + d));
  }
  // On a shared machine one length's median or fastest can land on a quiet or a busy moment: the cost
  // ratios come from a line through every sample.
  const fit = lineThrough(DRAFTS.flatMap((d, k) => times[k].map((t) => [1 + d, t] as const)));
  // A refused draft leaves a cache of context + 1 + d positions to cut back: time the cut of one position per layer tensor.
  const trims: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    for (const t of Object.values(present)) await truncateKv(t, context - 1);
    trims.push(performance.now() - t0);
  }
  const trimMs = Math.min(...trims);
  const at = (n: number) => fit.msPerPass + fit.msPerToken * n;
  return {
    ms: times.map((t) => median(t)),
    minMs: times.map((t) => Math.min(...t)),
    fit,
    trimMs,
    cost: { verify: DRAFTS.map((d) => at(1 + d) / at(1)), trim: trimMs / at(1) },
  };
}

/** Least-squares y = a + b x. */
export function lineThrough(points: readonly (readonly [number, number])[]): { msPerPass: number; msPerToken: number } {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const b = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return { msPerPass: my - b * mx, msPerToken: b };
}
