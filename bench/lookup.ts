// `npm run bench lookup`: would prompt-lookup decoding (src/completion/worker/prompt-lookup.ts) pay here?
//   (a) the cost of one forward pass that verifies d draft tokens against a
//       plain one-token step, on the 0.5B twin in Node (onnxruntime-node, CPU),
//       or with --chromium-only in Debian's Chromium on WASM (lookup/browser.ts),
//       and of cutting the cache back after a refused draft (lookup/pass-cost.ts);
//   (b) on the benchmark development sets, the share of ground-truth middle
//       tokens a prompt-lookup draft proposes correctly: walk each middle's
//       tokens as if the model wrote exactly them, at each pass draft from the
//       FIM prompt (prefix + suffix) and the middle so far, accept the longest
//       matching prefix plus one token;
//   (c) the projected decoding speed-up: middle tokens over the summed cost of
//       the passes, each pass costing (a)'s ratio for its draft length.
// The last line printed is the JSON of the results (docs/prompt-lookup.md);
// a --chromium-only run records them as its own section, `chromiumWasm`.
//   npx tsx bench/index.ts lookup [--context N] [--reps N] [--limit N] [--no-verify | --chromium-only]
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, dirname } from 'node:path';
import type { BenchSuite } from './suite';
import type { FlagValues } from './flags';
import { loadBenchmarkFile, resolveBenchmarkPath } from '../eval/data/load';
import { buildFimPrompt } from '../src/vocabulary';
import { DEFAULT_LOOKUP, lookupDraft, type LookupOptions } from '../src/completion';
import { DEFAULT_TWINS_DIR, ensureTwin } from '../testing/fixture-models/twins';
import { DRAFTS, PASS_TOKENS, type PassCost, type PassTimes } from './lookup/pass-cost';
import { progress } from './inference/browser';

export type { PassCost } from './lookup/pass-cost';

const TWIN = 'qwen2.5-coder-0.5b';
const DTYPE = 'q8';
/** Largest drafts compared in the projection. */
const MAX_DRAFTS = [1, 2, 4, 8] as const;
const SETS = ['humaneval-single', 'humaneval-multi', 'safim-block', 'safim-control', 'safim-api'] as const;
/** The projection at or above which the setting is on by default. */
const DEFAULT_ON_AT = 1.3;

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

/** Real code as context: the first `context` tokens of the SAFIM block tasks written out whole, and PASS_TOKENS more for the passes. */
async function contextIds(folder: string, context: number): Promise<number[]> {
  const { AutoTokenizer, env } = await import('@huggingface/transformers');
  env.allowLocalModels = true;
  env.allowRemoteModels = false;
  env.localModelPath = `${dirname(folder)}/`;
  const tok = await AutoTokenizer.from_pretrained(basename(folder));
  const tasks = await loadBenchmarkFile(resolveBenchmarkPath('safim-block'), { limit: 40 });
  const text = tasks.map((t) => t.prefix + t.groundTruth + t.suffix).join('\n');
  return Array.from(tok.encode(text, { add_special_tokens: false })).slice(0, context + PASS_TOKENS);
}

/** (a) in Node: onnxruntime-node on the CPU. */
async function nodePassCost(folder: string, ids: readonly number[], context: number, reps: number): Promise<PassTimes> {
  const { AutoModelForCausalLM, env } = await import('@huggingface/transformers');
  const { measurePassCost } = await import('./lookup/pass-cost');
  env.allowLocalModels = true;
  env.allowRemoteModels = false;
  env.localModelPath = `${dirname(folder)}/`;
  const lm = await AutoModelForCausalLM.from_pretrained(basename(folder), { device: 'cpu', dtype: DTYPE });
  try {
    return await measurePassCost(lm, ids, context, reps, (msg) => progress(`node: ${msg}`));
  } finally {
    await lm.dispose();
  }
}

/** A cost from the ratios of a previous run, for --no-verify (the walk alone). */
const UNIT_COST: PassCost = { verify: DRAFTS.map(() => 1), trim: 0 };

export const suite: BenchSuite = {
  name: 'lookup',
  description:
    'prompt-lookup decoding: cost of verifying d draft tokens in one pass (0.5B twin, Node CPU or, with --chromium-only, Chromium WASM), share of middle tokens drafted correctly on the dev sets, projected speed-up',
  async run(flags) {
    const v = flags as FlagValues<'lookup'>;
    const int = (raw: string | undefined, dflt: number) => (raw === undefined ? dflt : Number(raw));
    const context = int(v.context, 1024);
    const reps = int(v.reps, 7);
    const limit = v.limit === undefined ? undefined : int(v.limit, 0);
    const verify = !v['no-verify'];
    const chromium = v['chromium-only'] === true;
    if (chromium && !verify) throw new Error('--chromium-only measures the passes: it cannot go with --no-verify');
    const folder = await twinFolder(verify);

    const machine = { cpus: cpus().length, loadAverage1m: loadavg()[0] };
    const runtime = chromium ? 'Chromium WASM (onnxruntime-web)' : 'Node CPU (onnxruntime-node)';
    let passes: (PassTimes & { loadMs?: number; threads?: number; isolated?: boolean }) | undefined;
    if (verify) {
      const ids = await contextIds(folder, context);
      if (chromium) {
        const { chromiumPassCost } = await import('./lookup/browser');
        passes = await chromiumPassCost(folder, DTYPE, ids, context, reps);
      } else passes = await nodePassCost(folder, ids, context, reps);
      const threads = passes.threads === undefined ? '' : `, ${passes.threads} WASM thread(s)`;
      console.log(
        `(a) one forward pass over a ${context}-token cache, ${TWIN} ${DTYPE}, ${runtime}${threads} (${machine.cpus} cores, load ${machine.loadAverage1m.toFixed(1)})\n`,
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
      runtime,
      twin: TWIN,
      dtype: DTYPE,
      context,
      reps,
      ...(passes && { passMs: passes.ms, passMinMs: passes.minMs, fit: passes.fit, trimMs: passes.trimMs }),
      ...(passes?.threads !== undefined && { loadMs: passes.loadMs, threads: passes.threads, isolated: passes.isolated }),
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
    // A Chromium run is a section of its own: the Node run's figures stay beside it.
    return chromium ? { chromiumWasm: results } : results;
  },
};

const pct = (w: Walk) => `${((100 * w.accepted) / w.tokens).toFixed(1)}%`;
const speedUp = (w: Walk) => `${(w.tokens / w.cost).toFixed(2)}x`;
