// `npm run bench latency`: what a completion costs at real model size, on the
// random-weight twins of the real models (testing/fixture-models):
// time to first token and decoding speed per runtime and prompt budget, and a
// typing replay (a real file retyped with human pauses, a request after each
// pause) with and without KV-cache reuse, side by side in one run.
//
//   npm run bench latency -- [--quick] [--twin qwen2.5-coder-0.5b] [--dtype q8]
//       [--models DIR --model NAME]   (any model folder instead of a twin)
//       [--requests N] [--budgets 256,512,1024,1536] [--no-node] [--no-browser] [--webgpu]
//       [--speed-only]   (time to first token and decoding speed only: no replay, no overhead run)
//       [--rounds N]     (turns of 1 and all threads in Chromium, alternating; 3 with --quick, else 1)
//       [--endurance N]  (only this: N requests on one loaded model, typing compressed, memory sampled; Node and/or Chromium WASM)
//       [--accept-only [--accepts N] [--read-ms MS]]  (only this: Tab to the next ghost text with and without the
//                        prediction made while a suggestion is read, and the compute of predictions thrown away)
//
// --quick: the 0.5B q8 twin on WASM in Chromium only (1 and 2 threads, and the
// replay), under 10 minutes here; its last line is one JSON object.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchFlags, FlagValues } from './flags';
import type { BenchSuite } from './suite';
import type { ReplayOptions } from '../testing/completion/typing-replay';
import type { ReplayRequest, ReplaySettings } from './latency/replay-driver';
import { medianSample, type SpeedSample } from './latency/speed-probe';
import { ENDURANCE_DEBOUNCE_MS, runEndurance, type EnduranceResult } from './latency/endurance';
import { sameOutputs, samePauses } from './latency/replay-driver';
import { progress } from './inference/browser';
import { percentile } from './stats';
import { DEFAULT_CONFIG } from '../src/config';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** A real file, pinned by the lockfile: the replay retypes a block of it. */
const SOURCE_FILE = join(REPO, 'node_modules', 'comlink', 'dist', 'esm', 'comlink.mjs');
const FAMILY = 'qwen2.5-coder';

interface Options {
  quick: boolean;
  modelsDir?: string;
  model?: string;
  twin: string;
  dtype: string;
  requests: number;
  /** Turns of 1 and all threads, measured alternately (`--rounds`; 3 with --quick, else 1). */
  rounds: number;
  budgets: number[];
  node: boolean;
  browser: boolean;
  webgpu: boolean;
  speedOnly: boolean;
  /** Requests of the endurance run (`--endurance`), which then runs alone. */
  endurance?: number;
  /** The ready-on-accept run alone (`--accept-only`): accepts measured, and how long a suggestion is read before Tab. */
  accept?: { accepts: number; readMs: number };
}

function options(flags: BenchFlags): Options {
  const v = flags as FlagValues<'latency'>;
  const quick = v.quick === true;
  return {
    quick,
    modelsDir: v.models,
    model: v.model,
    twin: v.twin || 'qwen2.5-coder-0.5b',
    dtype: v.dtype ?? 'q8',
    requests: Number(v.requests ?? (quick ? 8 : 12)),
    rounds: Math.max(1, Number(v.rounds ?? (quick ? 3 : 1))),
    budgets: (v.budgets ?? '256,512,1024,1536').split(',').map(Number),
    node: !quick && !v['no-node'],
    browser: !v['no-browser'],
    webgpu: !quick && v.webgpu === true,
    speedOnly: v['speed-only'] === true,
    endurance: v.endurance === undefined ? undefined : Math.max(1, Number(v.endurance)),
    ...(v['accept-only'] && {
      accept: { accepts: Math.max(1, Number(v.accepts ?? 6)), readMs: Math.max(0, Number(v['read-ms'] ?? 1500)) },
    }),
  };
}

