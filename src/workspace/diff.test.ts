import { describe, expect, it } from 'vitest';
import { applyUnifiedDiff, hunkCounts, reapplyHunk, revertHunk } from './diff';
import { ADD_CIRCUMFERENCE, GEOMETRY } from '../../testing/workspace/geometry-diff';

const FILE = ['def a():', '    return 1', '', '', 'def b():', '    return 2', '', '', 'def c():', '    return 3', ''].join('\n');

const DIFF = `diff --git a/src/m.py b/src/m.py
index 111..222 100644
--- a/src/m.py
+++ b/src/m.py
@@ -1,2 +1,2 @@
 def a():
-    return 1
+    return 10
@@ -9,2 +9,2 @@
 def c():
-    return 999
+    return 30
diff --git a/new.py b/new.py
new file mode 100644
--- /dev/null
+++ b/new.py
@@ -0,0 +1,2 @@
+x = 1
+y = 2
`;

/** Applies a report's results to a map of files, as the review panel does. */
function commit(files: Map<string, string>, diff: string) {
  const r = applyUnifiedDiff(diff, (p) => files.get(p));
  for (const f of r.files) {
    if (f.result !== undefined) files.set(f.path, f.result);
    if (f.oldPath) files.delete(f.oldPath);
    if (f.status === 'deleted') files.delete(f.path);
  }
  return r;
}

