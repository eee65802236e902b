// Accessibility: WCAG AA colour contrast of the main screens (axe-core), and the file tree from the keyboard.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, typeAtEndOfLine } from '../testing/playwright/ide';

async function contrastViolations(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page })
    .withRules(['color-contrast'])
    // Monaco's token colours are its theme's; our own chrome is what we own.
    .exclude('.monaco-editor')
    .analyze();
  // Not vacuous: the rule must have looked at text on this screen.
  expect(r.passes.flatMap((p) => p.nodes).length).toBeGreaterThan(5);
  return r.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`));
}

test('main screens pass WCAG AA colour contrast', async ({ page, openIde, device }) => {
  test.skip(device !== 'wasm', 'colours do not depend on the device');
  test.slow(); // four whole-page axe analyses, each of which a busy machine stretches many times over
  await openIde({ model: 'fixture-invalid', mode: 'local-only' });
  await typeAtEndOfLine(page, 2, ' ');
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'blocked');
  expect(await contrastViolations(page), 'editor with a blocked badge').toEqual([]);

  await page.getByTestId('open-help').click();
  expect(await contrastViolations(page), 'help overlay').toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByTestId('open-settings').click();
  expect(await contrastViolations(page), 'settings').toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByTestId('view-review').click();
  expect(await contrastViolations(page), 'review sandbox').toEqual([]);
  // a report with an applied and a conflicting hunk, and the diff view with its hunk buttons
  await page
    .getByTestId('diff-input')
    .fill('--- a/main.py\n+++ b/main.py\n@@ -1 +1 @@\n-def add(a, b):\n+def add(a, b, c):\n@@ -5 +5 @@\n-x\n+y\n');
  await page.getByTestId('diff-apply').click();
  await expect(page.getByTestId('review-hunk-1')).toHaveAttribute('data-state', 'conflict');
  expect(await contrastViolations(page), 'review report and diff view').toEqual([]);
});

const focusedRow = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-path') ?? document.activeElement?.tagName);

test('the file tree is one Tab stop, walked with arrows, Home/End and letters; F2 and Delete return focus to it', async ({
  page,
  openIde,
  device,
}) => {
  test.skip(device !== 'wasm', 'keyboard handling does not depend on the device');
  await openIde({
    model: 'fixture-valid',
    files: [
      { path: 'src/app.py', content: 'x = 1\n' },
      { path: 'src/util/strings.py', content: 'X = 1\n' },
      { path: 'java/Main.java', content: 'class Main {}\n' },
      { path: 'notes.md', content: '# notes\n' },
    ],
  });
  const tree = page.getByRole('tree', { name: 'Workspace files' });
  await expect(tree.locator('[role="treeitem"]')).toHaveCount(5); // java, src, src/util, src/app.py, notes.md
  // One Tab stop: exactly one row is tabbable, and Tab leaves the tree from it.
  await expect(tree.locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);
  await tree.locator('[role="treeitem"][tabindex="0"]').focus();
  await page.keyboard.press('Home');
  expect(await focusedRow(page)).toBe('java');
  await page.keyboard.press('ArrowDown');
  expect(await focusedRow(page)).toBe('src');
  await page.keyboard.press('ArrowRight'); // src is open (the active file is in it): to its first child
  expect(await focusedRow(page)).toBe('src/util');
  await page.keyboard.press('ArrowRight'); // closed: opens
  await expect(tree.locator('[data-path="src/util"]')).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowRight');
  expect(await focusedRow(page)).toBe('src/util/strings.py');
  await page.keyboard.press('ArrowLeft'); // a file: to its folder
  expect(await focusedRow(page)).toBe('src/util');
  await page.keyboard.press('ArrowLeft'); // open: closes
  await expect(tree.locator('[data-path="src/util"]')).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('End');
  expect(await focusedRow(page)).toBe('notes.md');
  await page.keyboard.press('j'); // type-ahead, wrapping around
  expect(await focusedRow(page)).toBe('java');
  await expect(tree.locator('[role="treeitem"][tabindex="0"]')).toHaveAttribute('data-path', 'java');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).not.toBe('treeitem');
  await page.keyboard.press('Shift+Tab'); // back in: on the row last focused
  expect(await focusedRow(page)).toBe('java');
  // F2 renames; Escape puts focus back on the row.
  await page.keyboard.press('F2');
  await expect(page.getByTestId('name-input')).toBeFocused();
  await expect(page.getByTestId('name-input')).toHaveValue('java');
  await page.keyboard.press('Escape');
  expect(await focusedRow(page)).toBe('java');
  // Enter opens a folder, and a file (focus moves to the editor).
  await page.keyboard.press('Enter');
  await expect(tree.locator('[data-path="java"]')).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tab-java/Main.java')).toHaveAttribute('aria-selected', 'true');
  // Delete asks, Enter confirms, and focus comes back to the tree.
  await tree.locator('[role="treeitem"][tabindex="0"]').focus();
  expect(await focusedRow(page)).toBe('java/Main.java');
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('confirm-delete')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tree.locator('[data-path="java/Main.java"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('treeitem');
  // The filter narrows the tree with the matches' folders open; ArrowDown goes from it into the tree.
  await page.getByTestId('tree-filter').fill('STR');
  await expect(tree.locator('[role="treeitem"]')).toHaveCount(3); // src, src/util, src/util/strings.py
  await page.keyboard.press('ArrowDown');
  expect(await focusedRow(page)).toBe('src');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tab-src/util/strings.py')).toHaveAttribute('aria-selected', 'true');
  // The tree's ARIA structure passes axe's full rule set.
  const r = await new AxeBuilder({ page }).include('[data-testid="file-tree"]').analyze();
  expect(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('every panel is reached with the keyboard alone: Tab walks the page, Ctrl+M lets Tab leave the editor', async ({
  page,
  openIde,
  device,
}) => {
  test.skip(device !== 'wasm', 'keyboard handling does not depend on the device');
  await openIde({ model: 'fixture-valid', files: [{ path: 'src/app.py', content: 'x = 1\n' }] });
  // What has focus, named by its test id, else its role, else "editor" inside Monaco.
  const focused = () =>
    page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      if (a?.closest('.monaco-editor')) return 'editor';
      return a?.getAttribute('data-testid') ?? a?.getAttribute('role') ?? a?.tagName ?? '';
    });
  const walk = async (until: (f: string) => boolean) => {
    const seen: string[] = [];
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const f = await focused();
      seen.push(f);
      if (until(f)) break;
    }
    return seen;
  };
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const before = await walk((f) => f === 'editor');
  for (const f of [
    'local-only-switch',
    'start-demo',
    'open-help',
    'open-settings',
    'new-file',
    'tree-filter',
    'treeitem',
    'import-folder-fsa',
    'export-zip',
    'view-review',
    'tab-src/app.py',
    'editor',
  ])
    expect(before, f).toContain(f);
  expect(before.filter((f) => f === 'treeitem')).toHaveLength(1); // the tree is one stop
  // Inside Monaco Tab indents; Ctrl+M makes it move focus on: the side panel's edge, the panel on the right, then the status bar.
  await page.keyboard.press('Control+m');
  const after = await walk((f) => f === 'lang-toggle');
  for (const f of ['side-separator', 'stats-session', 'stats-clear', 'status-privacy', 'lang-toggle']) expect(after, f).toContain(f); // a radio group is one stop too
  expect(after[0]).not.toBe('editor');
});

test("open-file tabs: one Tab stop, arrows move, Enter opens, Delete closes; the main screen passes axe's full rule set", async ({
  page,
  openIde,
  device,
}) => {
  test.skip(device !== 'wasm', 'keyboard handling does not depend on the device');
  await openIde({
    model: 'fixture-valid',
    files: [
      { path: 'a.py', content: 'a = 1\n' },
      { path: 'b.py', content: 'b = 2\n' },
      { path: 'c.py', content: 'c = 3\n' },
    ],
  });
  for (const p of ['a.py', 'b.py', 'c.py']) await page.getByTestId(`tree-item-${p}`).click();
  const tabs = page.getByRole('tablist', { name: 'Open files' });
  await expect(tabs.getByRole('tab')).toHaveCount(3);
  await expect(tabs.locator('[role="tab"][tabindex="0"]')).toHaveAttribute('data-testid', 'tab-c.py');
  await page.getByTestId('tab-c.py').focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('tab-a.py')).toBeFocused();
  await page.keyboard.press('ArrowLeft'); // wraps
  await expect(page.getByTestId('tab-c.py')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('tab-b.py')).toBeFocused();
  await expect(page.getByTestId('tab-c.py')).toHaveAttribute('aria-selected', 'true'); // moving is not opening
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tab-b.py')).toHaveAttribute('aria-selected', 'true');
  expect(await page.evaluate(() => !!document.activeElement?.closest('.monaco-editor'))).toBe(true); // opening goes to the editor
  await page.getByTestId('tab-b.py').focus();
  await page.keyboard.press('Delete');
  await expect(tabs.getByRole('tab')).toHaveCount(2);
  await expect(page.getByTestId('tab-c.py')).toBeFocused(); // the neighbour takes focus
  await page.getByTestId('tab-a.py').click({ button: 'middle' });
  await expect(tabs.getByRole('tab')).toHaveCount(1);
  const r = await new AxeBuilder({ page }).exclude('.monaco-editor').analyze();
  expect(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
