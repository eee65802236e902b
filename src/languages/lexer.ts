// The one lexer: comments, strings and brackets, for every language whose
// record has lexer rules (spec.ts, LexerRules). Not a tokenizer: it tells
// code from comments and strings, and reports brackets in code, the
// comments and strings left open, the line breaks between code, and where
// each comment, string and preprocessor line begins and ends. Its users put
// their own reading on top: the syntax check's rows broken on their own
// (src/syntax/unclosed-openers.ts), early escalation's bracket certainty
// and the "inside a comment or string" test (src/completion/common/bracket-scan.ts),
// the test corpus's deliberate corruptions (testing/syntax/lexed-text.ts).
//
// Resumable: its state is plain data, and a call reads on from where the
// last one stopped. A call that is not `final` stops before anything whose
// reading the next characters could change (a `/` that may open `//`, a
// `"` that may open `"""`, a C++ `R"x` still waiting for its `(`, a Rust
// `'a` that may be a character literal), so what it reported stays true
// however the text goes on; a `final` call reads the text as complete.

import type { LanguageId } from '../vocabulary/types';
import { languageSpec } from './registry';
import type { LexerRules } from './spec';

export interface Lexer {
  rules: LexerRules;
  lineComment: '#' | '//';
  /** Per character code below 128: whether code mode must look at it (a delimiter, a bracket, white space); any other character is plain code. */
  special: Uint8Array;
  /** The triple quote each quote may open, if the language has it. */
  triple: { '"'?: string; "'"?: string };
}

type LexMode = 'code' | 'line-comment' | 'directive' | 'block-comment' | 'string' | 'template';

/** Where the lexer stands: everything before `at` is read. Plain data, copied with `copyLexState`. */
export interface LexState {
  at: number;
  mode: LexMode;
  /** Where the open comment, string, template or directive starts (its opener). */
  from: number;
  /** Where the stretch being read began: `from`, except in a template, whose text resumes after each `${...}`. */
  spanFrom: number;
  /** Block comments: how deep (Rust's nest), and whether a flat one holds another `/*`. */
  depth: number;
  innerOpen: boolean;
  /** Strings: what closes this one, how it escapes, whether it may span lines. */
  close: string;
  escapes: 'backslash' | 'doubled' | 'none';
  multiLine: boolean;
  /** Templates only: per open `{` or `${`, -1 or the template's backtick offset (a `}` closing a `${` resumes its template). */
  braces: number[];
  /** End of the last code token (a string counts; comments do not), -1 before any. */
  lastTokenEnd: number;
}

/** A stretch of text that is not code (LexSink.span). */
interface LexSpan {
  mode: Exclude<LexMode, 'code'>;
  /** Its first character: a comment's opener, a string's opening quote (after a prefix such as C++'s `R` or C#'s `@`), the `#` of a directive. */
  from: number;
  /** Just past its last character. */
  to: number;
  /** The length of the delimiter that closed it, within [from, to); 0 where a line break, the end of the text or a template's `${` ended it. */
  closer: number;
  /** Whether it may run past a line break (block comments, directives with their continuations, templates, triple-quoted, raw and Rust strings). */
  multiLine: boolean;
}

/** What the lexer reports, in text order. Every method is optional. */
export interface LexSink {
  /** An opening bracket in code; `${` opens a template's code. */
  open?(c: '(' | '[' | '{' | '${', at: number): void;
  /** A closing bracket in code (a `}` may end a template's `${`). */
  close?(c: ')' | ']' | '}', at: number): void;
  /**
   * A comment or string left open: a block comment or multi-line string
   * that runs to the end (final reads only), a one-line string that runs
   * into its line break, a flat block comment closed only by a later
   * comment's end (it holds a `/*`), a Rust lifetime where a value must
   * come (`let c = 'abc;`: a character literal left open).
   */
  unclosed?(kind: 'comment' | 'string', at: number): void;
  /** A line break in code, with the end of the last code token before it. */
  newline?(at: number, lastTokenEnd: number): void;
  /**
   * A comment, string, template text or preprocessor line, once it ended
   * (or the text did, on a final read); everything outside the spans is
   * code. A template's text comes in pieces, its `${...}` being code.
   */
  span?(span: LexSpan): void;
}

const LEXERS = new Map<LanguageId, Lexer | undefined>();

/** The lexer of a language, or undefined when its record has no lexer rules. */
export function lexerFor(language: LanguageId): Lexer | undefined {
  if (!LEXERS.has(language)) {
    const spec = languageSpec(language);
    LEXERS.set(language, spec?.lexer ? prepare(spec.lexer, spec.lineComment) : undefined);
  }
  return LEXERS.get(language);
}

/**
 * The lexer of a language it reads without guessing, or undefined: where
 * a `/` may open a regular expression, the lexer guesses from what comes
 * before it, and a reading that acts on its own (stop decoding, offer no
 * suggestion) must not rest on a guess.
 */
