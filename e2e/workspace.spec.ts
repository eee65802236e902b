// The workspace: a file tree with folders, tabs, one model per file with its
// own undo, persistence that survives an immediate reload byte for byte, and
// storage errors that are shown.
import { editorText, expect, test, typeAtEndOfLine } from '../testing/playwright/ide';
import { activeFile, openInTree, shot } from '../testing/playwright/workspace';

// Nothing here depends on the inference device: run once, in the WASM project.
test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'device-independent'));

const FILES = [
  { path: 'src/app.py', content: 'def add(a, b):\n    return a\n' },
  { path: 'src/util/strings.py', content: 'X = 1\n' },
  { path: 'java/Main.java', content: 'class Main {}\n' },
  { path: 'notes.md', content: '# notes\n' },
];

test('file tree: folders, create, rename, move, delete; tabs; language from the name', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', files: FILES });
  const tree = page.getByTestId('file-tree');
  await expect(tree.getByTestId('tree-item-src')).toBeVisible();
  await expect(tree.getByTestId('tree-item-java')).toBeVisible();
  await expect(page.getByTestId('file-count')).toHaveText('4 files');
  // open a nested file
  await openInTree(page, 'src/util/strings.py');
  expect(await activeFile(page)).toEqual({ path: 'src/util/strings.py', language: 'python' });
  await expect(page.getByTestId('tab-src/util/strings.py')).toHaveAttribute('aria-selected', 'true');
  // create a C++ file in the selected folder
  await page.getByTestId('new-file').click();
  await expect(page.getByTestId('name-input')).toHaveValue('src/util/');
  await page.getByTestId('name-input').fill('src/util/fast.cpp');
  await page.getByTestId('name-submit').click();
  expect(await activeFile(page)).toEqual({ path: 'src/util/fast.cpp', language: 'cpp' });
  // a refused name is explained and nothing changes
  await page.getByTestId('new-file').click();
  await page.getByTestId('name-input').fill('src/what?.py');
  await page.getByTestId('name-submit').click();
  await expect(page.getByTestId('tree-error')).toContainText('"?"');
  await page.getByTestId('name-input').press('Escape');
  // rename a file: the tab follows, the language follows the new name
  await tree.getByTestId('tree-item-src/util/fast.cpp').click();
  await page.getByTestId('rename').click();
  await page.getByTestId('name-input').fill('src/util/Fast.java');
  await page.getByTestId('name-submit').click();
  await expect(page.getByTestId('tab-src/util/Fast.java')).toHaveAttribute('aria-selected', 'true');
  expect(await activeFile(page)).toEqual({ path: 'src/util/Fast.java', language: 'java' });
  // move a folder with its files by renaming it
  await tree.getByTestId('tree-item-src/util').click();
  await page.getByTestId('rename').click();
  await page.getByTestId('name-input').fill('lib/util');
  await page.getByTestId('name-submit').click();
  await expect(tree.getByTestId('tree-item-lib/util/strings.py')).toBeVisible();
  await expect(page.getByTestId('tab-lib/util/strings.py')).toBeVisible();
  // move a file by drag and drop onto a folder
  await tree.getByTestId('tree-item-notes.md').dragTo(tree.getByTestId('tree-item-java'));
  await expect(tree.getByTestId('tree-item-java/notes.md')).toBeVisible();
  // delete a folder: its tabs close
  await tree.getByTestId('tree-item-lib').click();
  await page.getByTestId('delete').click();
  await page.getByTestId('confirm-delete').click();
  await expect(tree.getByTestId('tree-item-lib')).toHaveCount(0);
  await expect(page.getByTestId('tab-lib/util/strings.py')).toHaveCount(0);
  await expect(page.getByTestId('file-count')).toHaveText('3 files');
  await shot(page, 'workspace-tree');
  // all of it survives a reload
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await expect(page.getByTestId('file-count')).toHaveText('3 files');
  await expect(page.getByTestId('tree-item-java')).toBeVisible();
  await openInTree(page, 'java/notes.md');
  expect(await activeFile(page)).toEqual({ path: 'java/notes.md', language: 'plaintext' });
});

