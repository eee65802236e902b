// EXPERIMENT VERSION (variants) — replaced by the final rule below once chosen.
import type { RawIssue } from './issues';

export interface Splice { at: number; length: number; row: number; newlines: number }

export interface DiffOptions {
  holePrefix: boolean;
  rows: boolean; // row granularity vs offset overlap
}

export function introducedIssues(before: RawIssue[], after: RawIssue[], s: Splice, o: DiffOptions): RawIssue[] {
  const P = s.at, C = s.length;
  return after.filter((a) => !before.some((b) => excuses(b, a)));
  function excuses(b: RawIssue, a: RawIssue): boolean {
    if (a.start <= P + C && a.end >= P) return false; // touches the completion
    const hole = b.start <= P && b.end >= P;
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
