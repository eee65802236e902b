// The per-step hook of early escalation inside transformers.js's decoding
// loop: after each generated token, hand the caller's check the tokens and
// text so far, and end generation once it gives a reason.
//
// It runs on every step, so a step must not redo earlier steps' work: the
// token texts are kept from step to step (TokenTexts) and each step decodes
// only a short window (PrefixDecoder); what is left that grows with the
// tokens is copying the token list for the check. What the check
// receives is exactly what the original, which decoded every prefix on every
// step, gave it (testing/early-stop-redecode.ts; early-stop-criteria.test.ts).
import { StoppingCriteria } from '@huggingface/transformers';
import type { TokenProb } from '../../vocabulary/types';
import type { TokenTexts } from './token-texts';

export type EarlyStopCheck = (partial: { tokens: readonly TokenProb[]; text: string }) => string | undefined;

/** The probability of each generated token, settled one step late unless asked (local-model.ts's recorder). */
export interface ProbRecorder {
  readonly probs: readonly number[];
  /** Settles the pending probability with the id chosen from it. */
  resolve(chosenId: number): void;
}

/**
 * Ends generation once the caller's check gives a reason. Runs after each
 * token is appended, so it settles that token's probability first (the
 * recorder would otherwise settle it at the next step).
 */
export class EarlyStopCriteria extends StoppingCriteria {
  reason: string | undefined;
  /** Tokens whose text is settled, kept from step to step (the check gets a fresh array each step). */
  private readonly settled: TokenProb[] = [];
  /** How many generated ids `texts` has been given. */
  private pushed = 0;

  constructor(
    private readonly check: EarlyStopCheck,
    private readonly recorder: ProbRecorder,
    private readonly promptLength: number,
    private readonly stopIds: readonly number[],
    private readonly texts: TokenTexts,
  ) {
    super();
  }

  override _call(inputIds: (number | bigint)[][]): boolean[] {
    if (!this.reason) {
      const row = inputIds[0];
      const n = row.length - this.promptLength;
      const last = Number(row[row.length - 1]);
      if (n > 0 && !this.stopIds.includes(last)) {
        this.recorder.resolve(last);
        // transformers.js only appends to input_ids: the ids already pushed stay as they were.
        for (; this.pushed < n; this.pushed++) this.texts.push(Number(row[this.promptLength + this.pushed]));
        const texts = this.texts.settled;
        for (let i = this.settled.length; i < texts.length; i++) {
          this.settled.push({ id: Number(row[this.promptLength + i]), text: texts[i], prob: this.recorder.probs[i] });
        }
        const tokens = [...this.settled, { id: last, text: this.texts.last, prob: this.recorder.probs[n - 1] }];
        this.reason = this.check({ tokens, text: this.texts.text });
      }
    }
    return inputIds.map(() => this.reason !== undefined);
  }
}