test('each file keeps its own undo history across tab switches, renames and folder moves', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', files: FILES });
  await openInTree(page, 'src/app.py');
  await typeAtEndOfLine(page, 2, '+b');
  await openInTree(page, 'java/Main.java');
  await typeAtEndOfLine(page, 1, '//j');
  await page.getByTestId('tab-src/app.py').click();
  await page.keyboard.press('Control+z');
  expect(await editorText(page)).toBe('def add(a, b):\n    return a\n');
  await page.getByTestId('tab-java/Main.java').click();
  expect(await editorText(page)).toBe('class Main {}//j\n');
  await page.keyboard.press('Control+z');
  expect(await editorText(page)).toBe('class Main {}\n');
  // a rename (with a new language) and a move of the folder above keep the history
  await openInTree(page, 'src/util/strings.py');
  await typeAtEndOfLine(page, 1, '23');
  await page.getByTestId('rename').click();
  await page.getByTestId('name-input').fill('src/util/strings.txt');
  await page.getByTestId('name-submit').click();
  expect(await activeFile(page)).toEqual({ path: 'src/util/strings.txt', language: 'plaintext' });
  await page.getByTestId('file-tree').getByTestId('tree-item-src').click();
  await page.getByTestId('rename').click();
  await page.getByTestId('name-input').fill('lib');
  await page.getByTestId('name-submit').click();
  await page.getByTestId('tab-lib/util/strings.txt').click();
  expect(await activeFile(page)).toEqual({ path: 'lib/util/strings.txt', language: 'plaintext' });
  expect(await editorText(page)).toBe('X = 123\n');
  await page.keyboard.press('Control+z');
  expect(await editorText(page)).toBe('X = 1\n');
  // and the undo reached the workspace under the new name
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await expect(page.getByTestId('tab-lib/util/strings.txt')).toHaveAttribute('aria-selected', 'true');
  expect(await editorText(page)).toBe('X = 1\n');
});

test('typed text survives an immediate reload byte for byte', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', files: FILES });
  await openInTree(page, 'src/app.py');
  const typed = ' + b  # ünïcødé ✓ 中文\t"quotes" \\ end';
  await typeAtEndOfLine(page, 2, typed);
  const before = await editorText(page);
  await page.reload(); // no waiting for the autosave
  await expect(page.getByTestId('tab-src/app.py')).toHaveAttribute('aria-selected', 'true');
  const after = await editorText(page);
  expect(Buffer.from(after)).toEqual(Buffer.from(before));
  expect(after).toBe(`def add(a, b):\n    return a${typed}\n`);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
});

test('a storage quota error is shown, not swallowed, and clears once storage works again', async ({ page, openIde }) => {
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      if ((window as unknown as { __quotaFull?: boolean }).__quotaFull)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    } as typeof put;
  });
  await openIde({ model: 'fixture-valid', files: FILES });
  await page.evaluate(() => {
    (window as unknown as { __quotaFull: boolean }).__quotaFull = true;
  });
  await openInTree(page, 'src/app.py');
  await typeAtEndOfLine(page, 2, ' + b');
  const state = page.getByTestId('save-state');
  await expect(state).toHaveAttribute('data-state', 'error');
  await expect(state).toHaveAttribute('role', 'alert');
  await expect(state).toContainText('storage is full');
  await shot(page, 'workspace-quota-error');
  await page.evaluate(() => {
    (window as unknown as { __quotaFull: boolean }).__quotaFull = false;
  });
  await page.keyboard.type(' ');
  await expect(state).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await page.getByTestId('tab-src/app.py').click();
  expect(await editorText(page)).toBe('def add(a, b):\n    return a + b \n');
});

test('a deleted file or folder comes back with Undo or Ctrl+Z, content and undo history included; focus stays on the next row', async ({
  page,
  openIde,
}) => {
  await openIde({ model: 'fixture-valid', files: FILES });
  const tree = page.getByRole('tree', { name: 'Workspace files' });
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-path'));
  await openInTree(page, 'src/app.py');
  await typeAtEndOfLine(page, 2, '+b');
  // Delete the file from the keyboard: focus goes to the row below it, not to the tree's first row.
  await tree.locator('[data-path="src/app.py"]').focus();
  await page.keyboard.press('Delete');
  await page.keyboard.press('Enter');
  await expect(tree.locator('[data-path="src/app.py"]')).toHaveCount(0);
  await expect(page.getByTestId('undo-notice')).toContainText('Deleted src/app.py');
  await expect.poll(focused).toBe('notes.md');
  // Ctrl+Z in the tree brings it back, with what was typed, and focus on it.
  await page.keyboard.press('Control+z');
  await expect(tree.locator('[data-path="src/app.py"]')).toHaveCount(1);
  await expect(page.getByTestId('undo-notice')).toHaveCount(0);
  await expect.poll(focused).toBe('src/app.py');
  await page.keyboard.press('Enter');
  expect(await editorText(page)).toBe('def add(a, b):\n    return a+b\n');
  // The editor's undo history came back with it.
  await page.keyboard.press('Control+z');
  expect(await editorText(page)).toBe(FILES[0].content);

  // A folder with everything in it, through the Undo button; it survives a reload.
  await page.getByTestId('tree-item-src').click();
  await page.getByTestId('delete').click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('file-count')).toHaveText('2 files');
  await expect.poll(focused).toBe('notes.md');
  await page.getByTestId('undo-delete').click();
  await expect(page.getByTestId('file-count')).toHaveText('4 files');
  await openInTree(page, 'src/util/strings.py');
  expect(await editorText(page)).toBe('X = 1\n');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await expect(page.getByTestId('file-count')).toHaveText('4 files');
});
