// EXPERIMENT VERSION (variants) — replaced by the final rule below once chosen.
import type { RawIssue } from './issues';

export interface Splice { at: number; length: number; row: number; newlines: number }

export interface DiffOptions {
  holePrefix: boolean;
  rows: boolean; // row granularity vs offset overlap
  strictRows?: boolean;
  nestedHole?: boolean;
}

export function introducedIssues(before: RawIssue[], after: RawIssue[], s: Splice, o: DiffOptions): RawIssue[] {
  const P = s.at, C = s.length;
  const isHole = (b: RawIssue) => b.start <= P && b.end >= P;
  const holes = before.filter((b) => b.kind === 'error' && isHole(b));
  return after.filter((a) => !before.some((b) => excuses(b, a)));
  function excuses(b: RawIssue, a: RawIssue): boolean {
    if (a.start <= P + C && a.end >= P) return false; // touches the completion
    if (o.strictRows && a.row <= s.row + s.newlines && a.endRow >= s.row) return false;
    const hole = isHole(b) || (!!o.nestedHole && holes.some((h) => h.start <= b.start && h.end >= b.end));
    if (hole) {
      if (!o.holePrefix || b.kind !== 'error') return false;
      return a.end < P && a.start >= b.start;
    }
    const mStart = b.start < P ? b.start : b.start + C;
    const mEnd = b.end < P ? b.end : b.end + C;
    if (!o.rows) return a.start <= mEnd && a.end >= mStart;
    const shift = (r: number, off: number) => (off < P ? r : r + s.newlines);
    const bR0 = shift(b.row, b.start), bR1 = shift(b.endRow, b.end);
    return a.row <= bR1 && a.endRow >= bR0;
  }
}
