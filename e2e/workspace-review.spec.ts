// Review sandbox: a unified diff applied with a conflicting hunk reported, the
// diff editor with completions on the modified side, one local-only switch;
// a diff applied twice is already applied; the review survives a view switch
// and a reload; a hunk is accepted or reverted in the diff view.
import { editorText, expect, ghostText, test } from '../testing/playwright/ide';
import { openInTree, shot } from '../testing/playwright/workspace';
import { ADD_CIRCUMFERENCE, GEOMETRY, GEOMETRY_APPLIED } from '../testing/workspace/geometry-diff';

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'device-independent'));

const APP = 'def a():\n    return 1\n\n\ndef b():\n    return 2\n\n\ndef c():\n    return 3\n';
const FILES = [
  { path: 'src/app.py', content: APP },
  { path: 'README.md', content: 'hi\n' },
];
const DIFF = `diff --git a/src/app.py b/src/app.py
--- a/src/app.py
+++ b/src/app.py
@@ -1,2 +1,2 @@
 def a():
-    return 1
+    return 10
@@ -9,2 +9,2 @@
 def c():
-    return 999
+    return 30
diff --git a/src/new.py b/src/new.py
new file mode 100644
--- /dev/null
+++ b/src/new.py
@@ -0,0 +1 @@
+def d():
`;

test('a diff applies with its failing hunk reported; diff editor with completions on the modified side; local-only in one click', async ({
  page,
  openIde,
  server,
}) => {
  await openIde({ model: 'fixture-uncertain', files: FILES });
  await page.getByTestId('view-review').click();
  await expect(page.getByTestId('review-privacy')).toContainText('Escalation is on');
  await page.getByTestId('local-only-switch').check();
  await expect(page.getByTestId('egress-mode')).toContainText('Local only');
  await expect(page.getByTestId('review-privacy')).toContainText('never leaves this machine');
  await page.getByTestId('diff-input').fill(DIFF);
  await page.getByTestId('diff-apply').click();
  await expect(page.getByTestId('diff-summary')).toContainText('2 hunks applied, 0 already applied, 1 conflict');
  await expect(page.getByTestId('hunk-src/app.py-0')).toHaveAttribute('data-state', 'applied');
  await expect(page.getByTestId('hunk-src/app.py-1')).toHaveAttribute('data-state', 'conflict');
  await expect(page.getByTestId('hunk-src/app.py-1')).toContainText('@@ -9,2 +9,2 @@ conflict');
  await expect(page.getByTestId('hunk-src/app.py-1')).toContainText('return 999');
  // the header as the diff writes it, not as jsdiff counts it
  await expect(page.getByTestId('hunk-src/new.py-0')).toContainText('@@ -0,0 +1 @@');
  const diffEditor = page.getByTestId('diff-editor');
  await expect(diffEditor.locator('.editor.modified')).toContainText('return 10');
  await expect(diffEditor.locator('.editor.original')).toContainText('return 1');
  // completions on the modified side (uncertain model, local-only: kept local, nothing sent)
  await page.evaluate(() => {
    const d = (
      window as unknown as {
        __ide: {
          diffEditor: {
            getModifiedEditor(): { focus(): void; setPosition(p: object): void; getModel(): { getLineMaxColumn(n: number): number } };
          };
        };
      }
    ).__ide.diffEditor.getModifiedEditor();
    d.focus();
    d.setPosition({ lineNumber: 6, column: d.getModel().getLineMaxColumn(6) });
  });
  await page.keyboard.type(' +');
  // Monaco may keep a ghost-text node that is not displayed next to the one shown (2 of 5 runs failed on `.first()`): look for a visible one.
  await expect(ghostText(page).filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'blocked');
  expect(server.requests).toHaveLength(0);
  await shot(page, 'review-sandbox');
  // the workspace has the result (edits in the diff editor included), and the new file
  await page.getByTestId('view-editor').click();
  await openInTree(page, 'src/app.py');
  expect(await editorText(page)).toBe('def a():\n    return 10\n\n\ndef b():\n    return 2 +\n\n\ndef c():\n    return 3\n');
  await openInTree(page, 'src/new.py');
  expect(await editorText(page)).toBe('def d():\n');
});

test('text that is not a diff is refused with a clear message and nothing changes', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', files: FILES });
  await page.getByTestId('view-review').click();
  await page.getByTestId('diff-input').fill('Hello, this is an e-mail, not a patch.\n--- quoted\n+++ text\n');
  await page.getByTestId('diff-apply').click();
  await expect(page.getByTestId('diff-error')).toContainText('does not look like a unified diff');
  await page.getByTestId('view-editor').click();
  await openInTree(page, 'src/app.py');
  expect(await editorText(page)).toBe(APP);
  await expect(page.getByTestId('file-count')).toHaveText('2 files');
});

async function geometryText(page: import('@playwright/test').Page): Promise<string> {
  await page.getByTestId('view-editor').click();
  await openInTree(page, 'geometry.py');
  const text = await editorText(page);
  await page.getByTestId('view-review').click();
  return text;
}

