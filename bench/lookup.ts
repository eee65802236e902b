// `npm run bench lookup`: would prompt-lookup decoding (src/inference/prompt-lookup.ts) pay here?
//   (a) the cost of one forward pass that verifies d draft tokens against a
//       plain one-token step, on the 0.5B twin in Node (onnxruntime-node, CPU),
//       and of cutting the cache back after a refused draft;
//   (b) on the benchmark development sets, the share of ground-truth middle
//       tokens a prompt-lookup draft proposes correctly: walk each middle's
//       tokens as if the model wrote exactly them, at each pass draft from the
//       FIM prompt (prefix + suffix) and the middle so far, accept the longest
//       matching prefix plus one token;
//   (c) the projected decoding speed-up: middle tokens over the summed cost of
//       the passes, each pass costing (a)'s ratio for its draft length.
// The last line printed is the JSON of the results (docs/prompt-lookup.md).
//   npx tsx bench/index.ts lookup [--context N] [--reps N] [--limit N] [--no-verify]
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, dirname } from 'node:path';
import type { BenchSuite } from './index';
import type { FlagValues } from './flags';
import { loadBenchmarkFile, resolveBenchmarkPath } from '../eval/data/load';
import { buildFimPrompt } from '../src/vocabulary/fim';
import { truncateKv } from '../src/inference/prompt-cache';
import { DEFAULT_LOOKUP, lookupDraft, type LookupOptions } from '../src/inference/prompt-lookup';
import { median } from './stats';
import { DEFAULT_TWINS_DIR, ensureTwin } from '../scripts/fixture-models/twins';

const TWIN = 'qwen2.5-coder-0.5b';
const DTYPE = 'q8';
/** Draft lengths measured: a pass reads 1 + d tokens. */
const DRAFTS = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;
/** Largest drafts compared in the projection. */
const MAX_DRAFTS = [1, 2, 4, 8] as const;
const SETS = ['humaneval-single', 'humaneval-multi', 'safim-block', 'safim-control', 'safim-api'] as const;
/** The projection at or above which the setting is on by default. */
const DEFAULT_ON_AT = 1.3;

export interface PassCost {
  /** Forward-pass time of 1 + d tokens over the context, over that of 1 token, by d. */
  verify: number[];
  /** Cutting the cache back to the accepted tokens, over one token's pass. */
  trim: number;
}

export interface Walk {
  tokens: number;
  passes: number;
  accepted: number;
  drafted: number;
  cost: number;
}

/**
 * Prompt-lookup decoding of `middle` after `prompt`, the model taken to
 * write exactly `middle`: passes, accepted draft tokens, and the passes'
 * summed cost in one-token passes.
 */
export function walkMiddle(prompt: readonly number[], middle: readonly number[], lookup: LookupOptions, cost: PassCost): Walk {
  const ids = [...prompt];
  const w: Walk = { tokens: middle.length, passes: 0, accepted: 0, drafted: 0, cost: 0 };
  let i = 0;
  while (i < middle.length) {
    const draft = lookupDraft(ids, { ...lookup, maxDraft: Math.min(lookup.maxDraft, middle.length - i - 1) });
    let m = 0;
    while (m < draft.length && draft[m] === middle[i + m]) m++;
    const step = middle.slice(i, i + m + 1);
    ids.push(...step);
    i += step.length;
    w.passes++;
    w.accepted += m;
    w.drafted += draft.length;
    w.cost += cost.verify[draft.length] + (m < draft.length ? cost.trim : 0);
  }
  return w;
}

async function twinFolder(verify: boolean): Promise<string> {
  const folder = `${DEFAULT_TWINS_DIR}/twin-${TWIN}`;
  if (verify || !existsSync(`${folder}/tokenizer.json`)) return ensureTwin({ twin: TWIN, dtypes: verify ? [DTYPE] : [] });
  return folder;
}

