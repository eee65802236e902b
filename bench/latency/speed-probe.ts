// Time to first token and decoding speed at a given prompt length: one
// generation of one token (the prompt's computation) and one of `newTokens`
// (the rest is decoding). Runs in Node and in the browser bench worker.
import type { LoadedModel } from '../../src/inference/local-model';
import { measurementPrompt } from '../../src/inference/warm-up';

export interface SpeedSample {
  promptTokens: number;
  ttftMs: number;
  msPerToken: number;
  decodeTokPerS: number;
}

export async function probeSpeed(model: LoadedModel, family: string, source: string, promptTokens: number, newTokens: number, reps = 2): Promise<SpeedSample> {
  const samples: SpeedSample[] = [];
  for (let r = 0; r <= reps; r++) {
    // A new first line each time: nothing is reused from the run before.
    const one = await model.generate(measurementPrompt(model, family, promptTokens, `ttft ${r}`, source), { maxNewTokens: 1, stopTokens: [] });
    const many = await model.generate(measurementPrompt(model, family, promptTokens, `decode ${r}`, source), { maxNewTokens: newTokens, stopTokens: [] });
    const s = many.stats!;
    const perToken = s.decodeMs / Math.max(1, s.newTokens - 1);
    if (r > 0) samples.push({ promptTokens: one.stats!.promptTokens, ttftMs: one.stats!.prefillMs, msPerToken: perToken, decodeTokPerS: 1000 / perToken });
  }
  const mid = (f: (s: SpeedSample) => number) => samples.map(f).sort((a, b) => a - b)[Math.floor(samples.length / 2)];
  return { promptTokens: mid((s) => s.promptTokens), ttftMs: mid((s) => s.ttftMs), msPerToken: mid((s) => s.msPerToken), decodeTokPerS: mid((s) => s.decodeTokPerS) };
}
