// A folder opened read-write (File System Access API): edits, new, renamed and
// deleted files reach the folder; a change made there by another program is
// the user's choice (keep mine, take theirs, compare); the folder is offered
// again after a reload; a write the disk refuses is said and loses nothing.
// The picker dialog is the one part a test cannot click: it is replaced by one
// that hands over a real directory handle of the origin-private file system,
// so every read and write below is the browser's own.
import type { Page } from '@playwright/test';
import { editorText, expect, test, typeAtEndOfLine } from '../testing/playwright/ide';
import { openInTree } from '../testing/playwright/workspace';
import { SEMANTIC_ROUTER, warmTypesCheck } from '../testing/playwright/types-check';

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'device-independent'));

const MAIN = 'def answer():\n    return 4\n';
const MOD = 'X = 1\n';

/** The picker hands over OPFS `proj`; with `failing`, a wrapper whose writes throw while `window.__diskFull` is set. */
async function installPicker(page: Page, failing = false): Promise<void> {
  await page.addInitScript((fail) => {
    type D = FileSystemDirectoryHandle;
    type F = FileSystemFileHandle;
    const w = window as unknown as { showDirectoryPicker(): Promise<unknown>; __diskFull?: boolean };
    const wrapFile = (f: F) => ({
      kind: 'file',
      name: f.name,
      getFile: () => f.getFile(),
      createWritable: () =>
        w.__diskFull
          ? Promise.reject(new DOMException('There is not enough space on the disk.', 'QuotaExceededError'))
          : f.createWritable(),
    });
    const wrapDir = (d: D): object => ({
      kind: 'directory',
      name: d.name,
      async *values() {
        for await (const h of (d as unknown as { values(): AsyncIterable<D | F> }).values())
          yield h.kind === 'directory' ? wrapDir(h as D) : wrapFile(h as F);
      },
      getFileHandle: async (n: string, o?: FileSystemGetFileOptions) => wrapFile(await d.getFileHandle(n, o)),
      getDirectoryHandle: async (n: string, o?: FileSystemGetDirectoryOptions) => wrapDir(await d.getDirectoryHandle(n, o)),
      removeEntry: (n: string, o?: FileSystemRemoveOptions) => d.removeEntry(n, o),
    });
    w.showDirectoryPicker = async () => {
      const proj = await (await navigator.storage.getDirectory()).getDirectoryHandle('proj', { create: true });
      return fail ? wrapDir(proj) : proj;
    };
  }, failing);
}

/** Another program writes `proj/<path>` (folders created on the way). */
async function writeOnDisk(page: Page, path: string, text: string): Promise<void> {
  await page.evaluate(
    async ([p, t]) => {
      const segs = `proj/${p}`.split('/');
      const name = segs.pop()!;
      let d = await navigator.storage.getDirectory();
      for (const s of segs) d = await d.getDirectoryHandle(s, { create: true });
      const w = await (await d.getFileHandle(name, { create: true })).createWritable();
      await w.write(t);
      await w.close();
    },
    [path, text] as const,
  );
}

/** The text of `proj/<path>` on disk; null when there is no such file. */
async function readOnDisk(page: Page, path: string): Promise<string | null> {
  return page.evaluate(async (p) => {
    const segs = `proj/${p}`.split('/');
    const name = segs.pop()!;
    try {
      let d = await navigator.storage.getDirectory();
      for (const s of segs) d = await d.getDirectoryHandle(s);
      return await (await (await d.getFileHandle(name)).getFile()).text();
    } catch {
      return null;
    }
  }, path);
}

/** Every entry below `proj`, folders with a trailing slash. */
async function diskTree(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [];
    const walk = async (d: FileSystemDirectoryHandle, prefix: string) => {
      for await (const h of (d as unknown as { values(): AsyncIterable<FileSystemHandle> }).values()) {
        if (h.kind === 'directory') {
          out.push(`${prefix}${h.name}/`);
          await walk(h as FileSystemDirectoryHandle, `${prefix}${h.name}/`);
        } else out.push(`${prefix}${h.name}`);
      }
    };
    try {
      await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle('proj'), '');
    } catch (e) {
      // A folder the app removes while it is walked (a rename in progress): a poll reads it again.
      if ((e as Error).name === 'NotFoundError') return ['(changing while read)'];
      throw e;
    }
    return out.sort();
  });
}

async function openFolder(page: Page, files = 2): Promise<void> {
  await writeOnDisk(page, 'main.py', MAIN);
  await writeOnDisk(page, 'pkg/mod.py', MOD);
  await page.getByTestId('import-folder-fsa').click();
  await expect(page.getByTestId('import-report')).toContainText(`Imported ${files} of ${files} files.`);
  await expect(page.getByTestId('disk-state')).toHaveAttribute('data-state', 'synced');
}

const focusBack = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

