// A whole-text bracket lexer, an independent reference: the oracle that
// bracket-scan.test.ts compares the resumable scanner against, and the
// baseline of the early-escalation bench (it re-lexes `before` on every
// call, the cost the resumable scanner spares each decoding step). The app
// never imports it.
// The language table is shared: the oracle checks the scanning, not the table.
import { LEXERS, OPENERS } from '../bracket-scan';
import type { LanguageId } from '../../vocabulary/types';

const CLOSERS = new Set(Object.values(OPENERS));

/**
 * The first closing bracket in `added` that cannot match the innermost open
 * bracket left by `before` + what precedes it in `added`. Brackets inside
 * strings and comments are ignored. Returns undefined when none, or when
 * the language is not one we lex.
 */
export function relexFirstUnrepairableBracket(language: LanguageId, before: string, added: string): { closer: string; opener: string } | undefined {
  const lx = LEXERS[language];
  if (!lx) return undefined;
  const text = before + added;
  const stack: string[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = (s: string) => text.startsWith(s, i);
    const lc = lx.lineComment.find(rest);
    if (lc) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl + 1;
      continue;
    }
    if (lx.blockComment && rest(lx.blockComment[0])) {
      const end = text.indexOf(lx.blockComment[1], i + lx.blockComment[0].length);
      i = end < 0 ? text.length : end + lx.blockComment[1].length;
      continue;
    }
    const q = lx.quotes.find(rest);
    if (q) {
      let j = i + q.length;
      let end = -1;
      while (j < text.length) {
        if (text.startsWith(q, j)) {
          end = j + q.length;
          break;
        }
        // A one-line quote cannot span lines (except Go's raw ` strings): resume at the newline.
        if (q.length === 1 && q !== '`' && text[j] === '\n') {
          end = j;
          break;
        }
        j += text[j] === '\\' ? 2 : 1;
      }
      i = end < 0 ? text.length : end;
      continue;
    }
    const c = text[i];
    if (OPENERS[c]) stack.push(c);
    else if (CLOSERS.has(c)) {
      const top = stack.pop();
      // An unmatched closer with nothing open may close what a windowed prefix cut off: not certain.
      if (top && OPENERS[top] !== c && i >= before.length) return { closer: c, opener: top };
    }
    i++;
  }
  return undefined;
}
