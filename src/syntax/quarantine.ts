// Errors elsewhere in the file, set aside. A file being edited is often
// broken away from the cursor: a half-typed declaration at the top, an
// unfinished `def broken(:` at the bottom, an unclosed bracket or string a
// few lines up. tree-sitter recovers from such an error differently once
// the completion is in, and the new shape of that old error can cross the
// completion's rows (an unclosed `(` above swallows everything up to the
// next `)`), which the differential rule alone would charge to the
// completion.
//
// So when the first verdict is "invalid" and the document has errors away
// from the cursor, the check is made again with those errors set aside:
// the row where each one starts is blanked (every character but the line
// break becomes a space, so offsets and rows stay the same) in the
// document with and without the completion, and both are parsed again. An
// error that spans the cursor from above is blanked only if it is
// "stable" (it starts on that row both without and with the completion):
// a hole error (the empty middle's own, such as `foo(a,` waiting for the
// `b)` the completion brings) goes away with a good completion and is
// never blanked, so the completion is still judged against the code it
// has to fit.
//
// Rows broken on their own whatever the recovery made of them (a string,
// comment or bracket left open both without and with the completion, read
// from the text: broken-literals.ts, unclosed-openers.ts) are blanked
// first, even on the row just below the cursor; a statement left dangling
// on the code row before an error row (`use std::`) is blanked instead of
// the row tree-sitter reports.
//
// The verdict is then the one on the quarantined text. If errors are still
// left away from the cursor after a few rounds and the completion is still
// charged where they could reach, the check cannot tell the completion's
// error from the old one: it says "not checked" with the reason, never
// "invalid" (`sureOfBlame`, `swallowedBy` for the cases with no error away).
// The rule and its limits: docs/syntax-validation.md.
import type { RawIssue } from './issues';
import { introducedIssues, touchesCursor, type Splice } from './differential';

/**
 * Whether an issue of the document without the completion starts away from
 * the cursor: on a row above it, or more than one row below it. The row
 * just below is the hole's: an empty middle often shows up as an error on
 * the next line (`else:` with no `if` body above it), and that one must
 * keep counting against a completion that does not fix it.
 */
function startsAway(b: RawIssue, s: Splice): boolean {
  return b.row < s.row || b.row > s.row + 1;
}

/**
 * The rows (in the document WITHOUT the completion, `text`) to blank: of
 * each outermost issue of `before` starting away from the cursor; one that
 * spans the cursor only when an issue of `after` starts on the same row too
 * (rows after the cursor shifted by the completion's line breaks).
 */
export function stableErrorRows(
  before: readonly RawIssue[],
  after: readonly RawIssue[],
  s: Splice,
  skip: ReadonlySet<number>,
  text: string,
  lines?: CodeLines,
): number[] {
  const afterRows = new Set(after.map((a) => a.row));
  // Rows tree-sitter found something wrong on (nested errors included): a
  // row that leaves a bracket open is taken for the broken one only among
  // these (a `(` in a docstring row is not code).
  const issueRows = new Set(before.map((b) => b.row));
  const rows = new Set<number>();
  const codeRows = lines && new Set(lines.codeRows);
  let outer: RawIssue | undefined; // issues come outermost first, in document order
  for (const b of before) {
    // An error nested in another is a piece of its recovery (the `for` of a
    // loop header swallowed by an unclosed bracket above): only where the
    // outer one starts is the broken line.
    if (outer && b.start >= outer.start && b.end <= outer.end) continue;
    outer = b;
    if (!startsAway(b, s)) continue;
    let row: number | undefined;
    if (!touchesCursor(b, s)) {
      // Which row: the first of the error's rows that leaves a bracket open
      // on its own (an ERROR often opens a line or two above the broken
      // one, at the declaration tree-sitter could no longer finish), else
      // where it starts.
      row = firstRowLeavingBracketOpen(text, b.row, b.endRow + 1, issueRows) ?? brokenRow(b, text);
      // A statement left dangling on the code row before (`use std::`,
      // `import java.util.`, `v =`) runs into this one, where tree-sitter
      // reports it: that row is the broken one, blanked first.
      const dangling = lines && danglingRowBefore(lines, row, s, skip);
      if (dangling !== undefined) row = dangling;
    } else if (afterRows.has(b.start < s.at ? b.row : b.row + s.newlines)) {
      // An error that spans the cursor from above may be the hole's own (a
      // call whose arguments the middle finishes): set aside only if it
      // stays when the completion is in, and then only a row above the
      // cursor broken on its own, never the row that opens the block the
      // cursor is in (`s! {`, `for x in xs:`): blanking that would change
      // what the completion has to fit.
      const start = brokenRow(b, text);
      row = firstRowLeavingBracketOpen(text, b.row, s.row, issueRows) ?? (opensBlock(rowText(text, start)) ? undefined : start);
      // A region that opens on a row with no code (a comment: tree-sitter-
      // rust wraps a whole file in one ERROR from its first line) says
      // nothing of where the break is: blanking that row changes nothing
      // broken. The errors nested in it are looked at instead.
      if (row !== undefined && codeRows && !codeRows.has(row)) {
        row = undefined;
        outer = undefined;
      }
    }
    if (row !== undefined && !skip.has(row)) rows.add(row);
  }
  return [...rows].sort((x, y) => x - y);
}