export function exactLexerFor(language: LanguageId): Lexer | undefined {
  const lexer = lexerFor(language);
  return lexer && !lexer.rules.regexLiterals ? lexer : undefined;
}

function prepare(rules: LexerRules, lineComment: '#' | '//'): Lexer {
  const special = new Uint8Array(128);
  for (const c of ' \t\r\n()[]{}"\'/`#') special[c.charCodeAt(0)] = 1;
  const triple: Lexer['triple'] = {};
  for (const q of rules.tripleQuotes?.quotes ?? []) triple[q[0] as '"' | "'"] = q;
  return { rules, lineComment, special, triple };
}

export const freshLexState = (): LexState => ({
  at: 0,
  mode: 'code',
  from: 0,
  spanFrom: 0,
  depth: 0,
  innerOpen: false,
  close: '',
  escapes: 'none',
  multiLine: false,
  braces: [],
  lastTokenEnd: -1,
});

export const copyLexState = (s: LexState): LexState => ({ ...s, braces: s.braces.slice() });

/** A character that ends an expression in JavaScript: a `/` after it divides, anywhere else it opens a regular expression. */
const ENDS_OPERAND = /[\w$)\]}'"`]/;
const REGEX_AFTER_WORD = /(?:^|[^\w$.])(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/;
/** A Rust character literal: 'a', '\n', '\u{1F600}'. */
const RUST_CHAR = /^'(?:\\(?:u\{[0-9a-fA-F]{1,6}\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'/;
const NOOP = () => {};

/**
 * Reads `text` from `st.at` on, updating `st` and reporting to `sink`.
 * `text` is the whole text read so far (the lexer looks back at what came
 * before a quote or a slash); a later call gives it with more at its end.
 */
export function lex(lexer: Lexer, text: string, st: LexState, final: boolean, sink: LexSink = {}): void {
  const onOpen = sink.open ?? NOOP;
  const onClose = sink.close ?? NOOP;
  const unclosed = sink.unclosed ?? NOOP;
  const newline = sink.newline ?? NOOP;
  const onSpan = sink.span;
  /** Reports the stretch being read as ending at `to`, closed by `closer` characters. */
  const spanEnds = (to: number, closer: number): void => {
    if (!onSpan) return;
    const mode = st.mode as LexSpan['mode'];
    const multiLine = mode === 'string' ? st.multiLine : mode !== 'line-comment';
    onSpan({ mode, from: st.spanFrom, to, closer, multiLine });
  };
  const r = lexer.rules;
  const hashComments = lexer.lineComment === '#';
  const slashOpens = !hashComments || r.blockComments !== 'none' || r.regexLiterals;
  const nested = r.blockComments === 'nested';
  const templates = r.backquote === 'template';
  const special = lexer.special;
  const n = text.length;
  let i = st.at;

  /** Opens a string whose body starts at `body`. */
  const openString = (at: number, body: number, close: string, multiLine: boolean, escapes: LexState['escapes']): void => {
    st.mode = 'string';
    st.from = at;
    st.spanFrom = at;
    st.close = close;
    st.multiLine = multiLine;
    st.escapes = escapes;
    i = body;
  };

  read: while (i < n) {
    switch (st.mode) {
      case 'code': {
        while (i < n) {
          const code = text.charCodeAt(i);
          if (code < 128 && !special[code]) {
            i++;
            st.lastTokenEnd = i;
            continue;
          }
          const c = text[i];
          if (c === ' ' || c === '\n' || c === '\t' || c === '\r') {
            if (c === '\n') newline(i, st.lastTokenEnd);
            i++;
            continue;
          }
          const next = text[i + 1];
          if (c === '/' && next === undefined && slashOpens && !final) break read; // `//`, `/*` or a regular expression?
          if (c === '#' && r.hashComments && next === undefined && !final) break read; // a comment, or `#[`?
          if (hashComments ? c === '#' : (c === '/' && next === '/') || (c === '#' && r.hashComments && next !== '[')) {
            st.mode = 'line-comment';
            st.spanFrom = i;
            continue read;
          }
          // A preprocessor line (with its continuations): a macro's body may hold a lone bracket (`#define LP (`).
          if (r.preprocessor && c === '#' && /^[ \t]*$/.test(text.slice(text.lastIndexOf('\n', i - 1) + 1, i))) {
            st.mode = 'directive';
            st.spanFrom = i;
            continue read;
          }
          if (c === '/' && next === '*' && r.blockComments !== 'none') {
            st.mode = 'block-comment';
            st.from = i;
            st.spanFrom = i;
            st.depth = 1;
            st.innerOpen = false;
            i += 2;
            continue read;
          }
          if (c === '"' || c === "'") {
            const triple = lexer.triple[c];
            if (triple) {
              if (text.startsWith(triple, i)) {
                openString(i, i + 3, triple, true, r.tripleQuotes!.escapes ? 'backslash' : 'none');
                continue read;
              }
              if (!final && n - i < 3 && triple.startsWith(text.slice(i))) break read;
            }
            if (c === "'") {
              if (r.singleQuote === 'char-or-lifetime') {
                const ch = RUST_CHAR.exec(text.slice(i, i + 12));
                if (!ch && !final && n - i < 12) break read;
                // A lifetime where a value must come (after `=`, `(`, `[`) is a
                // character literal left open: `let c = 'abc;`. Lifetimes follow
                // `&`, `<`, `,`, `:`, `+`, labels are followed by `:`.
                if (!ch && /[=([]\s*$/.test(text.slice(Math.max(0, i - 16), i))) {
                  const ahead = text.slice(i, i + 64);
                  if (!final && n - i < 64 && /^'[A-Za-z_]\w*\s*$/.test(ahead)) break read;
                  if (/^'[A-Za-z_]\w*(?!\w|\s*:)/.test(ahead)) unclosed('string', i);
                }
                i += ch ? ch[0].length : 1;
                st.lastTokenEnd = i;
                continue;
              }
              if (r.singleQuote === 'string-or-digit-separator' && /(?:^|[^\w'])[0-9][\w']*$/.test(text.slice(Math.max(0, i - 24), i))) {
                i++; // a digit separator: 1'000'000
                st.lastTokenEnd = i;
                continue;
              }
              openString(i, i + 1, "'", r.multiLineStrings, 'backslash');
              continue read;
            }
            if (r.rawStrings === 'cpp' && /(?:^|[^\w])(?:u8|u|U|L)?R$/.test(text.slice(Math.max(0, i - 3), i))) {
              // R"delim(...)delim", the delimiter at most 16 characters, none of them a space, `\` or `)`.
              const head = text.slice(i + 1, i + 18);
              const open = head.indexOf('(');
              const delim = open < 0 ? head : head.slice(0, open);
              if (!/[\s\\)]/.test(delim)) {
                if (open >= 0) {
                  openString(i, i + 2 + open, `)${delim}"`, true, 'none');
                  continue read;
                }
                if (!final && i + 18 > n) break read;
              }
            }
            if (r.rawStrings === 'csharp-verbatim' && (text[i - 1] === '@' || (text[i - 1] === '$' && text[i - 2] === '@'))) {
              openString(i, i + 1, '"', true, 'doubled');
              continue read;
            }
            if (r.rawStrings === 'rust') {
              const raw = /(?:^|[^\w])b?r(#*)$/.exec(text.slice(Math.max(0, i - 20), i));
              if (raw) {
                openString(i, i + 1, `"${raw[1]}`, true, 'none');
                continue read;
              }
            }
            openString(i, i + 1, '"', r.multiLineStrings, 'backslash');
            continue read;
          }
          if (c === '`' && r.backquote) {
            if (r.backquote === 'raw') openString(i, i + 1, '`', true, 'none');
            else {
              st.mode = 'template';
              st.from = i;
              st.spanFrom = i;
              i++;
            }
            continue read;
          }
          if (c === '/' && r.regexLiterals && regexMayStart(text, i)) {
            const end = regexEnd(text, i);
            if (end > 0) {
              if (end === n && !final) break read; // more flags may follow
              i = end;
              st.lastTokenEnd = i;
              continue;
            }
            if (end === TEXT_ENDED && !final) break read;
          }
          if (c === '(' || c === '[' || c === '{') {
            onOpen(c, i);
            if (templates && c === '{') st.braces.push(-1);
          } else if (c === ')' || c === ']' || c === '}') {
            onClose(c, i);
            if (templates && c === '}' && st.braces.length) {
              const backtick = st.braces.pop()!;
              if (backtick >= 0) {
                // The `}` of a template's `${`: the template goes on.
                st.mode = 'template';
                st.from = backtick;
                st.spanFrom = i + 1;
                i++;
                continue read;
              }
            }
          }
          i++;
          st.lastTokenEnd = i;
        }
        break read;
      }
      case 'line-comment':
      case 'directive': {
        let eol = text.indexOf('\n', i);
        // A directive goes on past a line that ends in a backslash; a comment ends at its line.
        if (st.mode === 'directive')
          while (eol > 0 && (text[eol - 1] === '\\' || (text[eol - 1] === '\r' && text[eol - 2] === '\\')))
            eol = text.indexOf('\n', eol + 1);
        if (eol < 0) {
          i = n;
          break read;
        }
        i = eol;
        spanEnds(i, 0);
        st.mode = 'code';
        continue read;
      }
      case 'block-comment': {
        while (i < n) {
          const c = text[i];
          if (c === '*' || c === '/') {
            const next = text[i + 1];
            if (next === undefined) {
              if (!final) break read; // `*/` or `/*` still being typed?
            } else if (c === '*' && next === '/') {
              i += 2;
              if (--st.depth === 0) {
                // A flat comment that holds a `/*` was left open in front of code and closed by a later comment's `*/`.
                if (!nested && st.innerOpen) unclosed('comment', st.from);
                spanEnds(i, 2);
                st.mode = 'code';
                continue read;
              }
              continue;
            } else if (c === '/' && next === '*') {
              if (nested) {
                st.depth++;
                i += 2;
                continue;
              }
              st.innerOpen = true;
            }
          }
          i++;
        }
        break read;
      }
      case 'string': {
        const close = st.close;
        const close0 = close[0];
        while (i < n) {
          const c = text[i];
          if (c === '\\' && st.escapes === 'backslash') {
            if (i + 1 >= n && !final) break read;
            i += 2;
            continue;
          }
          if (c === close0) {
            if (text.startsWith(close, i)) {
              if (st.escapes === 'doubled') {
                if (text[i + 1] === '"') {
                  i += 2; // C# verbatim strings double their quote to escape it
                  continue;
                }
                if (i + 1 >= n && !final) break read;
              }
              i += close.length;
              spanEnds(i, close.length);
              st.mode = 'code';
              st.lastTokenEnd = i;
              continue read;
            }
            if (!final && n - i < close.length && close.startsWith(text.slice(i))) break read;
          }
          if (c === '\n' && !st.multiLine) {
            unclosed('string', st.from);
            spanEnds(i, 0);
            st.mode = 'code';
            st.lastTokenEnd = i;
            continue read;
          }
          i++;
        }
        break read;
      }
      case 'template': {
        while (i < n) {
          const c = text[i];
          if (c === '\\') {
            if (i + 1 >= n && !final) break read;
            i += 2;
            continue;
          }
          if (c === '`') {
            i++;
            spanEnds(i, 1);
            st.mode = 'code';
            st.lastTokenEnd = i;
            continue read;
          }
          if (c === '$') {
            if (text[i + 1] === '{') {
              spanEnds(i, 0);
              st.braces.push(st.from);
              onOpen('${', i);
              i += 2;
              st.mode = 'code';
              st.lastTokenEnd = i;
              continue read;
            }
            if (i + 1 >= n && !final) break read;
          }
          i++;
        }
        break read;
      }
    }
  }
  if (i >= n) {
    i = n;
    if (final) {
      if (st.mode === 'string' || st.mode === 'template') {
        unclosed('string', st.from);
        st.lastTokenEnd = n;
      } else if (st.mode === 'block-comment') unclosed('comment', st.from);
      if (st.mode !== 'code') spanEnds(n, 0);
    }
  }
  st.at = i;
}

/**
 * Where the end of `text` stands: in code, a comment or a string, for the
 * languages the lexer reads without guessing (undefined for the others). A
 * delimiter still being typed at the very end (a lone `"` that may become
 * `"""`) counts as not yet open; a preprocessor line is code.
 */
export function lexicalPlaceAfter(language: LanguageId, text: string): 'code' | 'comment' | 'string' | undefined {
  const lexer = exactLexerFor(language);
  if (!lexer) return undefined;
  const st = freshLexState();
  lex(lexer, text, st, false);
  switch (st.mode) {
    case 'line-comment':
    case 'block-comment':
      return 'comment';
    case 'string':
    case 'template':
      return 'string';
    default:
      return 'code';
  }
}

/** Whether a `/` at `i` opens a regular expression: nothing before it on the line, an operator, or a keyword that takes an operand. */
function regexMayStart(text: string, i: number): boolean {
  if (text[i + 1] === '/' || text[i + 1] === '*') return false;
  let k = i - 1;
  while (k >= 0 && (text[k] === ' ' || text[k] === '\t')) k--;
  if (k < 0 || text[k] === '\n') return true;
  if (ENDS_OPERAND.test(text[k])) return REGEX_AFTER_WORD.test(text.slice(Math.max(0, k - 10), k + 1));
  return true;
}

/** regexEnd: the text ended before the regular expression or its line did. */
const TEXT_ENDED = -2;

/** The end of a regular expression opening at `i` (its flags included), -1 when none closes on its line, TEXT_ENDED when the text ends first. */
function regexEnd(text: string, i: number): number {
  let inClass = false;
  for (let k = i + 1; k < text.length; k++) {
    const ch = text[k];
    if (ch === '\n') return -1;
    if (ch === '\\') k++;
    else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '/' && !inClass) {
      let e = k + 1;
      while (e < text.length && /[a-z]/i.test(text[e])) e++;
      return e;
    }
  }
  return TEXT_ENDED;
}