test('edits, new, renamed and deleted files and folders are written to the folder on disk', async ({ page, openIde }) => {
  await installPicker(page);
  await openIde({ model: 'fixture-valid' });
  await openFolder(page);
  await openInTree(page, 'proj/main.py');
  await typeAtEndOfLine(page, 2, '2');
  await expect.poll(() => readOnDisk(page, 'main.py')).toBe('def answer():\n    return 42\n');
  await expect(page.getByTestId('disk-state')).toContainText('proj on disk: Written to disk');

  await page.getByTestId('new-file').click();
  await page.getByTestId('name-input').fill('proj/lib/util.py');
  await page.getByTestId('name-submit').click();
  await expect.poll(() => readOnDisk(page, 'lib/util.py')).toBe('');
  await typeAtEndOfLine(page, 1, 'Y = 2');
  await expect.poll(() => readOnDisk(page, 'lib/util.py')).toBe('Y = 2');

  const tree = page.getByTestId('file-tree');
  await tree.getByTestId('tree-item-proj/pkg').click();
  await page.getByTestId('rename').click();
  await page.getByTestId('name-input').fill('proj/core');
  await page.getByTestId('name-submit').click();
  await expect.poll(() => diskTree(page)).toEqual(['core/', 'core/mod.py', 'lib/', 'lib/util.py', 'main.py']);
  expect(await readOnDisk(page, 'core/mod.py')).toBe(MOD);

  await tree.getByTestId('tree-item-proj/lib').click();
  await page.getByTestId('delete').click();
  await page.getByTestId('confirm-delete').click();
  await expect.poll(() => diskTree(page)).toEqual(['core/', 'core/mod.py', 'main.py']);
  await expect(page.getByTestId('disk-state')).toHaveAttribute('data-state', 'synced');
});

test('a file changed on disk behind the app: noticed on focus; keep mine, take theirs (undo brings mine back) and compare', async ({
  page,
  openIde,
}) => {
  await installPicker(page);
  await openIde({ model: 'fixture-valid' });
  await openFolder(page);
  await openInTree(page, 'proj/main.py');
  await typeAtEndOfLine(page, 2, '2');
  const mine = 'def answer():\n    return 42\n';
  await expect.poll(() => readOnDisk(page, 'main.py')).toBe(mine);
  const conflict = page.getByTestId('conflict-proj/main.py');

  // Keep mine: the disk gets the editor's text back.
  await writeOnDisk(page, 'main.py', 'theirs = 1\n');
  await focusBack(page);
  await expect(conflict).toContainText('proj/main.py was changed on disk by another program.');
  expect(await readOnDisk(page, 'main.py')).toBe('theirs = 1\n');
  await conflict.getByTestId('conflict-keep-mine').click();
  await expect(conflict).toHaveCount(0);
  await expect.poll(() => readOnDisk(page, 'main.py')).toBe(mine);
  expect(await editorText(page)).toBe(mine);

  // Take theirs: the editor gets the disk's text; undo brings mine back (and writes it).
  await writeOnDisk(page, 'main.py', 'theirs = 2\n');
  await focusBack(page);
  await conflict.getByTestId('conflict-take-theirs').click();
  await expect(conflict).toHaveCount(0);
  expect(await editorText(page)).toBe('theirs = 2\n');
  await page.evaluate(() => (window as unknown as { __ide: { editor: { focus(): void } } }).__ide.editor.focus());
  await page.keyboard.press('Control+z');
  expect(await editorText(page)).toBe(mine);
  await expect.poll(() => readOnDisk(page, 'main.py')).toBe(mine);

  // Compare: theirs against mine in a diff editor, then decide there.
  await writeOnDisk(page, 'main.py', 'theirs = 3\n');
  await focusBack(page);
  await conflict.getByTestId('conflict-compare').click();
  const dialog = page.getByTestId('conflict-dialog');
  await expect(dialog.locator('.monaco-diff-editor')).toBeVisible();
  // Escape closes it and decides nothing; Compare opens it again.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(conflict).toBeVisible();
  await conflict.getByTestId('conflict-compare').click();
  await expect(dialog.locator('.monaco-diff-editor')).toBeVisible();
  await expect(dialog.locator('.editor.original')).toContainText('theirs = 3');
  await expect(dialog.locator('.editor.modified')).toContainText('return 42');
  await dialog.getByTestId('compare-take-theirs').click();
  await expect(dialog).toHaveCount(0);
  expect(await editorText(page)).toBe('theirs = 3\n');
  expect(await readOnDisk(page, 'main.py')).toBe('theirs = 3\n');
});

test('after a reload the folder is offered again: Reopen asks for permission, notices what changed on disk meanwhile, and writes again', async ({
  page,
  openIde,
}) => {
  await installPicker(page);
  await openIde({ model: 'fixture-valid' });
  await openFolder(page);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  const reopen = page.getByTestId('folder-reopen');
  await expect(reopen).toHaveText('Reopen proj');
  await expect(page.getByTestId('disk-state')).toHaveCount(0);
  await writeOnDisk(page, 'pkg/mod.py', 'X = 99\n');
  await reopen.click();
  await expect(page.getByTestId('disk-state')).toHaveAttribute('data-state', 'synced');
  await expect(reopen).toHaveCount(0);
  await expect(page.getByTestId('conflict-proj/pkg/mod.py')).toBeVisible();
  await openInTree(page, 'proj/main.py');
  await typeAtEndOfLine(page, 2, '0');
  await expect.poll(() => readOnDisk(page, 'main.py')).toBe('def answer():\n    return 40\n');
});

