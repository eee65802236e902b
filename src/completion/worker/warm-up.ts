// After a model loads: one throw-away generation (the first run on WebGPU
// compiles its shaders, seconds that the first real completion would
// otherwise pay), then one measured generation that tells the model's speed
// on this device, from which the prompt budget and new-token limit are chosen
// (src/completion/common/budget.ts).
import { fimTemplate } from '../../vocabulary/fim';
import type { FimFamily, ModelSpeed } from '../../vocabulary/types';
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

interface WarmUp {
  speed: ModelSpeed;
  /** The throw-away run (shader compilation on WebGPU) and the measured one, ms. */
  warmMs: number;
  measureMs: number;
}

/**
 * A FIM prompt of about `tokens` tokens: `tag` on the first line, then lines
 * of `source` (repeated as needed). Runs with different tags share almost
 * nothing in the KV cache, so each one is measured from cold. Also the
 * latency bench's probe prompt (bench/latency/speed-probe.ts).
 */
export function measurementPrompt(model: LoadedModel, family: FimFamily | string, tokens: number, tag: string, source = SAMPLE): string {
  const lines = source.split('\n');
  let prefix = `# ${tag}\n`;
  // The template's own tokens and the one-line suffix: about 8.
  let left = tokens - model.countTokens(prefix) - 8;
  for (let i = 0; left > 0; i = (i + 1) % lines.length) {
    const line = `${lines[i]}\n`;
    prefix += line;
    left -= model.countTokens(line);
  }
  return fimTemplate(family).build(prefix, '\n');
}

export async function warmUp(model: LoadedModel, family: FimFamily | string, promptTokens = 160, newTokens = 8): Promise<WarmUp> {
  fimTemplate(family); // an unknown family fails before any run
  const run = (tag: string) =>
    model.generate(measurementPrompt(model, family, promptTokens, tag), { maxNewTokens: newTokens, stopTokens: [] });
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
