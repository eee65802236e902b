// Resumable bracket lexer for early escalation's syntax certainty: "the
// partial completion closes a bracket with the wrong kind".
//
// The check runs after every generated token, and the text before the
// completion (up to the whole prompt window, thousands of tokens) does not
// change during a request. So the prefix is lexed once per request into a
// state (open brackets + whether we are in code, a comment or a string), and
// each step lexes only the characters the step added. It reads text exactly
// like a whole-text lexer would (src/completion/testing/bracket-relex.ts, the
// original, is the oracle its tests compare against at every split point).
import type { LanguageId } from '../vocabulary/types';

export interface BracketMismatch {
  closer: string;
  opener: string;
}

export interface Lexer {
  lineComment: string[];
  blockComment?: [string, string];
  /** String delimiters, longest first. */
  quotes: string[];
}

// Languages whose bracket structure a small lexer reads reliably. JavaScript
// and TypeScript are left out: a regex literal such as /[(]/ would fool it.
// No delimiter may contain a bracket: held-back text (see ScanState.held) is
// then never a bracket, so it can wait for the next characters.
export const LEXERS: Record<string, Lexer> = {
  python: { lineComment: ['#'], quotes: ['"""', "'''", '"', "'"] },
  java: { lineComment: ['//'], blockComment: ['/*', '*/'], quotes: ['"""', '"', "'"] },
  cpp: { lineComment: ['//'], blockComment: ['/*', '*/'], quotes: ['"', "'"] },
  csharp: { lineComment: ['//'], blockComment: ['/*', '*/'], quotes: ['"', "'"] },
  go: { lineComment: ['//'], blockComment: ['/*', '*/'], quotes: ['"', '`', "'"] },
  // Rust's ' starts lifetimes too; an unclosed "string" only makes us see less, never more.
  rust: { lineComment: ['//'], blockComment: ['/*', '*/'], quotes: ['"'] },
};

export const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const CLOSERS = new Set(Object.values(OPENERS));

/** A lexer with what the code-mode loop needs precomputed. */
interface Spec extends Lexer {
  /** Every delimiter that can start in code, in the order they are tried. */
  openers: string[];
  /** First characters of `openers`: any other character is plain code or a bracket. */
  starts: Set<string>;
  longest: number;
}

const SPECS = new Map<string, Spec>(Object.entries(LEXERS).map(([lang, lx]) => {
  const openers = [...lx.lineComment, ...(lx.blockComment ? [lx.blockComment[0]] : []), ...lx.quotes];
  return [lang, { ...lx, openers, starts: new Set(openers.map((d) => d[0])), longest: Math.max(...openers.map((d) => d.length)) }];
}));

type Mode = 'code' | 'line-comment' | 'block-comment' | 'string';

/** Where the lexer stands after the text fed so far. Plain data: a snapshot is a shallow copy plus the stack. */
interface ScanState {
  mode: Mode;
  /** The open string's delimiter, in mode 'string'. */
  quote: string;
  /** Open brackets, innermost last. */
  stack: string[];
  /**
   * Trailing characters whose meaning depends on the next ones, not yet lexed:
   * a '/' that may start '//' or '/*', a '"' or '""' that may start or end
   * '"""', a '*' that may end a block comment, a '\' that escapes what comes
   * next. At most two characters, never a bracket.
   */
  held: string;
  /** Absolute offset of held[0]: how many characters have been lexed. */
  at: number;
  /** The first unrepairable closer at or after `reportFrom`; lexing stops there. */
  found?: BracketMismatch;
}

const freshState = (): ScanState => ({ mode: 'code', quote: '', stack: [], held: '', at: 0 });
const copyState = (s: ScanState): ScanState => ({ ...s, stack: s.stack.slice() });

/** True when s[k..] is too short to tell whether `delim` starts there, but could. */
const mayStart = (s: string, k: number, delim: string) => s.length - k < delim.length && delim.startsWith(s.slice(k));

/**
 * Lexes `chunk` after what `st` has seen, updating `st` in place. Closers at
 * absolute offsets from `reportFrom` on that close the wrong kind set
 * `st.found`; earlier ones (in the prefix) only pop, as the prefix may
 * already hold such errors.
 */