/** The model folder: a twin made on demand into the cache (never at install or test time), or one named by flags. */
async function modelFolder(o: Options): Promise<{ root: string; name: string }> {
  if (o.modelsDir && o.model) return { root: resolve(o.modelsDir), name: o.model };
  const { ensureTwin, TWINS } = await import('../testing/fixture-models/twins');
  const { MODEL_DTYPES } = await import('../testing/fixture-models/qwen2-graph');
  if (!(o.twin in TWINS)) throw new Error(`--twin ${o.twin}: choose from ${Object.keys(TWINS).join(', ')}`);
  const dtype = MODEL_DTYPES.find((d) => d === o.dtype);
  if (!dtype) throw new Error(`--dtype ${o.dtype}: choose from ${MODEL_DTYPES.join(', ')}`);
  const dir = await ensureTwin({ twin: o.twin as keyof typeof TWINS, dtypes: [dtype], onProgress: (m: string) => progress(m) });
  return { root: dirname(dir), name: dir.slice(dirname(dir).length + 1) };
}

const p50 = (xs: number[]) => Math.round(percentile(xs, 50));
const p95 = (xs: number[]) => Math.round(percentile(xs, 95));

export type ReplaySummary = ReturnType<typeof replaySummary>;

/** One thread count's speed in Chromium: decoding, and per prompt budget the time to first token and per token. */
export interface ThreadSpeed {
  decode_tok_s: number;
  ttft_ms: Record<number, number>;
  ms_per_token: Record<number, number>;
  loadMs?: number;
  isolated?: boolean;
  rendererMB?: number;
}

function replaySummary(rs: ReplayRequest[]) {
  return {
    requests: rs.length,
    prompt_tokens_p50: p50(rs.map((r) => r.computedTokens)),
    request_tokens_p50: p50(rs.map((r) => r.requestTokens)),
    prompt_window_p50: p50(rs.map((r) => r.promptTokens)),
    ghost_ms_p50: p50(rs.map((r) => r.ghostMs)),
    ghost_ms_p95: p95(rs.map((r) => r.ghostMs)),
    // Where the ghost time goes: the model reading what is left of the prompt (to the first token), then writing.
    prefill_ms_p50: p50(rs.map((r) => r.prefillMs)),
    decode_ms_p50: p50(rs.map((r) => r.decodeMs)),
    // An answer later than the replay's next keystroke: the editor would have cancelled it.
    cancelled: rs.filter((r) => r.ghostMs > r.pauseMs).length,
  };
}

type AcceptRun = Awaited<ReturnType<typeof import('./latency/accept-driver').driveAcceptReplay>>;

export type AcceptSummary = ReturnType<typeof acceptSummary>;

/** Medians side by side: Tab to the next ghost text with and without the prediction; what thrown-away predictions cost. */
function acceptSummary(run: AcceptRun, readMs: number) {
  const { accepts, discarded, budgets } = run;
  return {
    accepts: accepts.length,
    read_ms: readMs,
    prompt_budget: budgets.promptBudget,
    max_new_tokens: budgets.maxNewTokens,
    accept_to_ghost_ms_p50: {
      without: p50(accepts.map((a) => a.withoutMs)),
      with: p50(accepts.map((a) => a.withMs)),
      target_with: 'at most 100',
    },
    accept_to_ghost_ms: { without: accepts.map((a) => Math.round(a.withoutMs)), with: accepts.map((a) => Math.round(a.withMs)) },
    prediction_ms_p50: p50(accepts.map((a) => a.predictionMs)),
    // Where a prediction's time goes: the prompt left to read after the shown suggestion's cache, then writing.
    prediction_prompt_tokens_p50: p50(accepts.map((a) => a.predictionComputedTokens)),
    prediction_prompt_tokens: accepts.map((a) => a.predictionComputedTokens),
    prediction_prefill_ms_p50: p50(accepts.map((a) => a.predictionPrefillMs)),
    prediction_decode_ms_p50: p50(accepts.map((a) => a.predictionDecodeMs)),
    prediction_same_as_request: `${accepts.filter((a) => a.same).length}/${accepts.length}`,
    discarded: {
      count: discarded.length,
      finished: discarded.filter((d) => d.finished).length,
      ms_total: Math.round(discarded.reduce((t, d) => t + d.ms, 0)),
      ms_p50: p50(discarded.map((d) => d.ms)),
    },
  };
}

