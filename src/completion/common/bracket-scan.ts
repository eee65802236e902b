// Resumable bracket check for early escalation's syntax certainty: "the
// partial completion closes a bracket with the wrong kind".
//
// The check runs after every generated token, and the text before the
// completion (up to the whole prompt window, thousands of tokens) does not
// change during a request. So the prefix is lexed once per request into a
// state (the shared lexer's, src/languages/lexer.ts, and the open
// brackets), and each step lexes only what the step added. The answer is
// the one a whole-text reading of the text so far gives
// (testing/completion/bracket-relex.ts, the oracle its tests compare
// against at every split point): what the end of the text leaves undecided
// (a Rust `'(` that the next character may make a character literal) is
// read as if the text ended there, and read again on the next step.
import { copyLexState, exactLexerFor, freshLexState, lex, type Lexer, type LexState } from '../../languages/lexer';
import type { LanguageId } from '../../vocabulary/types';

interface BracketMismatch {
  closer: string;
  opener: string;
}

/** The opener each closer wants. */
const OPENER_OF: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };

/** The lexer's state, the open brackets (innermost last), and the first unrepairable closer once found. Plain data. */
interface ScanState {
  lex: LexState;
  stack: string[];
  found?: BracketMismatch;
}

const freshState = (): ScanState => ({ lex: freshLexState(), stack: [] });
const copyState = (s: ScanState): ScanState => ({ lex: copyLexState(s.lex), stack: s.stack.slice(), found: s.found });

/**
 * Lexes `text` on from where `st` stands. Closers at offsets from
 * `reportFrom` on that close the wrong kind set `st.found`; earlier ones
 * (in the prefix) only pop, as the prefix may already hold such errors.
 */
function feed(lexer: Lexer, text: string, st: ScanState, final: boolean, reportFrom: number): void {
  lex(lexer, text, st.lex, final, {
    open(c) {
      if (!st.found) st.stack.push(c === '${' ? '{' : c);
    },
    close(c, at) {
      if (st.found) return;
      const top = st.stack.pop();
      // An unmatched closer with nothing open may close what a windowed prefix cut off: not certain.
      if (top && OPENER_OF[c] !== top && at >= reportFrom) st.found = { closer: c, opener: top };
    },
  });
}

/**
 * The bracket check of one request: made with the prefix the model sees,
 * then asked after every step with the whole completion so far.
 */
export class BracketScanner {
  /** State after the prefix; lexed on the first check (a request stopped early for confidence never needs it). */
  private base?: ScanState;
  /** State after `prefix + seen`, up to what its end leaves undecided. */
  private cur?: ScanState;
  private seen = '';

  private constructor(
    private readonly lexer: Lexer,
    private readonly prefix: string,
  ) {}

  /** Undefined where the lexer does not read the language, or reads it with guesses (lexer.ts, `exactLexerFor`). */
  static forPrefix(language: LanguageId, prefix: string): BracketScanner | undefined {
    const lexer = exactLexerFor(language);
    return lexer && new BracketScanner(lexer, prefix);
  }

  /**
   * The first closing bracket in `added` that cannot match the innermost open
   * bracket left by the prefix + what precedes it in `added`.
   */
  check(added: string): BracketMismatch | undefined {
    const from = this.prefix.length;
    if (!this.base) {
      this.base = freshState();
      feed(this.lexer, this.prefix, this.base, false, from);
    }
    // Decoded text normally only grows, but it may change at its end (a
    // multi-byte character completed by the next token): then start over
    // from the prefix state, which costs only the completion's length.
    if (!this.cur || !added.startsWith(this.seen)) {
      this.cur = copyState(this.base);
      this.seen = '';
    }
    const text = this.prefix + added;
    if (!this.cur.found) feed(this.lexer, text, this.cur, false, from);
    this.seen = added;
    if (this.cur.found || this.cur.lex.at === text.length) return this.cur.found;
    const atEnd = copyState(this.cur);
    feed(this.lexer, text, atEnd, true, from);
    return atEnd.found;
  }
}