test('the same diff applied twice: the second time it is already applied and the file is unchanged', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', files: [{ path: 'geometry.py', content: GEOMETRY }] });
  await page.getByTestId('view-review').click();
  await page.getByTestId('diff-input').fill(ADD_CIRCUMFERENCE);
  await page.getByTestId('diff-apply').click();
  await expect(page.getByTestId('diff-summary')).toContainText('2 hunks applied, 0 already applied, 0 conflicts');
  expect(await geometryText(page)).toBe(GEOMETRY_APPLIED);
  await page.getByTestId('diff-apply').click();
  await expect(page.getByTestId('diff-summary')).toContainText('0 hunks applied, 2 already applied, 0 conflicts');
  await expect(page.getByTestId('diff-status-geometry.py')).toHaveAttribute('data-status', 'already-applied');
  await expect(page.getByTestId('diff-status-geometry.py')).toContainText('already applied: nothing changed');
  for (const i of [0, 1]) await expect(page.getByTestId(`hunk-geometry.py-${i}`)).toHaveAttribute('data-state', 'already-applied');
  expect(await geometryText(page)).toBe(GEOMETRY_APPLIED);
});

test('hunks are accepted or reverted in the diff view; the diff, the report and the hunk states survive a view switch and a reload', async ({
  page,
  openIde,
}) => {
  await openIde({ model: 'fixture-valid', files: [{ path: 'geometry.py', content: GEOMETRY }] });
  await page.getByTestId('view-review').click();
  await page.getByTestId('diff-input').fill(ADD_CIRCUMFERENCE);
  await page.getByTestId('diff-apply').click();
  const diffEditor = page.getByTestId('diff-editor');
  await expect(diffEditor.locator('.editor.modified')).toContainText('circumference');
  // revert the second hunk: out of the file and out of the diff's modified side
  await page.getByTestId('hunk-revert-1').click();
  await expect(page.getByTestId('review-hunk-1')).toHaveAttribute('data-state', 'reverted');
  await expect(page.getByTestId('review-hunk-1')).toContainText('@@ -6,3 +7,7 @@ reverted');
  await expect(diffEditor.locator('.editor.modified')).not.toContainText('circumference');
  await expect(page.getByTestId('hunk-geometry.py-1')).toHaveAttribute('data-state', 'reverted');
  expect(await geometryText(page)).toBe(GEOMETRY.replace('import math\n', 'import math\nimport sys\n'));
  // accept it again (back in the file) and accept the first as it is
  await page.getByTestId('hunk-accept-1').click();
  await expect(page.getByTestId('review-hunk-1')).toHaveAttribute('data-state', 'accepted');
  await expect(diffEditor.locator('.editor.modified')).toContainText('circumference');
  await page.getByTestId('hunk-accept-0').click();
  await expect(page.getByTestId('review-hunk-0')).toHaveAttribute('data-state', 'accepted');
  await page.getByTestId('hunk-revert-1').click();
  await expect(page.getByTestId('review-hunk-1')).toHaveAttribute('data-state', 'reverted');
  await expect(page.getByTestId('review-saved')).toHaveAttribute('data-saved', 'true');

  const survived = async () => {
    await expect(page.getByTestId('diff-input')).toHaveValue(ADD_CIRCUMFERENCE);
    await expect(page.getByTestId('diff-summary')).toContainText('1 hunk applied, 0 already applied, 0 conflicts, 1 reverted');
    await expect(page.getByTestId('hunk-geometry.py-0')).toHaveAttribute('data-state', 'accepted');
    await expect(page.getByTestId('hunk-geometry.py-1')).toHaveAttribute('data-state', 'reverted');
    await expect(page.getByTestId('review-hunk-1')).toHaveAttribute('data-state', 'reverted');
    await expect(page.getByTestId('diff-editor').locator('.editor.modified')).toContainText('import sys');
  };
  await page.getByTestId('view-editor').click();
  await expect(page.getByTestId('review')).toHaveCount(0);
  await page.getByTestId('view-review').click();
  await survived();
  await page.reload();
  await page.getByTestId('view-review').click();
  await survived();
  // and the reverted hunk can still be put back after the reload
  await page.getByTestId('hunk-accept-1').click();
  await expect(page.getByTestId('review-hunk-1')).toHaveAttribute('data-state', 'accepted');
  expect(await geometryText(page)).toBe(GEOMETRY_APPLIED);
});

test('a malformed diff says which line is wrong, changes nothing and keeps the pasted text', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', files: FILES });
  await page.getByTestId('view-review').click();
  const bad = DIFF.replace(' def c():\n', 'def c():\n');
  await page.getByTestId('diff-input').fill(bad);
  await page.getByTestId('diff-apply').click();
  await expect(page.getByTestId('diff-error')).toContainText('Line 9: "def c():" is not a diff line inside the hunk at line 8');
  await expect(page.getByTestId('diff-input')).toHaveValue(bad);
  await page.getByTestId('view-editor').click();
  await openInTree(page, 'src/app.py');
  expect(await editorText(page)).toBe(APP);
});
