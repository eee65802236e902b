// Time to first token and decoding speed at a given prompt length: one
// generation of one token (the prompt's computation) and one of `newTokens`
// (the rest is decoding). Runs in Node and in the browser bench worker.
import { fimTemplate } from '../../src/completion/fim';
import type { LoadedModel } from '../../src/inference/local-model';

export interface SpeedSample {
  promptTokens: number;
  ttftMs: number;
  msPerToken: number;
  decodeTokPerS: number;
}

/** A FIM prompt of about `tokens` tokens made of real code (`source`), a different one for each `tag`. */
export function promptOf(model: LoadedModel, family: string, source: string, tokens: number, tag: string): string {
  const lines = source.split('\n');
  let prefix = `// ${tag}\n`;
  let budget = tokens - model.countTokens(prefix) - 8;
  for (let i = 0; budget > 0; i = (i + 1) % lines.length) {
    const line = `${lines[i]}\n`;
    prefix += line;
    budget -= model.countTokens(line);
  }
  return fimTemplate(family).build(prefix, '\n');
}

export async function probeSpeed(model: LoadedModel, family: string, source: string, promptTokens: number, newTokens: number, reps = 2): Promise<SpeedSample> {
  const samples: SpeedSample[] = [];
  for (let r = 0; r <= reps; r++) {
    // A new first line each time: nothing is reused from the run before.
    const one = await model.generate(promptOf(model, family, source, promptTokens, `ttft ${r}`), { maxNewTokens: 1, stopTokens: [] });
    const many = await model.generate(promptOf(model, family, source, promptTokens, `decode ${r}`), { maxNewTokens: newTokens, stopTokens: [] });
    const s = many.stats!;
    const perToken = s.decodeMs / Math.max(1, s.newTokens - 1);
    if (r > 0) samples.push({ promptTokens: one.stats!.promptTokens, ttftMs: one.stats!.prefillMs, msPerToken: perToken, decodeTokPerS: 1000 / perToken });
  }
  const mid = (f: (s: SpeedSample) => number) => samples.map(f).sort((a, b) => a - b)[Math.floor(samples.length / 2)];
  return { promptTokens: mid((s) => s.promptTokens), ttftMs: mid((s) => s.ttftMs), msPerToken: mid((s) => s.msPerToken), decodeTokPerS: mid((s) => s.decodeTokPerS) };
}
