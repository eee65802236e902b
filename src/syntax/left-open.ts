// The last word on a completion where the document's own errors were set
// aside: a round or square bracket it opens that nothing in the file closes.
import type { LanguageSpec } from '../languages/spec';
import type { SyntaxRequest, SyntaxVerdict } from '../vocabulary/types';
import { blankRows } from './quarantine';
import { countNewlines } from './text-edits';
import { unclosedOpeners } from './unclosed-openers';

/**
 * "Invalid" when the completion opens a round or square bracket that
 * nothing in the file closes, read by the lexer (unclosed-openers.ts) from
 * the document with the completion and with the rows broken on their own
 * blanked (an unclosed comment below would otherwise hide the `)` that
 * closes it, an unclosed `(` below would take it). tree-sitter can recover
 * from such a bracket with no error node (tree-sitter-c-sharp before an
 * interface's `}`), and then only the text tells. Not for JavaScript and
 * TSX, whose JSX text may hold a lone bracket.
 */
export function openedAndLeftOpen(
  req: SyntaxRequest,
  spec: LanguageSpec,
  view: (text: string) => string,
  brokenRows: readonly number[],
  started: number,
): SyntaxVerdict | undefined {
  if (spec.jsx || !/[([]/.test(req.completion)) return undefined;
  const row = countNewlines(req.prefix);
  const { prefix, suffix } = blankRows(req.prefix, req.suffix, brokenRows, row);
  const at = prefix.length;
  const open = unclosedOpeners(view(prefix + req.completion + suffix), spec.id)?.find(
    (o) => o.kind === 'bracket' && o.at >= at && o.at < at + req.completion.length,
  );
  if (!open) return undefined;
  const text = prefix + req.completion;
  return {
    checked: true,
    valid: false,
    errors: [
      {
        kind: 'missing',
        row: open.row,
        column: open.at - (text.lastIndexOf('\n', open.at - 1) + 1),
        detail: `${text[open.at] === '(' ? ')' : ']'} (the completion opens ${text[open.at]} and nothing closes it)`,
      },
    ],
    preexistingErrors: 0,
    ms: performance.now() - started,
    language: req.language,
  };
}
