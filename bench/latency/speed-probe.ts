// Time to first token and decoding speed at a given prompt length: one
// generation of one token (the prompt's computation) and one of `newTokens`
// (the rest is decoding). Runs in Node and in the browser bench worker.
import { type LoadedModel, measurementPrompt } from '../../src/completion';
import { median } from '../stats';

export interface SpeedSample {
  promptTokens: number;
  ttftMs: number;
  msPerToken: number;
  decodeTokPerS: number;
}

export interface ProbeOptions {
  /** Measured generations (after the warm-up); their median is the sample. */
  reps?: number;
  /** One generation first that is not counted (default on; off for a model measured already). */
  warmUp?: boolean;
  /** Part of every prompt's first line: a probe repeated with another tag reuses nothing of the last. */
  tag?: string;
}

export async function probeSpeed(
  model: LoadedModel,
  family: string,
  source: string,
  promptTokens: number,
  newTokens: number,
  options: ProbeOptions = {},
): Promise<SpeedSample> {
  const { reps = 2, warmUp = true, tag = '' } = options;
  const samples: SpeedSample[] = [];
  for (let r = warmUp ? 0 : 1; r <= reps; r++) {
    // A new first line each time: nothing is reused from the run before.
    const one = await model.generate(measurementPrompt(model, family, promptTokens, `ttft ${tag}${r}`, source), {
      maxNewTokens: 1,
      stopTokens: [],
    });
    const many = await model.generate(measurementPrompt(model, family, promptTokens, `decode ${tag}${r}`, source), {
      maxNewTokens: newTokens,
      stopTokens: [],
    });
    const s = many.stats!;
    const perToken = s.decodeMs / Math.max(1, s.newTokens - 1);
    if (r > 0)
      samples.push({
        promptTokens: one.stats!.promptTokens,
        ttftMs: one.stats!.prefillMs,
        msPerToken: perToken,
        decodeTokPerS: 1000 / perToken,
      });
  }
  return medianSample(samples);
}

/** Each measure's median over samples of one configuration. */
export function medianSample(samples: readonly SpeedSample[]): SpeedSample {
  const mid = (f: (s: SpeedSample) => number) => median(samples.map(f));
  return {
    promptTokens: mid((s) => s.promptTokens),
    ttftMs: mid((s) => s.ttftMs),
    msPerToken: mid((s) => s.msPerToken),
    decodeTokPerS: mid((s) => s.decodeTokPerS),
  };
}