function feed(spec: Spec, st: ScanState, chunk: string, reportFrom: number): void {
  const s = st.held + chunk;
  const n = s.length;
  let k = 0;
  // On return, s[k..] is held back for the next call.
  lex: while (k < n) {
    switch (st.mode) {
      case 'code': {
        for (; k < n; k++) {
          const c = s[k];
          if (spec.starts.has(c)) {
            if (n - k < spec.longest && spec.openers.some((d) => mayStart(s, k, d))) break lex;
            // The same order as the whole-text lexer: line comment, block comment, quotes.
            const lc = spec.lineComment.find((d) => s.startsWith(d, k));
            if (lc) {
              st.mode = 'line-comment';
              k += lc.length;
              continue lex;
            }
            if (spec.blockComment && s.startsWith(spec.blockComment[0], k)) {
              st.mode = 'block-comment';
              k += spec.blockComment[0].length;
              continue lex;
            }
            const q = spec.quotes.find((d) => s.startsWith(d, k));
            if (q) {
              st.mode = 'string';
              st.quote = q;
              k += q.length;
              continue lex;
            }
          }
          if (OPENERS[c]) st.stack.push(c);
          else if (CLOSERS.has(c)) {
            const top = st.stack.pop();
            // An unmatched closer with nothing open may close what a windowed prefix cut off: not certain.
            if (top && OPENERS[top] !== c && st.at + k >= reportFrom) {
              st.found = { closer: c, opener: top };
              k++;
              break lex;
            }
          }
        }
        break;
      }
      case 'line-comment': {
        const nl = s.indexOf('\n', k);
        if (nl < 0) k = n;
        else {
          k = nl + 1;
          st.mode = 'code';
        }
        break;
      }
      case 'block-comment': {
        const end = spec.blockComment![1];
        const at = s.indexOf(end, k);
        if (at >= 0) {
          k = at + end.length;
          st.mode = 'code';
          break;
        }
        // Hold back a tail that may be the start of the end marker ('*' of '*/').
        let keep = end.length - 1;
        while (keep > 0 && !(n - keep >= k && s.endsWith(end.slice(0, keep)))) keep--;
        k = n - keep;
        break lex;
      }
      case 'string': {
        const q = st.quote;
        for (; k < n; k++) {
          if (mayStart(s, k, q)) break lex;
          if (s.startsWith(q, k)) {
            k += q.length;
            st.mode = 'code';
            continue lex;
          }
          // A one-line quote cannot span lines (except Go's raw ` strings): resume at the newline.
          if (q.length === 1 && q !== '`' && s[k] === '\n') {
            st.mode = 'code';
            continue lex;
          }
          if (s[k] === '\\') {
            if (k + 1 >= n) break lex; // the escaped character is still to come
            k++;
          }
        }
        break;
      }
    }
  }
  st.at += k;
  st.held = s.slice(k);
}

/**
 * Where the end of `text` stands: in code, a comment or a string, for the
 * languages this lexer reads (undefined for the others). A delimiter still
 * being typed at the very end (a lone `"` that may become `"""`) counts
 * as not yet open.
 */
export function lexicalPlaceAfter(language: LanguageId, text: string): 'code' | 'comment' | 'string' | undefined {
  const spec = SPECS.get(language);
  if (!spec) return undefined;
  const st = freshState();
  feed(spec, st, text, text.length);
  return st.mode === 'code' ? 'code' : st.mode === 'string' ? 'string' : 'comment';
}

/**
 * The bracket check of one request: made with the prefix the model sees,
 * then asked after every step with the whole completion so far.
 */
export class BracketScanner {
  /** State after the prefix; lexed on the first check (a request stopped early for confidence never needs it). */
  private base?: ScanState;
  /** State after `prefix + seen`. */
  private cur?: ScanState;
  private seen = '';

  private constructor(private readonly spec: Spec, private readonly prefix: string) {}

  /** Undefined when the language is not one we lex. */
  static forPrefix(language: LanguageId, prefix: string): BracketScanner | undefined {
    const spec = SPECS.get(language);
    return spec && new BracketScanner(spec, prefix);
  }

  /**
   * The first closing bracket in `added` that cannot match the innermost open
   * bracket left by the prefix + what precedes it in `added`.
   */
  check(added: string): BracketMismatch | undefined {
    if (!this.base) {
      this.base = freshState();
      feed(this.spec, this.base, this.prefix, this.prefix.length);
    }
    // Decoded text normally only grows, but it may change at its end (a
    // multi-byte character completed by the next token): then start over
    // from the prefix state, which costs only the completion's length.
    if (!this.cur || !added.startsWith(this.seen)) {
      this.cur = copyState(this.base);
      this.seen = '';
    }
    if (!this.cur.found) feed(this.spec, this.cur, added.slice(this.seen.length), this.prefix.length);
    this.seen = added;
    return this.cur.found;
  }
}
