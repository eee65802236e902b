// What the corpus tools need to know of a text to corrupt it on purpose:
// which characters are code and which are inside a string, a comment or a
// preprocessor line, where the string literals are, and which brackets are
// code. Read by the shared lexer (src/languages/lexer.ts) with the
// language's own rules, from its spans and bracket events.
import { freshLexState, lex, lexerFor } from '../../src/languages';
import type { LanguageId } from '../../src/vocabulary';

export const CODE = 0;
export const STRING = 1;
export const COMMENT = 2;
export const DIRECTIVE = 3;

export interface StringLiteral {
  /** Index of the opening quote (after a prefix such as C++'s `R`). */
  open: number;
  /** Index of the closing delimiter's first character, or -1 when unterminated. */
  close: number;
  /** Length of the closing delimiter: 1, 3 for triple quotes, more for a raw string's `)delim"`; 0 when unterminated. */
  quoteLength: number;
  /** The string may span lines (triple-quoted, raw, verbatim, Rust's), so a missing closer need not end it at its line break. */
  multiLine: boolean;
}

export interface LexedText {
  /** One of CODE, STRING, COMMENT, DIRECTIVE per UTF-16 code unit; a template's text is STRING, its `${...}` CODE. */
  mask: Uint8Array;
  strings: StringLiteral[];
  /** Offsets of the brackets in code, in order (a template's `${` by its `{`); a regular expression's are not. */
  brackets: number[];
}

const KIND = { string: STRING, template: STRING, 'line-comment': COMMENT, 'block-comment': COMMENT, directive: DIRECTIVE } as const;

/** Reads `text` as code of `language`, which the shared lexer must read. */
export function lexText(text: string, language: LanguageId): LexedText {
  const lexer = lexerFor(language);
  if (!lexer) throw new Error(`the lexer does not read ${language}`);
  const mask = new Uint8Array(text.length);
  const strings: StringLiteral[] = [];
  const brackets: number[] = [];
  lex(lexer, text, freshLexState(), true, {
    open: (c, at) => brackets.push(c === '${' ? at + 1 : at),
    close: (_, at) => brackets.push(at),
    span: ({ mode, from, to, closer, multiLine }) => {
      mask.fill(KIND[mode], from, to);
      if (mode === 'string') strings.push({ open: from, close: closer ? to - closer : -1, quoteLength: closer, multiLine });
    },
  });
  return { mask, strings, brackets };
}

export function lineEnd(text: string, i: number): number {
  const eol = text.indexOf('\n', i);
  return eol < 0 ? text.length : eol;
}

export function lineStart(text: string, i: number): number {
  return text.lastIndexOf('\n', i - 1) + 1;
}

const OPEN = '([{';
const CLOSE = ')]}';

/** Matching pairs of code brackets within [from, to), as [open, close] indices; `balanced` when nothing is left over or mismatched. */
export function bracketPairs(text: string, lexed: LexedText, from = 0, to = text.length): { pairs: [number, number][]; balanced: boolean } {
  const stack: number[] = [];
  const pairs: [number, number][] = [];
  let balanced = true;
  for (const i of lexed.brackets) {
    if (i < from || i >= to) continue;
    const c = text[i];
    if (OPEN.includes(c)) stack.push(i);
    else {
      const o = stack.pop();
      if (o === undefined || OPEN.indexOf(text[o]) !== CLOSE.indexOf(c)) balanced = false;
      else pairs.push([o, i]);
    }
  }
  return { pairs, balanced: balanced && stack.length === 0 };
}
