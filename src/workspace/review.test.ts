import { describe, expect, it } from 'vitest';
import { applyUnifiedDiff } from './diff';
import { commitReport, reviewHunk } from './review';
import { Workspace } from './workspace';

const M = 'a\nb\nc\nd\ne\nf\ng\nh\ni\n';
const DIFF = `diff --git a/m.txt b/m.txt
--- a/m.txt
+++ b/m.txt
@@ -1,2 +1,2 @@
-a
+A
 b
@@ -8,2 +8,2 @@
 h
-i
+I
diff --git a/old.txt b/new.txt
similarity index 50%
rename from old.txt
rename to new.txt
--- a/old.txt
+++ b/new.txt
@@ -1 +1 @@
-x
+y
diff --git a/gone.txt b/gone.txt
deleted file mode 100644
--- a/gone.txt
+++ /dev/null
@@ -1 +0,0 @@
-z
`;

const workspace = () =>
  new Workspace({
    files: [
      ['m.txt', M],
      ['old.txt', 'x\n'],
      ['gone.txt', 'z\n'],
    ],
    folders: [],
  });
const run = (ws: Workspace) => {
  const r = applyUnifiedDiff(DIFF, (p) => ws.read(p));
  commitReport(ws, r);
  return r;
};

describe('commitReport', () => {
  it('writes changes, renames and deletions; a second time changes nothing', () => {
    const ws = workspace();
    expect(run(ws).files.map((f) => f.status)).toEqual(['modified', 'renamed', 'deleted']);
    expect(ws.paths().sort()).toEqual(['m.txt', 'new.txt']);
    expect(ws.read('m.txt')).toBe('A\nb\nc\nd\ne\nf\ng\nh\nI\n');
    expect(ws.read('new.txt')).toBe('y\n');
    const before = ws.snapshot();
    expect(run(ws).files.map((f) => f.status)).toEqual(['already-applied', 'already-applied', 'already-applied']);
    expect(ws.snapshot()).toEqual(before);
  });

  it('a rename onto a file that exists is a conflict and moves nothing', () => {
    const ws = new Workspace({
      files: [
        ['old.txt', 'x\n'],
        ['new.txt', 'other\n'],
      ],
      folders: [],
    });
    const r = applyUnifiedDiff(DIFF.slice(DIFF.indexOf('diff --git a/old.txt'), DIFF.indexOf('diff --git a/gone.txt')), (p) => ws.read(p));
    commitReport(ws, r);
    expect(r.files[0]).toMatchObject({ status: 'conflict', problem: expect.stringContaining('exists already') });
    expect(ws.read('old.txt')).toBe('x\n');
    expect(ws.read('new.txt')).toBe('other\n');
  });
});

describe('reviewHunk', () => {
  it('revert takes a hunk out, accept puts it back; accepting an applied hunk only marks it', () => {
    const ws = workspace();
    const m = run(ws).files[0];
    const reverted = reviewHunk(ws.read('m.txt')!, m.hunks[1], 'revert');
    expect(reverted.hunk.state).toBe('reverted');
    expect(reverted.text).toBe('A\nb\nc\nd\ne\nf\ng\nh\ni\n');
    const back = reviewHunk(reverted.text!, reverted.hunk, 'accept');
    expect(back).toMatchObject({ hunk: { state: 'accepted' }, text: 'A\nb\nc\nd\ne\nf\ng\nh\nI\n' });
    expect(reviewHunk(ws.read('m.txt')!, m.hunks[0], 'accept')).toEqual({ hunk: { ...m.hunks[0], state: 'accepted' } });
  });

  it('a hunk edited since cannot be reverted: it keeps its state and says why', () => {
    const ws = workspace();
    const m = run(ws).files[0];
    const r = reviewHunk('A\nb\nc\nd\ne\nf\ng\nh\nEDITED\n', m.hunks[1], 'revert');
    expect(r.text).toBeUndefined();
    expect(r.hunk.state).toBe('applied');
    expect(r.hunk.reason).toMatch(/could not revert it/);
  });
});
