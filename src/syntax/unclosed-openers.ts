// Rows broken on their own, read from the text: a round or square bracket
// that nothing closes, a block comment or multi-line string that runs to
// the end of the file (or, where comments do not nest, is closed only by a
// later comment's `*/`), a one-line string that runs into its line break,
// a Rust lifetime where a value must come (`let c = 'abc;`). These are
// facts about the characters, whatever tree-sitter's recovery made of
// them: an unclosed `(` a line below the cursor and the hole's own error
// merge into one ERROR that starts at the cursor, `/* note` below makes
// the rest of a Rust file one ERROR, and no error row of the tree points
// at the line that is really broken. quarantine.ts sets such rows aside
// first (with the rows of broken-literals.ts). The same pass gives the
// rows that end dangling (`use std::`, `import java.util.`, `v =`), whose
// error tree-sitter reports on the next code row.
//
// The text is read by the shared lexer (src/languages/lexer.ts); this
// module matches its brackets. Not a tokenizer: a row it gets wrong is only
// blanked needlessly, in both documents alike (the quarantine's later rules
// still decide). The one verdict it gives on its own, a bracket the
// completion opens and nothing closes (validator.ts), is not asked of JSX,
// whose text can hold a lone bracket.

import { freshLexState, lex, lexerFor } from '../languages/lexer';

/** What the lexer found left open: its kind, where it opens, and its row (0-based). */
export interface UnclosedOpener {
  kind: 'bracket' | 'comment' | 'string';
  at: number;
  row: number;
}

/**
 * Every opener of `text` that nothing closes, in text order. Round and
 * square brackets only: an unclosed `{` is reported by a stack at the
 * outermost block (the class, not the half-typed function), which is not
 * the broken row. Undefined for a language the lexer does not know.
 */
export function unclosedOpeners(text: string, language: string): UnclosedOpener[] | undefined {
  const scanned = scan(text, language);
  return scanned && withRows(text, scanned.found);
}

/** One pass of the lexer: what is left open, and the offset of each row's last code character (rows with code only). */
function scan(text: string, language: string): { found: Omit<UnclosedOpener, 'row'>[]; lineEnds: number[] } | undefined {
  const lexer = lexerFor(language);
  if (!lexer) return undefined;
  const found: Omit<UnclosedOpener, 'row'>[] = [];
  const lineEnds: number[] = [];
  // Open brackets, innermost last; '`' marks a JavaScript template's `${`.
  const stack: { c: string; at: number }[] = [];
  const lineEnd = (lastTokenEnd: number) => {
    if (lastTokenEnd > 0 && lineEnds[lineEnds.length - 1] !== lastTokenEnd - 1) lineEnds.push(lastTokenEnd - 1);
  };
  const st = freshLexState();
  lex(lexer, text, st, true, {
    open: (c, at) => stack.push({ c: c === '${' ? '`' : c, at }),
    close(c) {
      const want = c === ')' ? '(' : c === ']' ? '[' : '{';
      // A `}` closes the innermost block (or template `${`), and whatever
      // round or square bracket is still open inside it was never closed.
      // A `)` or `]` looks no further out than the innermost block: one that
      // has no opener there is stray.
      let k = stack.length - 1;
      while (k >= 0 && !closes(c, want, stack[k].c) && (c === '}' || (stack[k].c !== '{' && stack[k].c !== '`'))) k--;
      if (k >= 0 && !closes(c, want, stack[k].c)) k = -1;
      if (k < 0) return; // a stray closer: nothing of it to set aside
      // What lies above the match was never closed.
      for (let j = k + 1; j < stack.length; j++)
        if (stack[j].c === '(' || stack[j].c === '[') found.push({ kind: 'bracket', at: stack[j].at });
      stack.length = k;
    },
    unclosed: (kind, at) => found.push({ kind, at }),
    newline: (_at, lastTokenEnd) => lineEnd(lastTokenEnd),
  });
  for (const open of stack) if (open.c === '(' || open.c === '[') found.push({ kind: 'bracket', at: open.at });
  lineEnd(st.lastTokenEnd);
  return { found, lineEnds };
}

/**
 * Whether closer `c` (wanting `want`) closes opener `o`; a `}` also closes
 * a template's `${`. A plain function, not a closure made per closer: the
 * lexer meets one every few characters.
 */
function closes(c: string, want: string, o: string): boolean {
  return o === want || (c === '}' && o === '`');
}

/**
 * The rows that hold code (comments and blank rows left out), and of those
 * the ones that end dangling: on a `.` or `::` (a member or path left
 * unfinished: `import java.util.`, `use std::`) or a lone `=` (a value
 * left out: `std::vector<int> v =`). tree-sitter reports such a row's
 * error on the next code row, where the statement it could not finish
 * runs into the next one; quarantine.ts blanks the dangling row first.
 */
export function danglingRows(text: string, language: string): { codeRows: number[]; dangling: Set<number> } | undefined {
  const scanned = scan(text, language);
  if (!scanned) return undefined;
  const codeRows: number[] = [];
  const dangling = new Set<number>();
  let row = 0;
  let from = 0;
  for (const end of scanned.lineEnds) {
    for (let k = text.indexOf('\n', from); k !== -1 && k < end; k = text.indexOf('\n', k + 1)) {
      row++;
      from = k + 1;
    }
    codeRows.push(row);
    if (endsDangling(text, end)) dangling.add(row);
  }
  return { codeRows, dangling };
}

/** Whether the code character at `end` ends a row unfinished: `.` (not `..`, not a number's `1.`), `::`, a lone `=` (not `+=`, `.=`...). */
function endsDangling(text: string, end: number): boolean {
  const c = text[end];
  const before = text[end - 1] ?? '';
  if (c === '.') return before !== '.' && !/[0-9]/.test(before);
  if (c === ':') return before === ':';
  if (c === '=') return !/[=!<>+\-*/%&|^:~?.]/.test(before); // an operator's `=` (`+=`, PHP's `.=`) is not lone
  return false;
}

function withRows(text: string, found: Omit<UnclosedOpener, 'row'>[]): UnclosedOpener[] {
  found.sort((a, b) => a.at - b.at);
  const out: UnclosedOpener[] = [];
  let row = 0;
  let from = 0;
  for (const f of found) {
    for (let k = text.indexOf('\n', from); k !== -1 && k < f.at; k = text.indexOf('\n', k + 1)) {
      row++;
      from = k + 1;
    }
    out.push({ ...f, row });
  }
  return out;
}

/**
 * The rows (of the document without the completion) of openers left open
 * both without and with the completion in: broken on their own, and not by
 * anything the completion could have finished (a hole such as `foo(a, `
 * waiting for `b)` is closed by a good completion, so its row never comes
 * back). `before` is `unclosedOpeners` of prefix + suffix; the cursor's own
 * row is left out (blanking it would cut the code the completion goes into).
 */
export function rowsLeftOpenByBoth(
  before: readonly UnclosedOpener[],
  withCompletion: string,
  language: string,
  at: number,
  length: number,
  cursorRow: number,
): number[] {
  if (!before.length) return [];
  const after = unclosedOpeners(withCompletion, language) ?? [];
  const stillOpen = new Set(after.map((a) => `${a.kind}@${a.at}`));
  const rows = before
    .filter((b) => b.row !== cursorRow && stillOpen.has(`${b.kind}@${b.at < at ? b.at : b.at + length}`))
    .map((b) => b.row);
  return [...new Set(rows)];
}
