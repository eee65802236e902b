// The keys people expect of an editor, wherever focus is: Ctrl/Cmd+S saves
// now, Ctrl/Cmd+P opens a file by a few letters, Ctrl/Cmd+Shift+P lists the
// commands, Ctrl/Cmd+Shift+F searches and replaces across files. The
// browser's own (save page, print) must not run.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { editorText, expect, test, typeAtEndOfLine } from '../testing/playwright/ide';
import { activeFile, openInTree } from '../testing/playwright/workspace';

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'device-independent'));

const FILES = [
  { path: 'src/app.py', content: 'def add(a, b):\n    return a + b\n' },
  { path: 'src/util/strings.py', content: 'x = add(1, 2)\nadder = 3\n' },
  { path: 'java/Main.java', content: 'class Main {}\n' },
  { path: 'notes.md', content: '# notes\nadd more\n' },
];

/** Records, after the app's own handler, whether each Ctrl/Cmd key's default action was prevented. */
async function recordPrevented(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { prevented: string[] };
    w.prevented = [];
    window.addEventListener(
      'keydown',
      (e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.length === 1) w.prevented.push(`${e.key.toLowerCase()}:${e.defaultPrevented}`);
      },
      true,
    );
  });
}
const prevented = (page: Page) => page.evaluate(() => (window as unknown as { prevented: string[] }).prevented);

/** The text the browser's store (IndexedDB) holds for a file. */
function storedText(page: Page, path: string): Promise<string | undefined> {
  return page.evaluate(
    (p) =>
      new Promise<string | undefined>((resolve, reject) => {
        const open = indexedDB.open('router-ide-workspace');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('files').objectStore('files').get(`f:${p}`);
          get.onsuccess = () => {
            open.result.close();
            const v = get.result as { text: string } | string | undefined;
            resolve(typeof v === 'string' ? v : v?.text);
          };
          get.onerror = () => reject(get.error);
        };
      }),
    path,
  );
}

const editorFocused = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('.monaco-editor'));

