// `npm run bench inference`: speed and memory of local inference on a
// real-architecture fixture (random weights, real Qwen2 layers), side by side
// in one run: onnxruntime-node in Node, WebGPU and WASM in Chromium.
//   npx tsx bench/index.ts inference [--model=NAME] [--tokens=N] [--reps=N] [--browser-reps=N] [--budget=N] [--no-browser]
// Make a bigger model first with e.g.
//   npm run fixtures -- --real-arch --layers 8 --hidden 512 --heads 8 --kv-heads 2
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_FIXTURES_DIR, writeRealArchModel } from '../testing/make-fixture-models';
import { DEFAULT_REAL_ARCH } from '../testing/fixture-models/real-arch';
import type { BenchFlags, FlagValues } from './flags';
import type { BenchSuite } from './suite';
import { attentionBytes, prompts, type RuntimeResult } from './inference/measure';
import { runNode } from './inference/node';
import { printTable } from './inference/report';
import type { BenchOptions } from './inference/workload';

function options(flags: BenchFlags): BenchOptions {
  const v = flags as FlagValues<'inference'>;
  const int = (name: 'tokens' | 'reps' | 'browser-reps' | 'budget', dflt: number) => {
    const raw = v[name];
    if (raw === undefined) return dflt;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a positive integer, got "${raw}"`);
    return n;
  };
  return {
    model: v.model ?? DEFAULT_REAL_ARCH.name,
    maxNewTokens: int('tokens', 32),
    reps: int('reps', 10),
    // SwiftShader WebGPU is slow (seconds per completion): fewer browser repetitions by default.
    browserReps: int('browser-reps', 3),
    // 512 byte tokens (~2 KB of code with a real tokenizer's 4 bytes a token); the app's
    // default of 1536 takes minutes per WebGPU call on SwiftShader. --budget=1536 to compare.
    promptBudget: int('budget', 512),
    browser: !v['no-browser'],
  };
}

export const suite: BenchSuite = {
  name: 'inference',
  description:
    'time to first token, tokens/s, pipeline overhead vs bare generate(), main-thread long tasks, memory; real-architecture fixture',
  async run(flags) {
    const opts = options(flags);
    const root = DEFAULT_FIXTURES_DIR;
    if (!existsSync(join(root, opts.model, 'onnx', 'model.onnx'))) {
      if (opts.model !== DEFAULT_REAL_ARCH.name)
        throw new Error(`no model ${opts.model} in ${root}: make it with npm run fixtures -- --real-arch ...`);
      await writeRealArchModel(root);
    }
    const p = prompts(opts.maxNewTokens, opts.promptBudget);
    const results: RuntimeResult[] = [await runNode(opts, root, p)];
    if (opts.browser) {
      const { runBrowser } = await import('./inference/browser');
      results.push(...(await runBrowser(opts, p)));
    }
    const context = {
      // Other work on the machine shows up in every figure: say how busy it was.
      machine: { cpus: cpus().length, loadAverage1m: loadavg()[0] },
      model: opts.model,
      maxNewTokens: opts.maxNewTokens,
      reps: opts.reps,
      promptBudget: opts.promptBudget,
      bigFile: {
        rawTokens: p.rawBigTokens,
        windowedTokens: p.bigWindowed.prefix.length + p.bigWindowed.suffix.length,
        windowMs: p.windowMs,
        // Not run: a byte-level prompt this long would not fit in memory, which is why windowing exists.
        rawAttentionGB: attentionBytes(p.rawBigTokens, DEFAULT_REAL_ARCH.heads) / 1e9,
      },
    };
    printTable(context, results);
    return { ...context, results };
  },
};