/** The ready-on-accept run in Node and in Chromium WASM (all threads), as the flags ask. */
async function acceptRuns(
  o: Options,
  root: string,
  name: string,
  source: string,
  s: import('./latency/accept-driver').AcceptSettings,
  replay: ReplayOptions,
  cores: number,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  if (o.node) {
    progress('node cpu: ready-on-accept replay');
    const { nodeAcceptReplay } = await import('./latency/node');
    out.node = acceptSummary(await nodeAcceptReplay(root, name, o.dtype, source, replay, s), s.readMs);
  }
  if (o.browser) {
    const { openBrowser } = await import('./latency/browser');
    const b = await openBrowser(root, name, o.dtype);
    try {
      progress(`chromium wasm ${cores} threads: ready-on-accept replay`);
      await b.load({ device: 'wasm', threads: cores, reuse: true });
      out.chromiumWasm = acceptSummary(await b.acceptReplay(source, replay, s), s.readMs);
    } finally {
      await b.close();
    }
  }
  return out;
}

/** The endurance run (bench/latency/endurance.ts) in Node and in Chromium WASM (all threads), as the flags ask. */
async function enduranceRuns(
  o: Options,
  root: string,
  name: string,
  source: string,
  s: ReplaySettings,
  cores: number,
): Promise<Record<string, EnduranceResult>> {
  const total = o.endurance!;
  const fileLines = source.split('\n').length;
  const out: Record<string, EnduranceResult> = {};
  const say = (where: string) => (done: number) => progress(`${where} endurance: ${done} of ${total} requests`);
  if (o.node) {
    const { nodeEndurance } = await import('./latency/node');
    out.node = await nodeEndurance(root, name, o.dtype, source, s, total, fileLines, say('node'));
  }
  if (o.browser) {
    const { openBrowser } = await import('./latency/browser');
    const b = await openBrowser(root, name, o.dtype);
    try {
      await b.load({ device: 'wasm', threads: cores, reuse: true });
      // The renderer's resident memory, from /proc: the page, its worker, ONNX Runtime's WASM heap.
      out.chromiumWasm = await runEndurance(
        total,
        fileLines,
        (replay, maxRequests) => b.replay(source, replay, { ...s, maxRequests }),
        () => b.rendererMB() ?? Number.NaN,
        say('chromium wasm'),
      );
    } finally {
      await b.close();
    }
  }
  return out;
}