/** (a): median forward time by draft length over a `context`-token cache, and the trim. */
async function measurePasses(
  folder: string,
  context: number,
  reps: number,
): Promise<{ ms: number[]; minMs: number[]; fit: { msPerPass: number; msPerToken: number }; trimMs: number; cost: PassCost }> {
  const { AutoModelForCausalLM, AutoTokenizer, DynamicCache, env, Tensor } = await import('@huggingface/transformers');
  env.allowLocalModels = true;
  env.allowRemoteModels = false;
  env.localModelPath = `${dirname(folder)}/`;
  const tok = await AutoTokenizer.from_pretrained(basename(folder));
  const lm = await AutoModelForCausalLM.from_pretrained(basename(folder), { device: 'cpu', dtype: DTYPE });
  // Real code as context, cut to `context` tokens.
  const tasks = await loadBenchmarkFile(resolveBenchmarkPath('safim-block'), { limit: 40 });
  const ids = Array.from(tok.encode(tasks.map((t) => t.prefix + t.groundTruth + t.suffix).join('\n'), { add_special_tokens: false })).slice(
    0,
    context + 16,
  );
  if (ids.length < context + 16) throw new Error(`only ${ids.length} tokens of context text`);
  const ones = (n: number) => new Tensor('int64', new BigInt64Array(n).fill(1n), [1, n]);
  const out = (await lm.forward({
    input_ids: new Tensor('int64', BigInt64Array.from(ids.slice(0, context), BigInt), [1, context]),
    attention_mask: ones(context),
  })) as Record<string, InstanceType<typeof Tensor>>;
  const present: Record<string, InstanceType<typeof Tensor>> = {};
  for (const [name, t] of Object.entries(out)) if (name.startsWith('present')) present[name.replace('present', 'past_key_values')] = t;
  const kv = new DynamicCache(present);
  const pass = async (n: number) => {
    const t0 = performance.now();
    await lm.forward({
      input_ids: new Tensor('int64', BigInt64Array.from(ids.slice(context, context + n), BigInt), [1, n]),
      attention_mask: ones(context + n),
      past_key_values: kv,
    });
    return performance.now() - t0;
  };
  await pass(1);
  await pass(DRAFTS.at(-1)! + 1);
  const times: number[][] = DRAFTS.map(() => []);
  // Interleaved, so load from other work on the machine falls on every length alike.
  for (let r = 0; r < reps; r++) for (const [k, d] of DRAFTS.entries()) times[k].push(await pass(1 + d));
  const ms = times.map((t) => median(t));
  const minMs = times.map((t) => Math.min(...t));
  // On a shared machine one length's median or fastest can land on a quiet or a busy moment: the cost
  // ratios come from a least-squares line through every sample (a pass's fixed part, a part per token read).
  const fit = lineThrough(DRAFTS.flatMap((d, k) => times[k].map((t) => [1 + d, t] as const)));
  // A refused draft leaves a cache of context + 1 + d positions to cut back: time the cut of one position per layer tensor.
  const trims: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    for (const t of Object.values(present)) await truncateKv(t, context - 1);
    trims.push(performance.now() - t0);
  }
  const trimMs = Math.min(...trims);
  await lm.dispose();
  const at = (n: number) => fit.msPerPass + fit.msPerToken * n;
  return { ms, minMs, fit, trimMs, cost: { verify: DRAFTS.map((d) => at(1 + d) / at(1)), trim: trimMs / at(1) } };
}

/** Least-squares y = a + b x. */
function lineThrough(points: readonly (readonly [number, number])[]): { msPerPass: number; msPerToken: number } {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const b = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return { msPerPass: my - b * mx, msPerToken: b };
}

/** A cost from the ratios of a previous run, for --no-verify (the walk alone). */
const UNIT_COST: PassCost = { verify: DRAFTS.map(() => 1), trim: 0 };

