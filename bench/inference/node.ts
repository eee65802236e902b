// The Node half: onnxruntime-node ('cpu') through the app's loader, the full
// pipeline with the real tree-sitter validator versus a bare generate().
import { fimTemplate, type RouterConfig } from '../../src/vocabulary';
import { runCompletion, type PipelinePorts } from '../../src/completion';
import { DEFAULT_CONFIG } from '../../src/config';
import { localModelPort, loadLocalModel } from '../../src/completion';
import { egressVerdict } from '../../src/privacy';
import { createNodeValidator } from '../../src/syntax';
import { summarize } from '../stats';
import { interleaved, windowed, type Prompts, type RuntimeResult } from './measure';
import { fimPromptTokens, type BenchOptions } from './workload';

/**
 * always-local: the router keeps every completion, so the pipeline never
 * escalates or stops generation early and does exactly the bare call's work
 * plus its own (FIM prompt, post-processing, validation, routing).
 */
const BENCH_ROUTER: RouterConfig = { ...DEFAULT_CONFIG.router, policy: 'always-local' };

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

export async function runNode(opts: BenchOptions, root: string, p: Prompts): Promise<RuntimeResult> {
  const before = process.memoryUsage();
  const t0 = performance.now();
  const model = await loadLocalModel({ model: opts.model, source: { kind: 'bundled', root }, device: 'cpu' });
  const loadMs = performance.now() - t0;
  const after = process.memoryUsage();

  const tpl = fimTemplate('qwen2.5-coder');
  const prompt = tpl.build(p.small.prefix, p.small.suffix);
  const gen = (text: string, maxNewTokens: number) => model.generate(text, { maxNewTokens, stopTokens: tpl.stopTokens });
  const validator = createNodeValidator();
  const ports: PipelinePorts = { local: localModelPort(model, 'qwen2.5-coder'), syntax: validator };
  const egress = egressVerdict({ privacy: DEFAULT_CONFIG.privacy, endpoint: null }, { file: 'main.py' });
  const pipeline = (ctx: typeof p.small) => runCompletion(ctx, BENCH_ROUTER, egress, ports, new AbortController().signal);

  const check = await gen(prompt, opts.maxNewTokens);
  if (check.tokens.length !== opts.maxNewTokens)
    throw new Error(`${opts.model} stopped after ${check.tokens.length} tokens: not a real-architecture fixture?`);

  const speed = await interleaved(opts.reps, { ttft: () => gen(prompt, 1), total: () => gen(prompt, opts.maxNewTokens) });
  const overhead = await interleaved(opts.reps, { bare: () => gen(prompt, opts.maxNewTokens), pipeline: () => pipeline(p.small) });
  // The big file pays for windowing on every request, as the app does.
  const files = await interleaved(opts.reps, {
    file50: () => pipeline(p.small),
    file5000: () => pipeline(windowed(p.big, opts.promptBudget)),
  });
  await model.dispose();

  const s = (v: number[]) => summarize(v);
  const ttft = s(speed.ttft);
  const total = s(speed.total);
  const [bare, pipe, f50, f5k] = [s(overhead.bare), s(overhead.pipeline), s(files.file50), s(files.file5000)];
  return {
    runtime: 'node',
    device: 'cpu (onnxruntime-node)',
    loadMs,
    promptTokens: fimPromptTokens(p.small),
    ttft,
    total,
    decodeTokPerS: (opts.maxNewTokens - 1) / ((total.p50 - ttft.p50) / 1000),
    bare,
    pipeline: pipe,
    overheadRatio: pipe.p50 / bare.p50,
    file50: f50,
    file5000: f5k,
    bigFileRatio: f5k.p50 / f50.p50,
    memory: {
      rssMB: mb(after.rss),
      rssDeltaMB: mb(after.rss - before.rss),
      heapUsedMB: mb(after.heapUsed),
      externalMB: mb(after.external),
      arrayBuffersMB: mb(after.arrayBuffers),
    },
    notes: [],
  };
}