export const suite: BenchSuite = {
  name: 'latency',
  description:
    'time to first token, ms per token, memory per runtime and budget; typing replay with and without KV-cache reuse (model twins)',
  async run(flags) {
    const o = options(flags);
    const { root, name } = await modelFolder(o);
    const source = readFileSync(SOURCE_FILE, 'utf8');
    const replay: ReplayOptions = { seed: 11, fromLine: 220, lines: 30 };
    const budget = o.quick ? 512 : 1024;
    // The app's prompt layout unless told (the cursor's line opens the middle); `inPrefix`: the cursor at the prefix's end, for comparison.
    const settings = (readAhead: boolean, inPrefix = false): ReplaySettings => ({
      family: FAMILY,
      debounceMs: 250,
      promptBudget: budget,
      maxNewTokens: 16,
      readAhead,
      maxRequests: o.requests,
      cursorLineInMiddle: !inPrefix && (DEFAULT_CONFIG.model.cursorLineInMiddle ?? true),
    });
    const results: Record<string, unknown> = {
      machine: { cpus: cpus().length, loadAverage1m: loadavg()[0] },
      model: name,
      dtype: o.dtype,
      replay: { file: 'comlink.mjs', ...replay, promptBudget: budget },
    };
    const cores = Math.max(2, Math.min(4, cpus().length));
    if (o.accept) {
      const s = { ...settings(true), maxRequests: o.requests, accepts: o.accept.accepts, readMs: o.accept.readMs, appBudgets: true };
      results.accept = await acceptRuns(o, root, name, source, s, replay, cores);
      console.log(JSON.stringify(results, null, 2));
      return results;
    }
    if (o.endurance) {
      results.endurance = await enduranceRuns(o, root, name, source, { ...settings(true), debounceMs: ENDURANCE_DEBOUNCE_MS }, cores);
      console.log(JSON.stringify(results, null, 2));
      return results;
    }

    if (o.node) {
      const { nodeSpeeds } = await import('./latency/node');
      progress(`node cpu: speed at budgets ${o.budgets.join(', ')}`);
      results.node = await nodeSpeeds(root, name, o.dtype, FAMILY, source, o.budgets, 16);
    }
    if (o.node && !o.speedOnly) {
      const { nodeReplay, nodeOverhead } = await import('./latency/node');
      progress('node cpu: our pipeline vs a bare generate(), interleaved');
      const overhead = await nodeOverhead(root, name, o.dtype, source, budget, 16, 3);
      results.node = {
        ...(results.node as object),
        pipelineVsBare: { ...overhead, target: 'at most 1.05' },
        replay: await (async () => {
          progress('node cpu: typing replay without reuse');
          const without = await nodeReplay(root, name, o.dtype, source, replay, settings(false), false);
          progress('node cpu: typing replay with reuse, the cursor at the prefix end');
          const inPrefix = await nodeReplay(root, name, o.dtype, source, replay, settings(true, true), true);
          progress('node cpu: typing replay with reuse');
          const withReuse = await nodeReplay(root, name, o.dtype, source, replay, settings(true), true);
          const mem = withReuse.map((r) => r.memMB ?? 0);
          return {
            // Resident memory from the second request to the last: the cache is replaced, never accumulated.
            rssMB: { second: mem[1], last: mem.at(-1) },
            noreuse: replaySummary(without),
            reuse_cursor_in_prefix: replaySummary(inPrefix),
            reuse: replaySummary(withReuse),
            outputs_identical: sameOutputs(without, withReuse),
          };
        })(),
      };
    }

    let quick: Record<string, unknown> | undefined;
    if (o.browser) {
      const { openBrowser } = await import('./latency/browser');
      const b = await openBrowser(root, name, o.dtype);
      try {
        const threads: Record<string, ThreadSpeed> = {};
        const budgets = o.quick ? [256] : o.budgets;
        // Both thread counts loaded side by side (a worker each) and measured
        // in turns, round by round: the machine's speed drifts over minutes
        // (2 shared cores), and a drift between two blocks of measurements
        // moved the ratio by a fifth from run to run.
        const configs = [cores, 1];
        const slot = (t: number) => `threads-${t}`;
        const loads: Record<number, { ms: number; isolated: boolean; rendererMB?: number }> = {};
        for (const t of configs) {
          progress(`chromium wasm ${t} thread(s): loading`);
          const loaded = await b.load({ device: 'wasm', threads: t, reuse: true }, slot(t));
          loads[t] = { ms: loaded.ms, isolated: loaded.isolated, rendererMB: b.rendererMB() }; // the first: one model in the page
        }
        const samples: Record<number, SpeedSample[][]> = Object.fromEntries(configs.map((t) => [t, budgets.map(() => [])]));
        const pairs: number[] = [];
        for (const [i, pt] of budgets.entries()) {
          for (let round = 0; round < o.rounds; round++) {
            for (const t of [1, cores]) {
              progress(`chromium wasm ${t} thread(s): prompt ${pt}${o.rounds > 1 ? `, round ${round + 1} of ${o.rounds}` : ''}`);
              samples[t][i].push(
                await b.speed(FAMILY, source, pt, 16, slot(t), { reps: round === 0 ? 2 : 1, warmUp: round === 0, tag: `${round} ` }),
              );
            }
            if (i === 0) pairs.push(samples[cores][0][round].decodeTokPerS / samples[1][0][round].decodeTokPerS);
          }
        }
        for (const t of [1, cores]) {
          const perBudget = samples[t].map((s) => medianSample(s));
          threads[String(t)] = {
            decode_tok_s: Math.round(perBudget[0].decodeTokPerS * 100) / 100,
            ttft_ms: Object.fromEntries(perBudget.map((s, i) => [budgets[i], Math.round(s.ttftMs)])),
            ms_per_token: Object.fromEntries(perBudget.map((s, i) => [budgets[i], Math.round(s.msPerToken)])),
            ...(t === cores && { loadMs: Math.round(loads[t].ms), isolated: loads[t].isolated, rendererMB: loads[t].rendererMB }),
          } as ThreadSpeed;
        }
        // The ratio of each round's pair, besides the ratio of the medians.
        const pairedRatios = pairs.map((r) => Math.round(r * 100) / 100);
        for (const t of configs) await b.unload(slot(t));
        if (o.speedOnly) results.chromiumWasm = { model: name, device: 'wasm', threads, pairedRatios };
        else {
          progress(`chromium wasm ${cores} threads: typing replay without reuse`);
          await b.load({ device: 'wasm', threads: cores, reuse: false });
          const without = await b.replay(source, replay, settings(false));
          await b.load({ device: 'wasm', threads: cores, reuse: true });
          progress(`chromium wasm ${cores} threads: typing replay with reuse, the cursor at the prefix end`);
          const inPrefix = await b.replay(source, replay, settings(true, true));
          progress(`chromium wasm ${cores} threads: typing replay with reuse`);
          const withReuse = await b.replay(source, replay, settings(true));
          const summary = {
            noreuse: replaySummary(without),
            reuse_cursor_in_prefix: replaySummary(inPrefix),
            reuse: replaySummary(withReuse),
          };
          quick = {
            model: name,
            device: 'wasm',
            threads,
            pairedRatios,
            replay: summary,
            outputs_identical: sameOutputs(without, withReuse),
            identical_pauses: samePauses(without, withReuse),
          };
          results.chromiumWasm = quick;
        }
        if (o.webgpu) {
          progress('chromium webgpu (SwiftShader here: not representative of a GPU)');
          await b.load({ device: 'webgpu', threads: 1, reuse: true });
          const samples = [];
          for (const pt of o.budgets) samples.push(await b.speed(FAMILY, source, pt, 16));
          results.chromiumWebgpu = { note: 'SwiftShader (CPU) unless a GPU is present', samples };
        }
      } finally {
        await b.close();
      }
    }

    console.log(JSON.stringify(results, null, 2));
    if (quick) {
      const t = quick.threads as Record<string, { decode_tok_s: number }>;
      const r = quick.replay as Record<'noreuse' | 'reuse' | 'reuse_cursor_in_prefix', ReturnType<typeof replaySummary>>;
      console.log(
        `\nratios: reuse computes ${(r.noreuse.prompt_tokens_p50 / r.reuse.prompt_tokens_p50).toFixed(1)}x fewer prompt tokens (target >= 5), ` +
          `ghost text ${(r.noreuse.ghost_ms_p50 / r.reuse.ghost_ms_p50).toFixed(1)}x faster at p50 (target >= 3); ` +
          `${cores} threads decode ${(t[String(cores)].decode_tok_s / t['1'].decode_tok_s).toFixed(2)}x faster than 1 (target >= 1.6); ` +
          `the cursor's line in the middle: ${(r.reuse_cursor_in_prefix.ghost_ms_p50 / r.reuse.ghost_ms_p50).toFixed(2)}x faster ghost text than the cursor at the prefix end`,
      );
      // The last line: one JSON object, for scripts.
      console.log(
        JSON.stringify({
          model: quick.model,
          device: 'wasm',
          threads: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, { decode_tok_s: v.decode_tok_s }])),
          replay: {
            noreuse: { prompt_tokens_p50: r.noreuse.prompt_tokens_p50, ghost_ms_p50: r.noreuse.ghost_ms_p50 },
            reuse: { prompt_tokens_p50: r.reuse.prompt_tokens_p50, ghost_ms_p50: r.reuse.ghost_ms_p50 },
          },
          outputs_identical: quick.outputs_identical,
        }),
      );
    }
    return results;
  },
};
