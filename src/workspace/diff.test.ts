import { describe, expect, it } from 'vitest';
import { applyUnifiedDiff } from './diff';

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

describe('applyUnifiedDiff', () => {
  it('applies what it can and reports the hunk that failed', () => {
    const r = applyUnifiedDiff(DIFF, (p) => (p === 'src/m.py' ? FILE : undefined));
    expect(r.error).toBeUndefined();
    expect(r.applied).toBe(2);
    expect(r.failed).toBe(1);
    const m = r.files.find((f) => f.path === 'src/m.py')!;
    expect(m.status).toBe('modified');
    expect(m.result).toContain('return 10');
    expect(m.result).toContain('return 3');
    expect(m.hunks.map((h) => h.applied)).toEqual([true, false]);
    expect(m.hunks[1].header).toBe('@@ -9,2 +9,2 @@');
    const n = r.files.find((f) => f.path === 'new.py')!;
    expect(n).toMatchObject({ status: 'created', result: 'x = 1\ny = 2\n' });
  });

  it('a moved hunk still applies (offset)', () => {
    const shifted = `# header\n# more\n${FILE}`;
    const r = applyUnifiedDiff(DIFF.split('diff --git a/new.py')[0], () => shifted);
    expect(r.files[0].hunks[0].applied).toBe(true);
  });

  it('text that is not a diff changes nothing and says why', () => {
    for (const junk of ['hello world\nthis is prose', '', '{"json": true}', '--- a\n+++ b\n']) {
      const r = applyUnifiedDiff(junk, () => FILE);
      expect(r.error).toMatch(/not look like a unified diff|not a unified diff/);
      expect(r.files).toEqual([]);
    }
    expect(applyUnifiedDiff('bin\u0000ary', () => FILE).error).toContain('binary');
  });

  it('a missing file is reported, deletion applies', () => {
    const r = applyUnifiedDiff('--- a/gone.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-x = 1\n', (p) => (p === 'gone.py' ? 'x = 1\n' : undefined));
    expect(r.files[0].status).toBe('deleted');
    const m = applyUnifiedDiff('--- a/nope.py\n+++ b/nope.py\n@@ -1 +1 @@\n-a\n+b\n', () => undefined);
    expect(m.files[0].problem).toContain('not in the workspace');
    expect(m.failed).toBe(1);
  });
});