/** The rows that hold code, and those that end unfinished (unclosed-openers.ts `danglingRows`). */
export interface CodeLines {
  codeRows: readonly number[];
  dangling: ReadonlySet<number>;
}

/**
 * The code row just before `row` when it ends dangling, on the same side of
 * the cursor and not its row (nor one already blanked).
 */
function danglingRowBefore(lines: CodeLines, row: number, s: Splice, skip: ReadonlySet<number>): number | undefined {
  let prev: number | undefined;
  for (const r of lines.codeRows) {
    if (r >= row) break;
    prev = r;
  }
  if (prev === undefined || !lines.dangling.has(prev) || skip.has(prev) || prev === s.row || (row > s.row && prev < s.row))
    return undefined;
  return prev;
}

/**
 * The row an error belongs to: where it starts, or the next row when it
 * starts at the very end of its row (tree-sitter opens the ERROR at the
 * line break before the broken line).
 */
function brokenRow(b: RawIssue, text: string): number {
  const eol = text.indexOf('\n', b.start);
  const restOfRow = text.slice(b.start, eol < 0 ? text.length : eol);
  return restOfRow.trim() === '' && b.endRow > b.row ? b.row + 1 : b.row;
}

/** Whether the document without the completion has an error away from the cursor that is not the hole's own. */
export function hasErrorsAway(before: readonly RawIssue[], s: Splice): boolean {
  return before.some((b) => startsAway(b, s) && !touchesCursor(b, s));
}

/**
 * Whether an error charged to the completion lies on rows that an error
 * starting away from the cursor (in the document without it) also covers:
 * then which of the two it belongs to cannot be told.
 */
function entangled(charged: readonly RawIssue[], before: readonly RawIssue[], s: Splice): boolean {
  const shift = (row: number, offset: number) => (offset < s.at ? row : row + s.newlines);
  // The row just below the cursor too: in a file broken elsewhere, an
  // error there is as likely another planted line as the hole's own.
  const old = before
    .filter((b) => startsAway(b, s) || (b.row === s.row + 1 && !touchesCursor(b, s)))
    .map((b) => [shift(b.row, b.start), shift(b.endRow, b.end)] as const);
  return charged.some((a) => old.some(([first, last]) => a.row <= last && a.endRow >= first));
}

/**
 * `prefix` and `suffix` with the given rows (0-based, in prefix + suffix;
 * never the cursor's row) blanked: each character but `\n` and `\r` becomes a space.
 */
export function blankRows(prefix: string, suffix: string, rows: readonly number[], cursorRow: number): { prefix: string; suffix: string } {
  const above = rows.filter((r) => r < cursorRow);
  const below = rows.filter((r) => r > cursorRow).map((r) => r - cursorRow);
  return { prefix: blankLines(prefix, above), suffix: blankLines(suffix, below) };
}

/** Blank rows of `text`, counted from its first row (0). */
function blankLines(text: string, rows: readonly number[]): string {
  if (!rows.length) return text;
  const wanted = new Set(rows);
  let out = '';
  let row = 0;
  let from = 0;
  let copied = 0;
  while (from <= text.length) {
    const eol = text.indexOf('\n', from);
    const end = eol < 0 ? text.length : eol;
    if (wanted.has(row)) {
      const line = text.slice(from, end);
      out += text.slice(copied, from) + line.replace(/[^\r]/g, ' ');
      copied = end;
    }
    if (eol < 0) break;
    from = eol + 1;
    row++;
  }
  return out + text.slice(copied);
}

/**
 * In a file broken away from the cursor, an error charged to the completion
 * is only sure to be its own when it sits on the completion's rows (or the
 * row after them, where an unfinished line shows) and on no rows an old
 * error away from the cursor covers. Anything else may be the old error's
 * recovery moving: the verdict is then "not checked", not "invalid".
 */
export function sureOfBlame(charged: readonly RawIssue[], before: readonly RawIssue[], s: Splice): boolean {
  const near = (a: RawIssue) => a.row >= s.row && a.endRow <= s.row + s.newlines + 1;
  return charged.length > 0 && charged.every(near) && !entangled(charged, before, s);
}