export const suite: BenchSuite = {
  name: 'lookup',
  description:
    'prompt-lookup decoding: cost of verifying d draft tokens in one pass (0.5B twin, Node CPU), share of middle tokens drafted correctly on the dev sets, projected speed-up',
  async run(flags) {
    const v = flags as FlagValues<'lookup'>;
    const int = (raw: string | undefined, dflt: number) => (raw === undefined ? dflt : Number(raw));
    const context = int(v.context, 1024);
    const reps = int(v.reps, 7);
    const limit = v.limit === undefined ? undefined : int(v.limit, 0);
    const verify = !v['no-verify'];
    const folder = await twinFolder(verify);

    const machine = { cpus: cpus().length, loadAverage1m: loadavg()[0] };
    let passes: Awaited<ReturnType<typeof measurePasses>> | undefined;
    if (verify) {
      passes = await measurePasses(folder, context, reps);
      console.log(
        `(a) one forward pass over a ${context}-token cache, ${TWIN} ${DTYPE}, Node CPU (${machine.cpus} cores, load ${machine.loadAverage1m.toFixed(1)})\n`,
      );
      console.log('| draft tokens d | tokens read | ms (fastest) | ms (median) | cost vs 1 token (fitted line) |');
      console.log('| --- | --- | --- | --- | --- |');
      DRAFTS.forEach((d, k) =>
        console.log(
          `| ${d} | ${d + 1} | ${passes!.minMs[k].toFixed(1)} | ${passes!.ms[k].toFixed(1)} | ${passes!.cost.verify[k].toFixed(2)}x |`,
        ),
      );
      console.log(`\nfitted: ${passes.fit.msPerPass.toFixed(1)} ms a pass + ${passes.fit.msPerToken.toFixed(1)} ms a token read`);
      console.log(
        `cutting the cache back after a refused draft: ${passes.trimMs.toFixed(1)} ms (${passes.cost.trim.toFixed(2)} of a one-token pass)\n`,
      );
    }
    const cost = passes?.cost ?? UNIT_COST;

    const { AutoTokenizer, env } = await import('@huggingface/transformers');
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
    env.localModelPath = `${dirname(folder)}/`;
    const tok = await AutoTokenizer.from_pretrained(basename(folder));
    const encode = (t: string, special: boolean) => Array.from(tok.encode(t, { add_special_tokens: special }));
    const eos = encode('<|endoftext|>', true);

    console.log(
      `(b, c) prompt-lookup drafts (n-grams ${DEFAULT_LOOKUP.maxNgram}..${DEFAULT_LOOKUP.minNgram}) on the dev sets, ${TWIN} tokenizer${verify ? '' : ' (--no-verify: speed-up in passes, not time)'}\n`,
    );
    console.log(
      `| set | tasks | middle tokens | ${MAX_DRAFTS.map((k) => `drafted correctly (d<=${k}) | speed-up (d<=${k})`).join(' | ')} |`,
    );
    console.log(`| --- | --- | --- | ${MAX_DRAFTS.map(() => '--- | ---').join(' | ')} |`);
    const sets: Record<string, { tasks: number; tokens: number; byMaxDraft: Record<number, Walk> }> = {};
    const total: Record<number, Walk> = {};
    let totalTokens = 0;
    let totalTasks = 0;
    for (const set of SETS) {
      const tasks = await loadBenchmarkFile(resolveBenchmarkPath(set), limit ? { limit } : {});
      const byMaxDraft: Record<number, Walk> = {};
      let tokens = 0;
      for (const t of tasks) {
        const prompt = encode(buildFimPrompt('qwen2.5-coder', t.prefix, t.suffix), true);
        // The model's last pass writes the stop token: part of the walk.
        const middle = [...encode(t.groundTruth, false), ...eos];
        tokens += middle.length;
        for (const k of MAX_DRAFTS) {
          const w = walkMiddle(prompt, middle, { ...DEFAULT_LOOKUP, maxDraft: k }, cost);
          const s = (byMaxDraft[k] ??= { tokens: 0, passes: 0, accepted: 0, drafted: 0, cost: 0 });
          const a = (total[k] ??= { tokens: 0, passes: 0, accepted: 0, drafted: 0, cost: 0 });
          for (const f of ['tokens', 'passes', 'accepted', 'drafted', 'cost'] as const) {
            s[f] += w[f];
            a[f] += w[f];
          }
        }
      }
      sets[set] = { tasks: tasks.length, tokens, byMaxDraft };
      totalTokens += tokens;
      totalTasks += tasks.length;
      console.log(
        `| ${set} | ${tasks.length} | ${tokens} | ${MAX_DRAFTS.map((k) => `${pct(byMaxDraft[k])} | ${speedUp(byMaxDraft[k])}`).join(' | ')} |`,
      );
    }
    console.log(
      `| all | ${totalTasks} | ${totalTokens} | ${MAX_DRAFTS.map((k) => `${pct(total[k])} | ${speedUp(total[k])}`).join(' | ')} |`,
    );

    // Each set counts alike: HumanEval's multi-line spans hold most of the tokens and would decide alone.
    const bySet = (k: number) =>
      SETS.reduce((sum, set) => sum + sets[set].byMaxDraft[k].tokens / sets[set].byMaxDraft[k].cost, 0) / SETS.length;
    const best = MAX_DRAFTS.reduce((b, k) => (bySet(k) > bySet(b) ? k : b), MAX_DRAFTS[0]);
    const projected = bySet(DEFAULT_LOOKUP.maxDraft);
    const pooled = total[DEFAULT_LOOKUP.maxDraft].tokens / total[DEFAULT_LOOKUP.maxDraft].cost;
    const defaultOn = verify && projected >= DEFAULT_ON_AT;
    console.log(
      `\nprojected speed-up at the default largest draft (${DEFAULT_LOOKUP.maxDraft}), mean over the sets: ${projected.toFixed(2)}x (pooled tokens: ${pooled.toFixed(2)}x); best largest draft ${best} (${bySet(best).toFixed(2)}x)`,
    );
    console.log(
      `rule: on by default when the mean over the sets at the default draft is >= ${DEFAULT_ON_AT}x -> ${defaultOn ? 'on' : 'off'}`,
    );
    const results = {
      machine,
      twin: TWIN,
      dtype: DTYPE,
      context,
      reps,
      ...(passes && { passMs: passes.ms, passMinMs: passes.minMs, fit: passes.fit, trimMs: passes.trimMs }),
      cost,
      lookup: DEFAULT_LOOKUP,
      sets,
      total,
      projectedSpeedUp: projected,
      pooledSpeedUp: pooled,
      bestMaxDraft: best,
      defaultOnAt: DEFAULT_ON_AT,
      defaultOn,
    };
    console.log(JSON.stringify(results));
    return results;
  },
};

const pct = (w: Walk) => `${((100 * w.accepted) / w.tokens).toFixed(1)}%`;
const speedUp = (w: Walk) => `${(w.tokens / w.cost).toFixed(2)}x`;
