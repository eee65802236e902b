// The original early-stop criteria of local-model.ts and its per-token texts,
// kept verbatim (only renamed, the decode passed in) as an independent
// reference: the oracle that early-stop-criteria.test.ts and
// token-texts.test.ts compare the incremental path against, and the "before"
// baseline of the early-escalation bench. On every step it decodes every
// prefix of the generated ids, so a step costs O(n²) in the n tokens so far.
// The app never imports it.
import { StoppingCriteria } from '@huggingface/transformers';
import type { EarlyStopCheck, ProbRecorder, DecodeIds } from '../../src/completion';

/**
 * Per-token texts that concatenate to the decoded text: a token that ends
 * inside a multi-byte character gets '' and the character goes to the token
 * that completes it (decoding it alone would give U+FFFD).
 */
export function redecodeTokenTexts(decode: DecodeIds, ids: number[]): string[] {
  const texts: string[] = [];
  let emitted = '';
  for (let i = 0; i < ids.length; i++) {
    const full = decode(ids.slice(0, i + 1));
    const incomplete = full.endsWith('\uFFFD') && i < ids.length - 1;
    if (incomplete || !full.startsWith(emitted)) {
      texts.push('');
      continue;
    }
    texts.push(full.slice(emitted.length));
    emitted = full;
  }
  return texts;
}

/**
 * Ends generation once the caller's `earlyStop` gives a reason. Runs after
 * each token is appended, so it settles that token's probability first (the
 * recorder would otherwise settle it at the next step).
 */
export class RedecodeEarlyStopCriteria extends StoppingCriteria {
  reason: string | undefined;
  constructor(
    private readonly check: EarlyStopCheck,
    private readonly recorder: ProbRecorder,
    private readonly promptLength: number,
    private readonly stopIds: readonly number[],
    private readonly texts: (ids: number[]) => string[],
  ) {
    super();
  }
  override _call(inputIds: (number | bigint)[][]): boolean[] {
    if (!this.reason) {
      const ids = inputIds[0].slice(this.promptLength).map(Number);
      const last = ids[ids.length - 1];
      if (ids.length && !this.stopIds.includes(last)) {
        this.recorder.resolve(last);
        const texts = this.texts(ids);
        const tokens = ids.map((id, i) => ({ id, text: texts[i], prob: this.recorder.probs[i] }));
        this.reason = this.check({ tokens, text: texts.join('') });
      }
    }
    return inputIds.map(() => this.reason !== undefined);
  }
}
