// Rows broken on their own: a string literal left open on a row, in a
// language where that kind of string ends at the line. tree-sitter's lexers
// for Java, C#, C++, JavaScript, TypeScript and Go read such a string on
// across the line breaks until the next quote, often one in the completion
// itself (`String label = "abc;` above a completion that prints `" "`):
// the error then lands inside the completion, or in one ERROR from the top
// of the file, and nothing of it points at the row that is really broken.
// The row where such a string opens is a fact about the text, whatever the
// recovery made of it: quarantine.ts sets it aside first.
//
// Read from the tree of the document without the completion, so the
// lexing is tree-sitter's own (regular expressions, templates, raw strings
// are already told apart); only nodes spanning rows are descended into.
import type { Tree } from 'web-tree-sitter';
import { languageSpec } from '../languages/registry';

/** Node types that hold a one-line string or character literal (or a piece of one). */
const LITERAL = /string|char|rune/;
/** Literal kinds that may span lines: raw strings, C# verbatim, JS templates, Java text blocks. */
const MULTILINE_KIND = /raw|verbatim|template|text_block/;
/** Openings that may span lines, read at the literal's start: triple quotes, C# verbatim, C++ raw, backticks. */
const MULTILINE_OPENING = /^(?:[A-Za-z$]{0,3}(?:"""|''')|\$*@|@\$|(?:u8|u|U|L)?R"|`)/;

/**
 * 0-based rows (of `text`, the text `tree` was parsed from) where a
 * one-line string literal opens and runs past the end of its row. Languages
 * whose strings may span lines (Rust) are left out; Python lines continued
 * with a backslash are not counted.
 */
export function unterminatedLiteralRows(tree: Tree, language: string, text: string): number[] {
  if (languageSpec(language)?.lexer?.multiLineStrings) return [];
  const rows = new Set<number>();
  const cursor = tree.walk();
  try {
    for (;;) {
      // Whether the node spans rows, read from the text (tree-sitter counts
      // rows by line feeds): two offsets, where positions would cost two
      // point objects per node on a walk over most of the file.
      const start = cursor.startIndex;
      const eol = text.indexOf('\n', start);
      const multiRow = eol !== -1 && eol < cursor.endIndex;
      const type = cursor.nodeType;
      const literal = LITERAL.test(type);
      // The outermost literal decides; a multi-line kind is left alone, inside too.
      if (multiRow && literal && !MULTILINE_KIND.test(type) && opensOneLineLiteral(text, start, language))
        rows.add(cursor.startPosition.row);
      // An ERROR that starts at a quote left open on its row (C#'s lexer stops there instead).
      else if (type === 'ERROR' && quoteLeftOpen(text, start)) rows.add(cursor.startPosition.row);
      if (multiRow && !literal && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return [...rows].sort((a, b) => a - b);
      }
    }
  } finally {
    cursor.delete();
  }
}

/** Whether `start` holds a quote with no same quote after it on its row. */
function quoteLeftOpen(text: string, start: number): boolean {
  const q = text[start];
  if (q !== '"' && q !== "'") return false;
  const rowEnd = text.indexOf('\n', start);
  return !text.slice(start + 1, rowEnd < 0 ? text.length : rowEnd).includes(q);
}

/**
 * Whether the literal (or literal piece) starting at `start` is a one-line
 * kind. A piece (a string fragment inside an ERROR) starts after its quote:
 * the opening is read from the start of its row.
 */
function opensOneLineLiteral(text: string, start: number, language: string): boolean {
  const rowStart = text.lastIndexOf('\n', start - 1) + 1;
  const rowEnd = text.indexOf('\n', start);
  const row = text.slice(rowStart, rowEnd < 0 ? text.length : rowEnd);
  if (languageSpec(language)?.backslashJoinsLines && /\\\r?$/.test(row)) return false; // a continued line: legal
  // The opening quote: at `start`, or the last quote before it on its row (a fragment's).
  const before = text.slice(rowStart, start + 1);
  const quote = Math.max(before.lastIndexOf('"'), before.lastIndexOf("'"), before.lastIndexOf('`'));
  if (quote < 0) return false;
  // Back up over the rest of a triple quote, then a prefix (r, b, f, u8, R, $, @) glued to it.
  let open = quote;
  while (open > 0 && before[open - 1] === before[quote]) open--;
  while (open > 0 && /[A-Za-z0-9$@]/.test(before[open - 1])) open--;
  return !MULTILINE_OPENING.test(text.slice(rowStart + open, rowStart + quote + 3));
}