/**
 * Whether every error of the document with the completion lies on the
 * completion's own rows: the rest of the file parses, so nothing broken
 * elsewhere is left to share the blame (an old error that still stood
 * would still show on its own rows; one the completion made go away was
 * the hole's, such as tree-sitter-c-sharp's ERROR from the namespace's `{`
 * around a method body whose header is the hole).
 */
export function onlyOnCompletionRows(after: readonly RawIssue[], s: Splice): boolean {
  const last = s.row + s.newlines - (s.endsWithNewline ? 1 : 0);
  return after.length > 0 && after.every((a) => a.row >= s.row && a.endRow <= last);
}

/**
 * The old ERROR region that held the cursor, when it started well above it
 * (more than `SWALLOW_ROWS` rows) and an error charged to the completion
 * starts at or above where it did: the completion went into code the parser
 * had already given up on (a string or comment left open above swallows
 * the rest of a Java file into one ERROR), so the charge says nothing.
 */
export function swallowedBy(
  before: readonly RawIssue[],
  after: readonly RawIssue[],
  s: Splice,
  nothingLeftOpen = false,
): RawIssue | undefined {
  const charged = introducedIssues(before, after, s);
  const region = before.find((b) => b.kind === 'error' && touchesCursor(b, s) && b.row < s.row - SWALLOW_ROWS && b.end > s.at);
  // When the text leaves no string, comment or bracket open anywhere
  // (`nothingLeftOpen`, unclosed-openers.ts), a region that comes back
  // unchanged around the completion (same start, its end moved by the
  // completion's length) is the hole's own recovery (tree-sitter-rust
  // wraps a file in one ERROR for a `}` missing before `else`): what else
  // is charged, below where it starts, is the completion's.
  const same = (a: RawIssue) => region !== undefined && a.start === region.start && a.end === region.end + s.length;
  const rest = nothingLeftOpen ? charged.filter((a) => !same(a)) : charged;
  if (region && (rest.length === 0 ? charged : rest).some((a) => a.row <= region.row)) return region;
  // An error region that runs from the completion into a line just below
  // it that was already broken on its own (an unclosed string or comment
  // there): tree-sitter merged the two, and which one is wrong cannot be
  // told. An error only on that line stays the completion's (the `else:`
  // a bad middle leaves without its `if`).
  const last0 = s.row + s.newlines;
  const nextRow = before.filter((b) => b.row === s.row + 1 && !touchesCursor(b, s));
  const merged = nextRow.find((b) => charged.some((a) => a.row <= last0 && a.endRow >= b.row + s.newlines));
  if (merged) return merged;
  // A closing bracket reported missing below the completion, on a row that
  // was already broken (an unclosed call on the next line): rule 5 of the
  // differential rule charges it, but it is as likely the old line's.
  const last = s.row + s.newlines;
  const below = charged.filter((a) => a.row > last);
  if (!below.length || !below.every((a) => a.kind === 'missing' && CLOSERS.has(a.type))) return undefined;
  return before.find((b) => !touchesCursor(b, s) && below.some((a) => a.row === (b.start < s.at ? b.row : b.row + s.newlines)));
}

const SWALLOW_ROWS = 0;
const CLOSERS = new Set([')', ']', '}']);

/**
 * Whether a row leaves a round or square bracket open (strings and line
 * comments left out): `values = max(1, 2`. A row that only opens a block
 * (`s! {`, `while (x) {`) is sound on its own.
 */
/** The first row in [from, to) among `candidates` that leaves a bracket open. */
function firstRowLeavingBracketOpen(text: string, from: number, to: number, candidates: ReadonlySet<number>): number | undefined {
  let start = 0;
  for (let r = 0; r < from; r++) {
    const eol = text.indexOf('\n', start);
    if (eol < 0) return undefined;
    start = eol + 1;
  }
  for (let r = from; r < to; r++) {
    const end = text.indexOf('\n', start);
    if (candidates.has(r) && leavesBracketOpen(text.slice(start, end < 0 ? text.length : end))) return r;
    if (end < 0) return undefined;
    start = end + 1;
  }
  return undefined;
}

function leavesBracketOpen(row: string): boolean {
  const line = row.replace(/"(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?|\/\/.*$|#.*$/g, '');
  let depth = 0;
  for (const c of line) {
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
  }
  return depth > 0;
}

/** The text of a row (0-based). */
function rowText(text: string, row: number): string {
  let start = 0;
  for (let r = 0; r < row; r++) {
    const eol = text.indexOf('\n', start);
    if (eol < 0) return '';
    start = eol + 1;
  }
  const end = text.indexOf('\n', start);
  return text.slice(start, end < 0 ? text.length : end);
}

/** Whether a row ends by opening a block or a body (`{`, `:`, `=>`, `(`, `[`): the construct around a hole. */
function opensBlock(row: string): boolean {
  return /(?:[{:([,]|=>)\s*(?:\/\/.*|#.*)?\r?$/.test(row);
}
