// Per-token texts of a growing generation, one token at a time. The texts
// concatenate to the decoded text; a token that ends inside a multi-byte
// character gets '' and the character goes to the token that completes it
// (decoding it alone would give U+FFFD).
//
// The rule is the one the per-step check always saw (kept as the oracle in
// testing/early-stop-redecode.ts, which applied it by decoding every prefix
// at every step): token i gets what decode(ids[0..i]) adds to the text
// emitted so far, or '' when that prefix ends in U+FFFD (unless i is the last
// token) or no longer extends the emitted text. Only the last token's text
// depends on the sequence's length, so every earlier one is settled once and
// kept; each step decodes only through the PrefixDecoder.
import type { PrefixDecoder } from './prefix-decoder';

const REPLACEMENT = '\uFFFD';

export class TokenTexts {
  private readonly done: string[] = [];
  private lastText = '';
  /** The settled texts joined. */
  private emitted = '';
  /** decode() of every id so far, while the last token's text is not settled. */
  private prefix: string | undefined;
  /** Whether `prefix` starts with `emitted`. */
  private extends = false;
  /**
   * How many leading characters of `prefix` are known to equal `emitted`'s,
   * so that checking `prefix.startsWith(emitted)` compares only the rest: a
   * whole comparison every step would make the step's cost grow with the text.
   */
  private agree = 0;

  /**
   * @param healed Text the generation begins with that is not its own (the
   *   token taken back by healing, token-healing.ts): cut from the texts, so
   *   they concatenate to what the model added.
   */
  constructor(
    private readonly prefixes: PrefixDecoder,
    private readonly healed = '',
  ) {}

  push(id: number): void {
    if (this.prefix !== undefined) this.settle(this.prefix);
    const decoded = this.prefixes.push(id);
    // Until the healed text is complete (a token ending inside a character), nothing is the model's own yet.
    const prefix = decoded.startsWith(this.healed) ? decoded.slice(this.healed.length) : '';
    this.agree = Math.min(this.agree, Math.max(0, this.prefixes.kept - this.healed.length));
    this.prefix = prefix;
    this.extends = this.startsWithEmitted(prefix);
    this.lastText = this.extends ? prefix.slice(this.emitted.length) : '';
  }

  /** The texts of every token but the last: final, no later token changes them. */
  get settled(): readonly string[] {
    return this.done;
  }

  /** The last token's text: a trailing U+FFFD stays, as nothing may follow to complete it. */
  get last(): string {
    return this.lastText;
  }

  /** Every text joined. */
  get text(): string {
    return this.emitted + this.last;
  }

  /** One text per token pushed. */
  all(): string[] {
    return this.prefix === undefined ? [...this.done] : [...this.done, this.last];
  }

  private startsWithEmitted(prefix: string): boolean {
    const e = this.emitted;
    if (prefix.length < e.length) return false;
    if (this.agree < e.length && !prefix.startsWith(e.slice(this.agree), this.agree)) return false;
    this.agree = e.length;
    return true;
  }

  private settle(prefix: string): void {
    if (prefix.endsWith(REPLACEMENT) || !this.extends) {
      this.done.push('');
      return;
    }
    this.done.push(prefix.slice(this.emitted.length));
    this.emitted = prefix;
    this.agree = prefix.length;
  }
}
