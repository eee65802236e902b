// After a model loads: one throw-away generation (the first run on WebGPU
// compiles its shaders, seconds that the first real completion would
// otherwise pay), then one measured generation that tells the model's speed
// on this device, from which the prompt budget and new-token limit are chosen
// (src/completion/budget.ts).
import type { ModelSpeed } from '../completion/budget';
import { fimTemplate } from '../completion/fim';
import type { FimFamily } from '../completion/types';
import type { LoadedModel } from './local-model';

/** Ordinary code, so the measured prompt tokenizes like a real one. */
const SAMPLE = `def moving_average(values, window):
    """Mean of each run of \`window\` consecutive values."""
    if window <= 0:
        raise ValueError("window must be positive")
    total = sum(values[:window])
    out = [total / window]
    for i in range(window, len(values)):
        total += values[i] - values[i - window]
        out.append(total / window)
    return out

`;

export interface WarmUp {
  speed: ModelSpeed;
  /** The throw-away run (shader compilation on WebGPU) and the measured one, ms. */
  warmMs: number;
  measureMs: number;
}

export async function warmUp(model: LoadedModel, family: FimFamily | string, promptTokens = 160, newTokens = 8): Promise<WarmUp> {
  const tpl = fimTemplate(family);
  const body = (tag: string) => {
    let text = `# ${tag}\n`;
    while (model.countTokens(text) < promptTokens) text += SAMPLE;
    return text;
  };
  // Different first lines: the measured run shares almost nothing with the warm-up's cache.
  const run = (tag: string) => model.generate(tpl.build(body(tag), '\n'), { maxNewTokens: newTokens, stopTokens: [] });
  let t0 = performance.now();
  await run('warm-up');
  const warmMs = performance.now() - t0;
  t0 = performance.now();
  const out = await run('measure');
  const measureMs = performance.now() - t0;
  const s = out.stats;
  const computed = s ? Math.max(1, s.promptTokens - s.reusedTokens) : promptTokens;
  const decoded = s ? Math.max(1, s.newTokens - 1) : 1;
  return {
    speed: {
      prefillMsPerToken: (s?.prefillMs ?? measureMs) / computed,
      decodeMsPerToken: s && s.newTokens > 1 ? s.decodeMs / decoded : measureMs / Math.max(1, newTokens),
    },
    warmMs,
    measureMs,
  };
}