async function axeViolations(page: Page, selector: string): Promise<string[]> {
  const r = await new AxeBuilder({ page }).include(selector).analyze();
  return r.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`));
}

test('Ctrl+S saves now, in the editor and outside it, and the browser does not open its save dialog', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', files: [{ path: 'main.py', content: 'x = 1\n' }] });
  await recordPrevented(page);
  const state = page.getByTestId('save-state');
  await typeAtEndOfLine(page, 1, '  # saved by Ctrl+S');
  await page.keyboard.press('Control+s');
  await expect(state).toHaveAttribute('data-confirmed', 'true');
  await expect(state).toHaveText(/Saved in this browser/);
  expect(await storedText(page, 'main.py')).toBe('x = 1  # saved by Ctrl+S\n');
  expect(await editorText(page)).toBe('x = 1  # saved by Ctrl+S\n'); // no "s" typed into the file
  // The mark goes away by itself.
  await expect(state).toHaveAttribute('data-confirmed', 'false');
  await page.getByTestId('open-help').focus();
  await page.keyboard.press('Control+s');
  await expect(state).toHaveAttribute('data-confirmed', 'true');
  expect(await prevented(page)).toEqual(['s:true', 's:true']);
});

test('Ctrl+P: quick open ranks files fuzzily, Enter opens one in the editor, Escape gives focus back', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', files: FILES });
  await openInTree(page, 'src/app.py');
  await expect.poll(() => editorFocused(page)).toBe(true);
  await recordPrevented(page);
  await page.keyboard.press('Control+p');
  const dialog = page.getByRole('dialog', { name: 'Go to file' });
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('quick-open-input')).toBeFocused();
  await expect(page.getByTestId('quick-open-item')).toHaveCount(4);
  await page.keyboard.type('strpy');
  const items = page.getByTestId('quick-open-item');
  await expect(items.first()).toHaveAttribute('data-path', 'src/util/strings.py');
  await expect(items.first()).toHaveAttribute('aria-selected', 'true');
  expect(await axeViolations(page, '[data-testid="quick-open"]')).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => activeFile(page)).toEqual({ path: 'src/util/strings.py', language: 'python' });
  await expect.poll(() => editorFocused(page)).toBe(true);
  expect(await editorText(page)).toBe(FILES[1].content); // nothing typed into the file

  // Arrow keys move the choice; a query with no match says so; Escape closes and the editor has focus again.
  await page.keyboard.press('Control+p');
  await page.keyboard.type('py');
  await expect(items).toHaveCount(2);
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.type('qqqq');
  await expect(dialog).toContainText('No file matches.');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => editorFocused(page)).toBe(true);
  expect(await activeFile(page)).toEqual({ path: 'src/util/strings.py', language: 'python' });
  expect((await prevented(page)).every((p) => p === 'p:true')).toBe(true);
});

test('Ctrl+Shift+P: the command palette lists the commands with their keys and runs the one chosen', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', files: FILES });
  await openInTree(page, 'src/app.py');
  await page.keyboard.press('Control+Shift+P');
  const palette = page.getByRole('dialog', { name: 'Commands' });
  await expect(palette).toBeVisible();
  await expect(page.getByTestId('palette-input')).toBeFocused();
  await expect(page.getByTestId('command-save')).toContainText('Ctrl + S');
  await expect(page.getByTestId('command-quickOpen')).toContainText('Ctrl + P');
  await expect(page.getByTestId('command-search')).toContainText('Ctrl + Shift + F');
  for (const t of [
    'Open settings',
    'Start the demo',
    'Export the workspace as a zip',
    'Switch completions on or off for this language',
    'Review a diff',
  ])
    await expect(palette).toContainText(t);
  expect(await axeViolations(page, '[data-testid="command-palette"]')).toEqual([]);
  await page.keyboard.type('settings');
  // Ranked fuzzily: the command named for it first.
  await expect(page.locator('[cmdk-item]').first()).toContainText('Open settings');
  await expect(page.locator('[cmdk-item]').first()).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: /Settings/ })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // A command that opens another overlay; and one that changes a setting.
  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.type('go to file');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Go to file' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('lang-toggle')).toBeChecked();
  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.type('completions');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lang-toggle')).not.toBeChecked();
});

test('Ctrl+Shift+F: search across files with case, whole word and regular expressions; a bad expression is an inline error', async ({
  page,
  openIde,
}) => {
  // A laptop's window: the side panel starts hidden, search opens it beside the editor, never over the text.
  await page.setViewportSize({ width: 1024, height: 700 });
  await openIde({ model: 'fixture-valid', files: FILES });
  await openInTree(page, 'src/app.py');
  await page.keyboard.press('Control+Shift+F');
  const panel = page.getByRole('dialog', { name: 'Search in files' });
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('search-input')).toBeFocused();
  const editorBox = (await page.getByTestId('editor-area').boundingBox())!;
  const panelBox = (await panel.boundingBox())!;
  expect(panelBox.x).toBeGreaterThanOrEqual(editorBox.x + editorBox.width - 1);
  await page.keyboard.type('add');
  const summary = page.getByTestId('search-summary');
  await expect(summary).toHaveText('4 matches in 3 files');
  // Grouped per file, with line numbers and the matching line.
  const strings = page.locator('[data-testid="search-file"][data-path="src/util/strings.py"]');
  await expect(strings.getByTestId('search-hit')).toHaveText(['1 x = add(1, 2)', '2 adder = 3']);
  await page.getByTestId('search-word').check();
  await expect(summary).toHaveText('3 matches in 3 files');
  await page.getByTestId('search-word').uncheck();
  await page.getByTestId('search-case').check();
  await page.getByTestId('search-input').fill('ADD');
  await expect(summary).toHaveText('0 matches in 0 files');
  await page.getByTestId('search-case').uncheck();
  await page.getByTestId('search-regex').check();
  await page.getByTestId('search-input').fill('add(');
  await expect(page.getByTestId('search-error')).toContainText('Not a valid regular expression');
  await expect(page.getByTestId('search-hit')).toHaveCount(0);
  await page.getByTestId('search-input').fill('add\\(\\d');
  await expect(summary).toHaveText('1 match in 1 file');
  expect(await axeViolations(page, '[data-testid="search-panel"]')).toEqual([]);
  // A result opens its file with the match selected.
  await strings.getByTestId('search-hit').first().click();
  await expect.poll(() => activeFile(page)).toEqual({ path: 'src/util/strings.py', language: 'python' });
  const sel = await page.evaluate(() =>
    (
      window as unknown as { __ide: { editor: { getSelection(): { startLineNumber: number; startColumn: number; endColumn: number } } } }
    ).__ide.editor.getSelection(),
  );
  expect([sel.startLineNumber, sel.startColumn, sel.endColumn]).toEqual([1, 5, 10]);
  await expect.poll(() => editorFocused(page)).toBe(true);
  // Escape in the panel closes it and the editor has focus.
  await page.keyboard.press('Control+Shift+F');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect.poll(() => editorFocused(page)).toBe(true);
  // The side panel is given back as it was: hidden on this window.
  await expect(page.getByTestId('side-panel')).toHaveAttribute('inert', '');
});

test('replace: one match through the editor or the workspace; Replace all across files undone and redone by one key in any of them; all saved', async ({
  page,
  openIde,
}) => {
  await openIde({ model: 'fixture-valid', files: FILES });
  await openInTree(page, 'src/app.py');
  await page.keyboard.press('Control+Shift+F');
  await page.keyboard.type('add');
  await page.getByTestId('search-word').check();
  await page.getByTestId('replace-input').fill('sum');
  // One match first, in a file that is not open.
  await page.locator('[data-testid="search-file"][data-path="notes.md"]').getByTestId('replace-one').click();
  await expect(page.getByTestId('search-summary')).toHaveText('Replaced 1 match in notes.md.');
  await page.getByTestId('replace-all').click();
  await expect(page.getByTestId('replace-all-confirm')).toBeVisible();
  await page.getByTestId('replace-all-confirm').click();
  await expect(page.getByTestId('search-summary')).toHaveText('Replaced 2 matches in 2 files. Ctrl+Z in any of them undoes it in all.');
  expect(await editorText(page)).toBe('def sum(a, b):\n    return a + b\n');
  await page.keyboard.press('Escape');
  await expect.poll(() => editorFocused(page)).toBe(true);
  // One undo in the open file takes the replacement back from the file that was not open too.
  await page.keyboard.press('Control+z');
  await expect.poll(() => editorText(page)).toBe('def add(a, b):\n    return a + b\n');
  await openInTree(page, 'src/util/strings.py');
  await expect.poll(() => editorText(page)).toBe('x = add(1, 2)\nadder = 3\n');
  // Redo from that file puts it back in both; undo again from there.
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(() => editorText(page)).toBe('x = sum(1, 2)\nadder = 3\n');
  await openInTree(page, 'src/app.py');
  await expect.poll(() => editorText(page)).toBe('def sum(a, b):\n    return a + b\n');
  await page.keyboard.press('Control+z');
  await expect.poll(() => editorText(page)).toBe('def add(a, b):\n    return a + b\n');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  // The journal and the store have every change: after a reload the files read as they were left.
  await page.reload(); // the files, not the model: no wait for it to load again
  await openInTree(page, 'src/util/strings.py');
  await expect.poll(() => editorText(page)).toBe('x = add(1, 2)\nadder = 3\n');
  await openInTree(page, 'notes.md');
  await expect.poll(() => editorText(page)).toBe('# notes\nsum more\n');
  await openInTree(page, 'src/app.py');
  await expect.poll(() => editorText(page)).toBe('def add(a, b):\n    return a + b\n');
});

test('the keys overlay lists the new keys', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid' });
  await page.getByTestId('open-help').click();
  const help = page.getByTestId('help');
  for (const k of ['Anywhere', 'Ctrl + S', 'Ctrl + P', 'Ctrl + Shift + P', 'Ctrl + Shift + F', 'Search and replace in files'])
    await expect(help).toContainText(k);
});