test('a write the disk refuses is shown, the typed text is kept, and it is written once the disk takes it again', async ({
  page,
  openIde,
}) => {
  await installPicker(page, true);
  await openIde({ model: 'fixture-valid' });
  await openFolder(page);
  await openInTree(page, 'proj/main.py');
  await page.evaluate(() => {
    (window as unknown as { __diskFull: boolean }).__diskFull = true;
  });
  await typeAtEndOfLine(page, 2, '2');
  const state = page.getByTestId('disk-state');
  await expect(state).toHaveAttribute('data-state', 'error');
  await expect(state).toContainText('The disk holding "proj" is full (QuotaExceededError). Your changes are kept in this browser');
  expect(await readOnDisk(page, 'main.py')).toBe(MAIN);
  expect(await editorText(page)).toBe('def answer():\n    return 42\n');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');

  await page.evaluate(() => {
    (window as unknown as { __diskFull: boolean }).__diskFull = false;
  });
  await typeAtEndOfLine(page, 2, '1');
  await expect.poll(() => readOnDisk(page, 'main.py')).toBe('def answer():\n    return 421\n');
  await expect(state).toHaveAttribute('data-state', 'synced');
});

test('Ctrl+S writes to the folder too, and confirms only once the disk took it', async ({ page, openIde }) => {
  await installPicker(page, true);
  await openIde({ model: 'fixture-valid' });
  await openFolder(page);
  await openInTree(page, 'proj/main.py');
  const save = page.getByTestId('save-state');
  const disk = page.getByTestId('disk-state');
  await page.evaluate(() => {
    (window as unknown as { __diskFull: boolean }).__diskFull = true;
  });
  await typeAtEndOfLine(page, 2, '2');
  await page.keyboard.press('Control+s');
  await expect(disk).toHaveAttribute('data-state', 'error');
  await expect(save).toHaveAttribute('data-confirmed', 'false');
  expect(await readOnDisk(page, 'main.py')).toBe(MAIN);

  // Nothing new typed: only the explicit save writes the pending file.
  await page.evaluate(() => {
    (window as unknown as { __diskFull: boolean }).__diskFull = false;
  });
  await page.keyboard.press('Control+s');
  await expect(save).toHaveAttribute('data-confirmed', 'true');
  expect(await readOnDisk(page, 'main.py')).toBe('def answer():\n    return 42\n');
  await expect(disk).toHaveAttribute('data-state', 'synced');
  expect(await editorText(page)).toBe('def answer():\n    return 42\n');
});

test("a package's types from the folder's node_modules reach the types check: a member its type lacks is a type error", async ({
  page,
  openIde,
  server,
}) => {
  server.setMode({ kind: 'ok', text: 'box.aa + b' });
  await installPicker(page);
  // The fixture model writes `a + b` after `box.`: `Box` comes from the installed package, and has `aa`, not `a`.
  await openIde({ model: 'fixture-valid', router: SEMANTIC_ROUTER });
  await writeOnDisk(
    page,
    'src/main.ts',
    `import type { Box } from 'boxes';\nexport function f(box: Box, b: number): number {\n  return box.\n}\n`,
  );
  await writeOnDisk(page, 'node_modules/boxes/package.json', JSON.stringify({ name: 'boxes', types: 'dist/index.d.ts' }));
  await writeOnDisk(page, 'node_modules/boxes/dist/index.d.ts', `export interface Box {\n  aa: number;\n  size: number;\n}\n`);
  await page.getByTestId('import-folder-fsa').click();
  // The package is read as the check asks for it, never taken into the workspace.
  await expect(page.getByTestId('import-report')).toContainText('Imported 1 of 1 files.');
  await openInTree(page, 'proj/src/main.ts');
  type Seams = { __ide: { packagesLearnt(): Promise<void> } };
  await warmTypesCheck(page);
  const badge = page.getByTestId('privacy-badge');
  // The first checks ask for the package and run before it is read (its values `any` until then). A few keys, the
  // package learnt between them.
  for (let attempt = 1; attempt <= 5 && (await badge.getAttribute('data-route')) !== 'escalated'; attempt++) {
    const seq = Number((await badge.getAttribute('data-seq')) ?? 0);
    await typeAtEndOfLine(page, 3, ' ');
    await expect(badge).toHaveAttribute('data-seq', String(seq + 1));
    await page.evaluate(() => (window as unknown as Seams).__ide.packagesLearnt());
  }
  await expect(badge).toHaveAttribute('data-route', 'escalated');
  await expect(badge).toHaveAttribute('data-reasons', 'semantic');
  await page.getByTestId('completion-details').locator('summary').click();
  await expect(page.getByTestId('semantic-type-errors')).toContainText("Property 'a' does not exist on type 'Box'");
});
