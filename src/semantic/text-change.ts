// Where two versions of a document differ, fast: the check compares the
// document with the previous check's several times per check, on texts of
// up to a few hundred kilobytes, and a character-by-character loop over the
// common part costs more than the check's own work on a long file.
import type { Point } from 'web-tree-sitter';
import { pointAt } from '../syntax/text-edits';

/** Compared a slice at a time (one native comparison) before the characters of the slice that differs. */
const BLOCK = 512;

function commonStart(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i + BLOCK <= n && a.slice(i, i + BLOCK) === b.slice(i, i + BLOCK)) i += BLOCK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** How many characters `a` and `b` share at their ends, leaving at least `start` of each. */
function commonEnd(a: string, b: string, start: number): number {
  const n = Math.min(a.length, b.length) - start;
  let k = 0;
  while (k + BLOCK <= n && a.slice(a.length - k - BLOCK, a.length - k) === b.slice(b.length - k - BLOCK, b.length - k)) k += BLOCK;
  while (k < n && a.charCodeAt(a.length - k - 1) === b.charCodeAt(b.length - k - 1)) k++;
  return k;
}

/** The one range where `b` differs from `a`: offsets in `a` (start to oldEnd) and in `b` (start to newEnd). */
export function changedRegion(a: string, b: string): { startIndex: number; oldEndIndex: number; newEndIndex: number } {
  const startIndex = commonStart(a, b);
  const end = commonEnd(a, b, startIndex);
  return { startIndex, oldEndIndex: a.length - end, newEndIndex: b.length - end };
}

/** The same range as a tree-sitter edit from `a` to `b` (what `differingRange` in src/syntax/text-edits.ts gives). */
export function changeEdit(
  a: string,
  b: string,
): { startIndex: number; oldEndIndex: number; newEndIndex: number; startPosition: Point; oldEndPosition: Point; newEndPosition: Point } {
  const r = changedRegion(a, b);
  const start = pointAt(a, r.startIndex);
  // The ends are found from the start's row on: one scan of the changed part, not of the whole text.
  const lineStart = r.startIndex - start.column;
  const after = (text: string, offset: number): Point => {
    // Columns count from the start's line, which is where the slice begins.
    const p = pointAt(text.slice(lineStart, offset), offset - lineStart);
    return { row: start.row + p.row, column: p.column };
  };
  return {
    ...r,
    startPosition: start,
    oldEndPosition: after(a, r.oldEndIndex),
    newEndPosition: after(b, r.newEndIndex),
  };
}

/**
 * The same range as the TypeScript compiler's text change range from `a` to
 * `b` (what `IScriptSnapshot.getChangeRange` answers): with it the compiler
 * parses `b` incrementally, reusing `a`'s syntax tree outside the range.
 */
export function textChangeRange(a: string, b: string): { span: { start: number; length: number }; newLength: number } {
  const r = changedRegion(a, b);
  return { span: { start: r.startIndex, length: r.oldEndIndex - r.startIndex }, newLength: r.newEndIndex - r.startIndex };
}
