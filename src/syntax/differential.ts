// The differential rule: which of the errors in the document WITH the
// completion did the completion introduce? Pure: two lists of issues and
// where the completion went in, no tree-sitter.
//
// Why not compare counts or exact positions: tree-sitter's error recovery is
// global. The same broken line can come out as a MISSING node in one parse
// and an ERROR node in the other; an ERROR region can swallow a neighbour,
// split, shrink or move by a token. And the document without the completion
// is itself broken at the cursor more often than not (`if ` + hole + `:`):
// those "hole errors" are the parser's reaction to the empty middle, and a
// completion that leaves them in place has not filled the hole.
//
// The rule (measured on SAFIM and HumanEval-infilling, python/java/cpp, with
// truncated/unbalanced completions and errors planted elsewhere in the file):
//
// 1. An error in the new document that touches the completion (its offsets
//    meet the inserted text, or it lies on one of the completion's lines;
//    after a completion ending in a line break, the next line is the
//    suffix's, not the completion's) is charged to the completion. This also covers an existing ERROR region
//    that grows or merges into the completion, and hole errors the
//    completion failed to clear.
// 2. Any other error is pre-existing iff an error of the old document that
//    did not touch the cursor lies on an overlapping range of lines, once
//    the old lines after the cursor are shifted down by the completion's
//    newlines. Lines, not offsets or node kinds, because recovery reshapes
//    errors within their lines (`x = = 1` is a MISSING identifier in one
//    parse and an ERROR `=` in the other).
// 3. Errors of the old document that touched the cursor (spanned it or
//    ended/started at it) are hole errors: they vouch for nothing on the
//    completion's rows or above, and only for their own rows below it. So
//    an error that appears far from the cursor without a counterpart, such
//    as the end-of-file error of an unclosed bracket, is introduced; but
//    one that the hole error had swallowed (SAFIM cpp: a `tt{` macro
//    tree-sitter cannot expand, hidden inside the empty `for()`'s error
//    until the header is filled) stays pre-existing. This part removes a
//    false rejection on the benchmark tasks; the truncations it would let
//    through with rules 1-4 alone are caught by rule 5 (docs/syntax-validation.md).
// 4. tree-sitter's errors vouch for tree-sitter's errors, and the extra
//    language checks' (Python indentation) for theirs: a hole error often
//    shows up as misaligned lines just below the cursor, which must not
//    excuse a parse error there.
//
// 5. A MISSING closing bracket (`}` `)` `]`) is vouched for only by the same
//    bracket missing on those rows before. A completion that opens a block
//    and never closes it gets its `}` reported at the end of the file, and
//    an unrelated error already there (any kind) must not excuse that.
//
// 6. A misaligned Python line (python-checks.ts) is vouched for only by
//    the same misalignment before: the same line, lined up against the
//    same statement. The empty hole misaligns the `else:` below it against
//    the loop; a middle dedented by one column misaligns it against the
//    middle's own `if`, which is the middle's error.
//
// In a file broken away from the cursor, a rejection by these rules is
// checked again with those errors set aside (quarantine.ts, called by the
// validator); where that cannot tell, the verdict is "not checked".
//
// Known limits, both rare on the benchmarks: a hole error that tree-sitter
// reports a line or more after the cursor looks pre-existing (a completion
// that fails to fix it is judged valid: most of the ~90 Python `dedent`
// misses of the detection test, where the empty hole had already
// misaligned the `else:` below it); and when the cursor sits inside a
// region the parser could not make sense of before (an unclosed bracket far
// above swallowing the rest of a Python file), any error still covering the
// completion counts against it, so good completions there may be escalated.

import type { RawIssue } from './issues';

/** Where the completion went into the document. */
export interface Splice {
  /** Offset of the cursor (length of the prefix), UTF-16 code units. */
  at: number;
  /** Length of the completion, UTF-16 code units. */
  length: number;
  /** 0-based row of the cursor. */
  row: number;
  /** Newlines in the completion: rows after the cursor shift down by this. */
  newlines: number;
  /**
   * The completion ends with a line break: its last row then holds only
   * the code after the cursor, which it did not write (a `def broken(:`
   * right after a completed line is not the completion's).
   */
  endsWithNewline?: boolean;
}

type RowRange = [first: number, last: number];

