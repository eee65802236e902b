// Just enough lexing to corrupt code on purpose: which characters are code,
// which are inside strings or comments, and where string literals are. Not a
// tokenizer: numbers, identifiers and operators are all "code".

export type Lang = 'python' | 'java' | 'cpp';

export const CODE = 0;
export const STRING = 1;
const COMMENT = 2;

export interface StringLiteral {
  /** Index of the opening quote. */
  open: number;
  /** Index of the closing quote's first character, or -1 when unterminated. */
  close: number;
  /** 1, or 3 for Python triple quotes and Java text blocks. */
  quoteLength: number;
  /** C++ raw string (R"(...)"): its end is not a plain quote. */
  raw: boolean;
}

export interface Lexed {
  /** One of CODE, STRING, COMMENT per UTF-16 code unit. */
  mask: Uint8Array;
  strings: StringLiteral[];
}

export function lex(text: string, lang: Lang): Lexed {
  const mask = new Uint8Array(text.length);
  const strings: StringLiteral[] = [];
  const fill = (from: number, to: number, kind: number) => mask.fill(kind, from, Math.min(to, text.length));
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (lang === 'python' ? c === '#' : c === '/' && text[i + 1] === '/') {
      const eol = lineEnd(text, i);
      fill(i, eol, COMMENT);
      i = eol;
    } else if (lang !== 'python' && c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      fill(i, stop, COMMENT);
      i = stop;
    } else if (c === '"' || (c === "'" && !(lang === 'cpp' && /[0-9A-Za-z_]/.test(text[i - 1] ?? '')))) {
      // In C++ a quote after a digit is a digit separator (1'000'000).
      const triple = lang !== 'cpp' && text.startsWith(c.repeat(3), i) && (lang === 'python' || c === '"');
      const raw = lang === 'cpp' && text[i - 1] === 'R';
      const q = triple ? c.repeat(3) : c;
      let j = i + q.length;
      let close = -1;
      while (j < text.length) {
        if (text[j] === '\\') {
          j += 2;
          continue;
        }
        if (!triple && text[j] === '\n') break;
        if (text.startsWith(q, j)) {
          close = j;
          break;
        }
        j++;
      }
      const stop = close < 0 ? Math.min(j, text.length) : close + q.length;
      fill(i, stop, STRING);
      strings.push({ open: i, close, quoteLength: q.length, raw });
      i = stop;
    } else {
      i++;
    }
  }
  return { mask, strings };
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

/** Matching pairs of brackets in code, as [open, close] indices; `balanced` when nothing is left over or mismatched. */
export function brackets(text: string, mask: Uint8Array, from = 0, to = text.length): { pairs: [number, number][]; balanced: boolean } {
  const stack: number[] = [];
  const pairs: [number, number][] = [];
  let balanced = true;
  for (let i = from; i < to; i++) {
    if (mask[i] !== CODE) continue;
    const c = text[i];
    if (OPEN.includes(c)) stack.push(i);
    else if (CLOSE.includes(c)) {
      const o = stack.pop();
      if (o === undefined || OPEN.indexOf(text[o]) !== CLOSE.indexOf(c)) balanced = false;
      else pairs.push([o, i]);
    }
  }
  return { pairs, balanced: balanced && stack.length === 0 };
}