describe('applyUnifiedDiff', () => {
  it('applies what it can and says why a hunk conflicts', () => {
    const r = applyUnifiedDiff(DIFF, (p) => (p === 'src/m.py' ? FILE : undefined));
    expect(r.error).toBeUndefined();
    expect(hunkCounts(r.files)).toMatchObject({ applied: 2, 'already-applied': 0, conflict: 1 });
    const m = r.files.find((f) => f.path === 'src/m.py')!;
    expect(m.status).toBe('modified');
    expect(m.result).toContain('return 10');
    expect(m.result).toContain('return 3');
    expect(m.hunks.map((h) => h.state)).toEqual(['applied', 'conflict']);
    expect(m.hunks[1].header).toBe('@@ -9,2 +9,2 @@');
    expect(m.hunks[1].reason).toContain('return 999');
    const n = r.files.find((f) => f.path === 'new.py')!;
    expect(n).toMatchObject({ status: 'created', result: 'x = 1\ny = 2\n' });
  });

  it('shows hunk headers as the diff writes them (a new file starts at -0,0; a count of 1 may be left out)', () => {
    const r = applyUnifiedDiff(DIFF, () => undefined);
    expect(r.files.find((f) => f.path === 'new.py')!.hunks[0].header).toBe('@@ -0,0 +1,2 @@');
    const d = applyUnifiedDiff('--- a/gone.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-x = 1\n', () => 'x = 1\n');
    expect(d.files[0].hunks[0].header).toBe('@@ -1 +0,0 @@');
  });

  it('the same diff twice: the second time every hunk is already applied and nothing changes', () => {
    const files = new Map([['geometry.py', GEOMETRY]]);
    const first = commit(files, ADD_CIRCUMFERENCE);
    expect(first.files[0].hunks.map((h) => h.state)).toEqual(['applied', 'applied']);
    const once = files.get('geometry.py')!;
    expect(once.match(/def circumference/g)).toHaveLength(1);
    const second = applyUnifiedDiff(ADD_CIRCUMFERENCE, (p) => files.get(p));
    expect(second.files[0].status).toBe('already-applied');
    expect(second.files[0].hunks.map((h) => h.state)).toEqual(['already-applied', 'already-applied']);
    expect(second.files[0].result).toBeUndefined();
    expect(hunkCounts(second.files)).toMatchObject({ applied: 0, 'already-applied': 2, conflict: 0 });
  });

  it('the whole multi-file diff twice: new files and modified files are already applied', () => {
    const files = new Map([['src/m.py', FILE]]);
    const ok = DIFF.replace('return 999', 'return 3');
    expect(hunkCounts(commit(files, ok).files).applied).toBe(3);
    const again = applyUnifiedDiff(ok, (p) => files.get(p));
    expect(again.files.map((f) => f.status)).toEqual(['already-applied', 'already-applied']);
  });

  it('a partially applied diff: the hunk already in is reported, the other applies', () => {
    const files = new Map([['geometry.py', GEOMETRY.replace('import math\n', 'import math\nimport sys\n')]]);
    const r = commit(files, ADD_CIRCUMFERENCE);
    expect(r.files[0].hunks.map((h) => h.state)).toEqual(['already-applied', 'applied']);
    expect(files.get('geometry.py')!.match(/import sys/g)).toHaveLength(1);
    expect(files.get('geometry.py')!.match(/def circumference/g)).toHaveLength(1);
  });

  it('a hunk whose forward and reverse both fail is a conflict with the reason', () => {
    const r = applyUnifiedDiff(ADD_CIRCUMFERENCE, () => 'import math\n\n\ndef volume(r):\n    return r\n\n\ndef run():\n');
    expect(r.files[0].hunks[1]).toMatchObject({ state: 'conflict' });
    expect(r.files[0].hunks[1].reason).toMatch(/context/);
    expect(r.files[0].status).toBe('modified'); // the import still applies
  });

  it('a moved hunk still applies (offset)', () => {
    const shifted = `# header\n# more\n${FILE}`;
    const r = applyUnifiedDiff(DIFF.split('diff --git a/new.py')[0], () => shifted);
    expect(r.files[0].hunks[0].state).toBe('applied');
  });

  it('deleted files: deletes, then is already applied when the file is gone', () => {
    const files = new Map([['gone.py', 'x = 1\n']]);
    const del = '--- a/gone.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-x = 1\n';
    expect(commit(files, del).files[0].status).toBe('deleted');
    expect(files.has('gone.py')).toBe(false);
    expect(applyUnifiedDiff(del, (p) => files.get(p)).files[0].status).toBe('already-applied');
  });

  it('renamed files: moves with its changes, then is already applied', () => {
    const files = new Map([['o.py', 'a\nb\n']]);
    const ren =
      'diff --git a/o.py b/n.py\nsimilarity index 50%\nrename from o.py\nrename to n.py\n--- a/o.py\n+++ b/n.py\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n';
    const r = commit(files, ren);
    expect(r.files[0]).toMatchObject({ path: 'n.py', oldPath: 'o.py', status: 'renamed', result: 'a\nc\n' });
    expect([...files.keys()]).toEqual(['n.py']);
    expect(applyUnifiedDiff(ren, (p) => files.get(p)).files[0].status).toBe('already-applied');
  });

  it('a new file that exists with other content is a conflict', () => {
    const r = applyUnifiedDiff(DIFF, (p) => (p === 'new.py' ? 'other\n' : FILE));
    const n = r.files.find((f) => f.path === 'new.py')!;
    expect(n.status).toBe('conflict');
    expect(n.problem).toContain('exists already');
    expect(n.result).toBeUndefined();
  });

  it('a missing file is reported', () => {
    const m = applyUnifiedDiff('--- a/nope.py\n+++ b/nope.py\n@@ -1 +1 @@\n-a\n+b\n', () => undefined);
    expect(m.files[0].problem).toContain('not in the workspace');
    expect(hunkCounts(m.files).conflict).toBe(1);
  });

  it('text that is not a diff changes nothing and says why', () => {
    for (const junk of ['hello world\nthis is prose', '', '{"json": true}', '--- a\n+++ b\n']) {
      const r = applyUnifiedDiff(junk, () => FILE);
      expect(r.error).toMatch(/not look like a unified diff|not a unified diff/);
      expect(r.files).toEqual([]);
    }
    expect(applyUnifiedDiff('bin\u0000ary', () => FILE).error).toContain('binary');
  });

  it('a malformed diff names the line that is wrong', () => {
    const stray = '--- a/m.py\n+++ b/m.py\n@@ -1,3 +1,3 @@\n def a():\n-    return 1\nzzz\n+    return 10\n';
    expect(applyUnifiedDiff(stray, () => FILE).error).toMatch(/^Line 6: "zzz" is not a diff line inside the hunk at line 3/);
    const header = '--- a/m.py\n+++ b/m.py\n@@ -1,x +1 @@\n def a():\n';
    expect(applyUnifiedDiff(header, () => FILE).error).toMatch(/^Line 3: .* is not a hunk header/);
    const cut = '--- a/m.py\n+++ b/m.py\n@@ -1,3 +1,3 @@\n def a():\n-    return 1\n';
    expect(applyUnifiedDiff(cut, () => FILE).error).toMatch(/^Line 6: the hunk at line 3 ends early/);
    const long = '--- a/m.py\n+++ b/m.py\n@@ -1,1 +1,1 @@\n def a():\n-    return 1\n+    return 10\n';
    expect(applyUnifiedDiff(long, () => FILE).error).toMatch(/Hunk at line 3 has more lines than expected/);
  });
});

describe('revertHunk / reapplyHunk', () => {
  it('takes an applied hunk out and puts it back', () => {
    const r = applyUnifiedDiff(ADD_CIRCUMFERENCE, () => GEOMETRY);
    const after = r.files[0].result!;
    const h = r.files[0].hunks[1].hunk;
    const reverted = revertHunk(after, h);
    expect(reverted).not.toBe(false);
    expect(reverted).not.toContain('circumference');
    expect(reverted).toContain('import sys');
    expect(reapplyHunk(reverted as string, h)).toBe(after);
    expect(revertHunk('unrelated\n', h)).toBe(false);
  });
});