/** The issues of `after` (the document with the completion) that the completion introduced. */
export function introducedIssues(before: readonly RawIssue[], after: readonly RawIssue[], splice: Splice): RawIssue[] {
  const vouching = (origin: RawIssue['origin']) =>
    mergeRanges(before.filter((b) => b.origin === origin).flatMap((b) => vouchedRows(b, splice)));
  const byOrigin = { parser: vouching('parser'), checks: vouching('checks') };
  const closers = new Map<string, RowRange[]>();
  const missingCloser = (type: string) => {
    let ranges = closers.get(type);
    if (!ranges) {
      ranges = mergeRanges(
        before.filter((b) => b.kind === 'missing' && b.type === type && !touchesCursor(b, splice)).map((b) => shiftedRows(b, splice)),
      );
      closers.set(type, ranges);
    }
    return ranges;
  };
  return after.filter((a) => {
    if (touchesCompletion(a, splice)) return true;
    // Rule 6: a misaligned line is vouched for only by the same misalignment
    // (lined up against the same statement) there before: the empty hole
    // misaligns the `else:` below it against the loop, a middle dedented by
    // one column misaligns it against the middle's own `if`.
    if (a.against !== undefined && !before.some((b) => sameMisalignment(b, a, splice))) return true;
    // Rule 5: a missing closing bracket is vouched for only by the same bracket missing there before.
    const vouchers = a.kind === 'missing' && CLOSERS.has(a.type) ? missingCloser(a.type) : byOrigin[a.origin];
    return !overlapsAny(vouchers, [a.row, a.endRow]);
  });
}

const CLOSERS = new Set([')', ']', '}']);

/** Whether `b` (old document) is the misalignment `a` (new document): the same line against the same statement. */
function sameMisalignment(b: RawIssue, a: RawIssue, s: Splice): boolean {
  if (b.against === undefined || b.type !== a.type) return false;
  const shift = (offset: number) => (offset < s.at ? offset : offset + s.length);
  return shift(b.start) === a.start && shift(b.against) === a.against;
}

/** An issue of the old document at the cursor: the hole's own error. */
export function touchesCursor(b: RawIssue, s: Splice): boolean {
  return b.start <= s.at && b.end >= s.at;
}

function touchesCompletion(a: RawIssue, s: Splice): boolean {
  const byOffset = a.start <= s.at + s.length && a.end >= s.at;
  const lastRow = s.row + s.newlines - (s.endsWithNewline && s.newlines > 0 ? 1 : 0);
  const byRow = a.row <= lastRow && a.endRow >= s.row;
  return byOffset || byRow;
}

/**
 * The rows an old-document issue vouches for, in the new numbering. A hole
 * error (one touching the cursor) vouches only for its rows strictly below
 * the completion: there it had swallowed whatever was broken before, such
 * as a macro tree-sitter cannot expand, which resurfaces once the hole is
 * filled.
 */
function vouchedRows(b: RawIssue, s: Splice): RowRange[] {
  if (!touchesCursor(b, s)) return [shiftedRows(b, s)];
  const first = s.row + s.newlines + 1;
  const last = b.endRow + s.newlines;
  return b.end > s.at && last >= first ? [[first, last]] : [];
}

/** Rows of an old-document issue, in the new document's numbering. */
function shiftedRows(b: RawIssue, s: Splice): RowRange {
  // Only issues that do not touch the cursor get here, so each end is wholly
  // on one side of it: before the cursor rows stay, after it they move down.
  const shift = (row: number, offset: number) => (offset < s.at ? row : row + s.newlines);
  return [shift(b.row, b.start), shift(b.endRow, b.end)];
}

/** Sorted, disjoint row ranges, so each lookup is a binary search. */
function mergeRanges(ranges: RowRange[]): RowRange[] {
  ranges.sort((x, y) => x[0] - y[0]);
  const out: RowRange[] = [];
  for (const r of ranges) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

function overlapsAny(sorted: readonly RowRange[], [first, last]: RowRange): boolean {
  // Find the last range starting at or before `last`; it is the only one
  // that can overlap, since the ranges are disjoint and sorted.
  let lo = 0;
  let hi = sorted.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid][0] <= last) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found >= 0 && sorted[found][1] >= first;
}
