// The latency bench in Node: onnxruntime-node ('cpu') through the app's loader.
import { loadLocalModel } from '../../src/completion';
import { typingReplay, type ReplayOptions } from '../../testing/completion/typing-replay';
import { driveReplay, type ReplayRequest, type ReplaySettings } from './replay-driver';
import { driveAcceptReplay, type AcceptSettings } from './accept-driver';
import { probeSpeed, type SpeedSample } from './speed-probe';
import { runEndurance, type EnduranceResult } from './endurance';
import { median } from '../stats';

const mb = (bytes: number) => Math.round(bytes / 1048576);

export async function nodeSpeeds(
  root: string,
  model: string,
  dtype: string,
  family: string,
  source: string,
  budgets: number[],
  newTokens: number,
): Promise<{ loadMs: number; rssMB: number; speeds: SpeedSample[] }> {
  const t0 = performance.now();
  const m = await loadLocalModel({ model, source: { kind: 'bundled', root }, device: 'cpu', dtype, reuseCache: true });
  const loadMs = performance.now() - t0;
  const speeds: SpeedSample[] = [];
  for (const b of budgets) speeds.push(await probeSpeed(m, family, source, b, newTokens));
  const rssMB = mb(process.memoryUsage().rss);
  await m.dispose();
  return { loadMs, rssMB, speeds };
}

export async function nodeReplay(
  root: string,
  model: string,
  dtype: string,
  source: string,
  replay: ReplayOptions,
  s: ReplaySettings,
  reuse: boolean,
): Promise<ReplayRequest[]> {
  const m = await loadLocalModel({ model, source: { kind: 'bundled', root }, device: 'cpu', dtype, reuseCache: reuse });
  try {
    return await driveReplay(m, typingReplay(source, replay), s, () => mb(process.memoryUsage().rss));
  } finally {
    await m.dispose();
  }
}

export async function nodeAcceptReplay(
  root: string,
  model: string,
  dtype: string,
  source: string,
  replay: ReplayOptions,
  s: AcceptSettings,
): ReturnType<typeof driveAcceptReplay> {
  const m = await loadLocalModel({ model, source: { kind: 'bundled', root }, device: 'cpu', dtype, reuseCache: true });
  try {
    return await driveAcceptReplay(m, typingReplay(source, replay), s);
  } finally {
    await m.dispose();
  }
}

/**
 * The endurance run (endurance.ts) on onnxruntime-node: resident memory
 * after each chunk, after a garbage collection where node runs with
 * --expose-gc (what V8 merely has not collected yet is not a leak).
 */
export async function nodeEndurance(
  root: string,
  model: string,
  dtype: string,
  source: string,
  s: ReplaySettings,
  total: number,
  fileLines: number,
  onProgress?: (done: number) => void,
): Promise<EnduranceResult> {
  const m = await loadLocalModel({ model, source: { kind: 'bundled', root }, device: 'cpu', dtype, reuseCache: true });
  const gc = (globalThis as { gc?: () => void }).gc;
  try {
    return await runEndurance(
      total,
      fileLines,
      (replay, maxRequests) => driveReplay(m, typingReplay(source, replay), { ...s, maxRequests }),
      () => {
        gc?.();
        return mb(process.memoryUsage().rss);
      },
      onProgress,
    );
  } finally {
    await m.dispose();
  }
}

/**
 * Our local path (windowing, FIM prompt, per-token probabilities, stop
 * tokens, reuse off) against a bare transformers.js generate() of the same
 * prompt on the same files, interleaved: the pipeline's own cost. At real
 * size seconds dwarf the noise, so the ratio says something.
 */
export async function nodeOverhead(
  root: string,
  model: string,
  dtype: string,
  source: string,
  budget: number,
  newTokens: number,
  reps: number,
): Promise<{ bareMs: number[]; pipelineMs: number[]; ratio: number; bareCpuMs: number[]; pipelineCpuMs: number[]; cpuRatio: number }> {
  const { AutoModelForCausalLM, AutoTokenizer } = await import('@huggingface/transformers');
  const { completeWithFim } = await import('../../src/completion');
  const { windowContext } = await import('../../src/prompt');
  const { fimTemplate } = await import('../../src/vocabulary');
  const { typingReplay, documentAt } = await import('../../testing/completion/typing-replay');
  const ours = await loadLocalModel({ model, source: { kind: 'bundled', root }, device: 'cpu', dtype, reuseCache: false });
  // The loader left transformers.js' env pointing at `root`: the bare model reads the same files.
  const tokenizer = await AutoTokenizer.from_pretrained(model);
  const bare = await AutoModelForCausalLM.from_pretrained(model, { device: 'cpu', dtype: dtype as never });
  const r = typingReplay(source, { seed: 3, fromLine: 220, lines: 4 });
  const doc = documentAt(r, r.steps.at(-1)!);
  const w = windowContext(doc.prefix, doc.suffix, { budget, countTokens: (t) => ours.countTokens(t) });
  const prompt = fimTemplate('qwen2.5-coder').build(w.prefix, w.suffix);
  // The random-weight twin never emits a stop token: both generate exactly newTokens.
  const fns = {
    bare: async () => {
      await bare.generate({ ...tokenizer(prompt), max_new_tokens: newTokens, do_sample: false });
    },
    pipeline: async () => {
      await completeWithFim(ours, 'qwen2.5-coder', { ...doc, maxNewTokens: newTokens, promptBudget: budget });
    },
  };
  // Wall time, and the process's CPU time (all of ONNX Runtime's threads): on
  // a shared machine the wall time mostly measures waiting for a core.
  const times: Record<string, number[]> = { bare: [], pipeline: [] };
  const cpu: Record<string, number[]> = { bare: [], pipeline: [] };
  for (const fn of Object.values(fns)) await fn(); // warm-up
  for (let i = 0; i < reps; i++) {
    for (const [k, fn] of Object.entries(fns)) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await fn();
      times[k].push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu[k].push((c.user + c.system) / 1000);
    }
  }
  await ours.dispose();
  await bare.dispose();
  const ratio = (xs: Record<string, number[]>) => Math.round((median(xs.pipeline) / median(xs.bare)) * 1000) / 1000;
  return {
    bareMs: times.bare.map(Math.round),
    pipelineMs: times.pipeline.map(Math.round),
    ratio: ratio(times),
    bareCpuMs: cpu.bare.map(Math.round),
    pipelineCpuMs: cpu.pipeline.map(Math.round),
    cpuRatio: ratio(cpu),
  };
}
