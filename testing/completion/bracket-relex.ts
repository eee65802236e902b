// A whole-text bracket reading, an independent reference: the oracle that
// bracket-scan.test.ts compares the resumable scanner against, and the
// baseline of the early-escalation bench (it re-lexes `before` on every
// call, the cost the resumable scanner spares each decoding step). Its
// lexer is the one the shared lexer replaced (testing/languages/
// reference-lexer.ts), with rules of its own. The app never imports it.
import { exactLexerFor } from '../../src/languages';
import { referenceBrackets } from '../languages/reference-lexer';
import type { LanguageId } from '../../src/vocabulary';

const OPENER_OF: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };

/**
 * The first closing bracket in `added` that cannot match the innermost open
 * bracket left by `before` + what precedes it in `added`. Brackets inside
 * strings and comments are ignored. Returns undefined when none, or when
 * the language is not one the scanner serves.
 */
export function relexFirstUnrepairableBracket(
  language: LanguageId,
  before: string,
  added: string,
): { closer: string; opener: string } | undefined {
  if (!exactLexerFor(language)) return undefined;
  const stack: string[] = [];
  let found: { closer: string; opener: string } | undefined;
  referenceBrackets(before + added, language, (c, at) => {
    if (found) return;
    if (!OPENER_OF[c]) stack.push(c);
    else {
      const top = stack.pop();
      // An unmatched closer with nothing open may close what a windowed prefix cut off: not certain.
      if (top && OPENER_OF[c] !== top && at >= before.length) found = { closer: c, opener: top };
    }
  });
  return found;
}
