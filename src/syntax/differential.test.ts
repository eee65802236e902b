// The differential rule on hand-made issue lists: each clause of the rule in
// differential.ts, one at a time, without tree-sitter's recovery in the way.
import { describe, expect, it } from 'vitest';
import { introducedIssues, type Splice } from './differential';
import type { RawIssue } from './issues';
import { cpuTime } from '../../testing/platform/cpu-time';

/** An issue on rows [row, endRow] at offsets [start, end]. */
function issue(start: number, end: number, row: number, endRow = row, more: Partial<RawIssue> = {}): RawIssue {
  return { kind: 'error', type: 'ERROR', start, end, row, column: 0, endRow, origin: 'parser', ...more };
}

// Cursor at offset 100 on row 5; the completion is 20 code units with 2 newlines,
// so in the new document it spans offsets 100..120 and rows 5..7, and old rows
// after the cursor move down by 2.
const splice: Splice = { at: 100, length: 20, row: 5, newlines: 2 };

describe('introducedIssues', () => {
  it('nothing before, nothing after: nothing introduced', () => {
    expect(introducedIssues([], [], splice)).toEqual([]);
  });

  it('charges an issue that meets the completion by offset, whatever existed before', () => {
    const a = issue(110, 111, 6);
    expect(introducedIssues([issue(110, 111, 6)], [a], splice)).toEqual([a]);
  });

  it("charges an issue on the completion's lines even when its offsets do not meet it", () => {
    const sameLineAfter = issue(125, 126, 7); // after the completion, on its last line
    const sameLineBefore = issue(95, 96, 5); // before the cursor, on its line
    const before = [issue(95, 96, 5), issue(105, 106, 5)];
    expect(introducedIssues(before, [sameLineAfter, sameLineBefore], splice)).toEqual([sameLineAfter, sameLineBefore]);
  });

  it('an existing error that grows into the completion is charged to it', () => {
    const old = issue(40, 60, 2, 3); // ended on row 3, before the cursor
    const grown = issue(40, 118, 2, 7); // now runs into the completion
    expect(introducedIssues([old], [grown], splice)).toEqual([grown]);
  });

  it('keeps errors elsewhere, before the cursor, on their rows', () => {
    const old = issue(10, 12, 1);
    expect(introducedIssues([old], [issue(10, 12, 1)], splice)).toEqual([]);
  });

  it("shifts old rows after the cursor down by the completion's newlines", () => {
    const old = issue(150, 152, 9); // row 9 before, row 11 after
    expect(introducedIssues([old], [issue(170, 172, 11)], splice)).toEqual([]);
    const unshifted = issue(150, 152, 9); // an error on old row 9 is new
    expect(introducedIssues([old], [unshifted], splice)).toEqual([unshifted]);
  });

  it('matches by rows, not by kind or exact place: tree-sitter reshapes errors within their lines', () => {
    const missing = issue(3, 3, 0, 0, { kind: 'missing', type: 'identifier' });
    const error = issue(4, 5, 0);
    expect(introducedIssues([missing], [error], splice)).toEqual([]);
    // A region that shrinks or splits stays within the rows it covered.
    expect(introducedIssues([issue(150, 200, 9, 14)], [issue(170, 175, 11), issue(210, 215, 16)], splice)).toEqual([]);
  });

  it('charges an error with no old counterpart on its rows, e.g. an unclosed bracket at the end of the file', () => {
    const eof = issue(400, 400, 30, 30, { kind: 'missing', type: '}' });
    expect(introducedIssues([issue(10, 12, 1), issue(150, 152, 9)], [issue(10, 12, 1), issue(170, 172, 11), eof], splice)).toEqual([eof]);
  });

  it('hole errors (touching the cursor) vouch only for their rows below the completion', () => {
    const hole = issue(90, 300, 4, 20); // spans the cursor; rows 4..22 once shifted
    // On the completion's rows or above: vouched for by nothing.
    const onCompletion = issue(95, 96, 4);
    expect(introducedIssues([hole], [onCompletion], splice)).toEqual([onCompletion]);
    // Below the completion, inside what the hole error had swallowed (a
    // macro tree-sitter cannot expand, say): pre-existing.
    expect(introducedIssues([hole], [issue(350, 351, 18)], splice)).toEqual([]);
    // Below where the hole error ended: introduced.
    const beyond = issue(500, 501, 30);
    expect(introducedIssues([hole], [beyond], splice)).toEqual([beyond]);
    // A hole error that ends at the cursor covers nothing below it.
    expect(introducedIssues([issue(90, 100, 4, 5)], [issue(90, 95, 4)], splice)).toEqual([issue(90, 95, 4)]);
    // One that starts at the cursor vouches for its rows below the completion only.
    expect(introducedIssues([issue(100, 140, 5, 9)], [issue(165, 170, 11)], splice)).toEqual([]);
    expect(introducedIssues([issue(100, 140, 5, 9)], [issue(185, 190, 12)], splice)).toEqual([issue(185, 190, 12)]);
  });

  it('a missing closing bracket is excused only by the same bracket missing there before (rule 5)', () => {
    const eofBrace = issue(400, 400, 30, 30, { kind: 'missing', type: '}' });
    // An unrelated error on the last row before does not excuse it ...
    expect(introducedIssues([issue(390, 395, 28, 30)], [eofBrace], splice)).toEqual([eofBrace]);
    // ... the same `}` missing there before does.
    expect(introducedIssues([issue(380, 380, 28, 28, { kind: 'missing', type: '}' })], [eofBrace], splice)).toEqual([]);
    // Other MISSING tokens keep the rows rule: tree-sitter reshapes them freely.
    const semicolon = { ...eofBrace, type: ';' };
    expect(introducedIssues([issue(390, 395, 28, 30)], [semicolon], splice)).toEqual([]);
  });

  it('tree-sitter errors and extra-check issues vouch only for their own kind', () => {
    const layout = issue(150, 150, 9, 9, { origin: 'checks', type: 'inconsistent indentation' });
    const parse = issue(170, 171, 11);
    expect(introducedIssues([layout], [parse], splice)).toEqual([parse]);
    expect(introducedIssues([layout], [{ ...layout, start: 170, end: 170, row: 11, endRow: 11 }], splice)).toEqual([]);
  });

  it('an empty completion changes nothing: what touched the cursor is still charged', () => {
    const empty: Splice = { at: 100, length: 0, row: 5, newlines: 0 };
    const hole = issue(98, 100, 5);
    expect(introducedIssues([hole], [hole], empty)).toEqual([hole]);
    const far = issue(10, 12, 1);
    expect(introducedIssues([far], [far], empty)).toEqual([]);
  });

  it('stays linear-ish on many issues (sorted row ranges, binary search)', async () => {
    const before = Array.from({ length: 5000 }, (_, i) => issue(1000 + i * 10, 1001 + i * 10, 100 + i));
    const after = before.map((b) => ({ ...b, start: b.start + 20, end: b.end + 20, row: b.row + 2, endRow: b.endRow + 2 }));
    const { value, ms } = await cpuTime(() => introducedIssues(before, after, splice));
    expect(value).toEqual([]);
    expect(ms).toBeLessThan(200);
  });
});
