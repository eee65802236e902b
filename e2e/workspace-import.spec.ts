// Import (file picker, folder, drag and drop) with bad input refused clearly,
// and zip export with the workspace's exact contents.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Locator } from '@playwright/test';
import { editorText, expect, test } from '../testing/playwright/ide';
import { openInTree, shot } from '../testing/playwright/workspace';

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'device-independent'));

const FILES = [
  { path: 'main.py', content: 'def add(a, b):\n    return a + b\n' },
  { path: 'src/ü.py', content: 'x = "ü"\n' },
];

test('file picker import: text kept; binary, 6 MB, existing and refused names skipped with reasons; nothing lost', async ({
  page,
  openIde,
}) => {
  await openIde({ model: 'fixture-valid', files: FILES });
  await page.getByTestId('import-files').setInputFiles([
    { name: 'util.py', mimeType: 'text/x-python', buffer: Buffer.from('def util():\n    pass\n') },
    { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]) },
    { name: 'huge.log', mimeType: 'text/plain', buffer: Buffer.alloc(6 * 1024 * 1024, 0x61) },
    { name: 'main.py', mimeType: 'text/x-python', buffer: Buffer.from('OVERWRITE?\n') },
    { name: 'what?.py', mimeType: 'text/x-python', buffer: Buffer.from('x\n') },
  ]);
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('Imported 1 of 5 files.');
  await expect(report).toContainText('binary');
  await expect(report).toContainText('larger than 5 MB');
  await expect(report).toContainText('already in the workspace (yours is kept)');
  await expect(report).toContainText('refused name');
  await shot(page, 'import-report');
  await openInTree(page, 'util.py');
  expect(await editorText(page)).toBe('def util():\n    pass\n');
  await openInTree(page, 'main.py');
  expect(await editorText(page)).toBe(FILES[0].content);
});

test('a dropped file is imported; export zip holds every file byte for byte', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', files: FILES });
  await page.evaluate(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['// dropped\n'], 'Dropped.java', { type: 'text/x-java' }));
    const tree = document.querySelector('[data-testid="file-tree"]')!;
    tree.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    tree.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  });
  await expect(page.getByTestId('import-report')).toContainText('Imported 1 of 1 files.');
  await expect(page.getByTestId('tree-item-Dropped.java')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-zip').click()]);
  expect(download.suggestedFilename()).toBe('workspace.zip');
  const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const got = Object.fromEntries(Object.entries(zip).map(([k, v]) => [k, strFromU8(v)]));
  expect(got).toEqual({ 'main.py': FILES[0].content, 'src/': '', 'src/ü.py': FILES[1].content, 'Dropped.java': '// dropped\n' });
});

test('"Add folder" imports a real folder with its structure', async ({ page, openIde }) => {
  const dir = mkdtempSync(join(tmpdir(), 'import-folder-'));
  try {
    mkdirSync(join(dir, 'proj', 'pkg'), { recursive: true });
    writeFileSync(join(dir, 'proj', 'pkg', 'mod.py'), 'def mod():\n    return 1\n');
    writeFileSync(join(dir, 'proj', 'Main.java'), 'class Main {}\n');
    await openIde({ model: 'fixture-valid', files: FILES });
    await page.getByTestId('import-dir').setInputFiles(join(dir, 'proj'));
    await expect(page.getByTestId('import-report')).toContainText('Imported 2 of 2 files.');
    await openInTree(page, 'proj/pkg/mod.py');
    expect(await editorText(page)).toBe('def mod():\n    return 1\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('"Open folder" (File System Access API) walks a real directory handle: 20 MB, binary and clashing files skipped with reasons, .git not walked; cancel changes nothing, a refusal is said', async ({
  page,
  openIde,
}) => {
  // The picker dialog is the one part a test cannot click: it is replaced by one that hands over a real
  // FileSystemDirectoryHandle (the origin-private file system), so the walk, getFile() and the reads are the browser's own.
  await page.addInitScript(() => {
    let calls = 0;
    const write = async (dir: FileSystemDirectoryHandle, name: string, data: BlobPart) => {
      const w = await (await dir.getFileHandle(name, { create: true })).createWritable();
      await w.write(new Blob([data]));
      await w.close();
    };
    (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () => {
      if (++calls === 1) throw new DOMException('The user aborted a request.', 'AbortError');
      if (calls === 2) throw new DOMException('The request is not allowed by the user agent.', 'NotAllowedError');
      const root = await navigator.storage.getDirectory();
      await root.removeEntry('proj', { recursive: true }).catch(() => {});
      const proj = await root.getDirectoryHandle('proj', { create: true });
      const pkg = await proj.getDirectoryHandle('pkg', { create: true });
      const git = await proj.getDirectoryHandle('.git', { create: true });
      await write(pkg, 'mod.py', 'def mod():\n    return 1\n');
      await write(proj, 'Main.java', 'class Main {}\n');
      await write(proj, 'keep.py', 'theirs\n');
      await write(proj, 'logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
      await write(proj, 'huge.txt', new Uint8Array(20 * 1024 * 1024).fill(0x61));
      await write(git, 'HEAD', 'ref: refs/heads/main\n');
      return proj;
    };
  });
  await openIde({ model: 'fixture-valid', files: [...FILES, { path: 'proj/keep.py', content: 'mine\n' }] });
  const open = page.getByTestId('import-folder-fsa');
  await open.click(); // cancelled in the dialog
  await expect(page.getByTestId('file-count')).toHaveText('3 files');
  await expect(page.getByTestId('import-report')).toHaveCount(0);
  await open.click(); // permission refused: said, not taken for a cancel
  await expect(page.getByTestId('import-report')).toContainText(
    'Import failed: The request is not allowed by the user agent. Nothing in the workspace was changed.',
  );
  await open.click();
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('Imported 2 of 5 files.');
  await expect(report).toContainText('Skipped 1 larger than 5 MB (e.g. proj/huge.txt)');
  await expect(report).toContainText('Skipped 1 binary (not text) (e.g. proj/logo.png)');
  // Not walked at all (a project's node_modules can hold more files than the rest of it), and said.
  await expect(report).toContainText('Skipped 1 folder(s) not read: .git, node_modules (e.g. proj/.git)');
  await expect(report).toContainText('Skipped 1 already in the workspace (yours is kept) (e.g. proj/keep.py)');
  await expect(page.getByTestId('file-count')).toHaveText('5 files');
  await openInTree(page, 'proj/pkg/mod.py');
  expect(await editorText(page)).toBe('def mod():\n    return 1\n');
  await openInTree(page, 'proj/keep.py');
  expect(await editorText(page)).toBe('mine\n');
  await openInTree(page, 'main.py');
  expect(await editorText(page)).toBe(FILES[0].content);
});

/** Waits while the import report says it is importing and its count moves; a minute without a new file looked at is a stall. */
async function whileImporting(report: Locator): Promise<void> {
  let last = '';
  let movedAt = Date.now();
  for (;;) {
    const text = (await report.textContent()) ?? '';
    if (text && !text.startsWith('Importing')) return;
    if (text !== last) [last, movedAt] = [text, Date.now()];
    else if (Date.now() - movedAt > 60_000) throw new Error(`the import stalled at "${text}"`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

test('a real folder of 50,000 files: imported up to the 10,000-file limit, the rest counted and said, the tree stays usable, nothing lost', async ({
  page,
  openIde,
}) => {
  // Only a hang fails it: a busy machine imports slower, and the report's count keeps moving.
  test.setTimeout(600_000);
  const dir = mkdtempSync(join(tmpdir(), 'import-50k-'));
  try {
    mkdirSync(join(dir, 'big'));
    for (let i = 0; i < 50_000; i++) writeFileSync(join(dir, 'big', `f${i}.txt`), `${i}\n`);
    await openIde({ model: 'fixture-valid', files: FILES });
    await page.getByTestId('import-dir').setInputFiles(join(dir, 'big'));
    const report = page.getByTestId('import-report');
    await whileImporting(report);
    // The limit is the workspace's: the 2 files already there count.
    await expect(report).toContainText('Imported 9,998 of 50,000 files.');
    await expect(report).toContainText('Skipped 40,002 over the workspace limit of 10,000 files');
    await expect(page.getByTestId('file-count')).toHaveText('10,000 files');
    await expect(page.getByTestId('tree-item-big')).toBeVisible();
    await expect(page.locator('[data-path^="big/"]')).toHaveCount(300); // the rest behind "N more"
    await expect(page.getByText('… 9,698 more in this folder')).toBeVisible();
    // The first 9,998 by name came in; one far beyond the rows shown is found with the filter.
    await page.getByTestId('tree-filter').fill('f9000.');
    await expect(page.getByTestId('file-count')).toHaveText('1 of 10,000 files match');
    await page.getByTestId('tree-item-big/f9000.txt').click();
    expect(await editorText(page)).toBe('9000\n');
    await page.getByTestId('tree-filter').fill('f9998.');
    await expect(page.getByTestId('file-count')).toHaveText('0 of 10,000 files match');
    await page.getByTestId('tree-filter').press('Escape');
    await expect(page.getByTestId('file-count')).toHaveText('10,000 files');
    await openInTree(page, 'main.py');
    expect(await editorText(page)).toBe(FILES[0].content);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a real folder dragged from the desktop onto the tree keeps its structure (drag data from disk, through the DevTools protocol)', async ({
  page,
  openIde,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'drop-folder-'));
  try {
    mkdirSync(join(dir, 'proj', 'pkg'), { recursive: true });
    writeFileSync(join(dir, 'proj', 'pkg', 'mod.py'), 'def mod():\n    return 1\n');
    writeFileSync(join(dir, 'proj', 'Main.java'), 'class Main {}\n');
    writeFileSync(join(dir, 'proj', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    await openIde({ model: 'fixture-valid', files: FILES });
    // Chromium's own drag of OS files: the drop handler gets real directory entries (webkitGetAsEntry).
    const box = (await page.getByTestId('file-tree').boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await page.context().newCDPSession(page);
    const data = { items: [], files: [join(dir, 'proj')], dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
    const report = page.getByTestId('import-report');
    await expect(report).toContainText('Imported 2 of 3 files.');
    await expect(report).toContainText('Skipped 1 binary (not text) (e.g. proj/logo.png)');
    await openInTree(page, 'proj/pkg/mod.py');
    expect(await editorText(page)).toBe('def mod():\n    return 1\n');
    await openInTree(page, 'main.py');
    expect(await editorText(page)).toBe(FILES[0].content);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without the File System Access API (Firefox, Safari) "Open folder" is not offered, and a note says so; "Add folder" still is', async ({
  page,
  openIde,
}) => {
  await page.addInitScript(() => {
    delete (window as unknown as { showDirectoryPicker?: unknown }).showDirectoryPicker;
  });
  await openIde({ model: 'fixture-valid', files: FILES });
  await expect(page.getByTestId('export-zip')).toBeVisible();
  await expect(page.getByTestId('import-folder-fsa')).toHaveCount(0);
  await expect(page.getByTestId('folder-unsupported')).toContainText('cannot write to a folder on disk');
  await expect(page.getByTestId('import-dir')).toHaveCount(1);
});

test('a Windows-1252 file is read as such and said so; a real binary is still refused', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', files: FILES });
  // "café: € 5 – ok" saved by an old Windows editor: é is 0xE9, € 0x80, the en dash 0x96 (not UTF-8).
  const cp1252 = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x3a, 0x20, 0x80, 0x20, 0x35, 0x20, 0x96, 0x20, 0x6f, 0x6b, 0x0a]);
  await page.getByTestId('import-files').setInputFiles([
    { name: 'legacy.txt', mimeType: 'text/plain', buffer: cp1252 },
    { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]) },
  ]);
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('Imported 1 of 2 files.');
  await expect(report).toContainText('Read as Windows-1252 (not UTF-8; check accents and symbols): legacy.txt.');
  await expect(report).toContainText('Skipped 1 binary (not text) (e.g. logo.png).');
  await openInTree(page, 'legacy.txt');
  expect(await editorText(page)).toBe('café: € 5 – ok\n');
});

test('an empty folder survives export zip and importing that zip into an emptied workspace', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', files: FILES });
  await page.getByTestId('new-folder').click();
  await page.getByTestId('name-input').fill('empty/inner');
  await page.getByTestId('name-submit').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-zip').click()]);
  const bytes = readFileSync((await download.path())!);
  expect(Object.keys(unzipSync(new Uint8Array(bytes))).sort()).toEqual(['empty/', 'empty/inner/', 'main.py', 'src/', 'src/ü.py']);

  for (const name of ['empty', 'src', 'main.py']) {
    await page.getByTestId(`tree-item-${name}`).click();
    await page.getByTestId('delete').click();
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByTestId(`tree-item-${name}`)).toHaveCount(0);
  }
  await expect(page.getByTestId('file-count')).toHaveText('0 files');
  await page.getByTestId('import-files').setInputFiles([{ name: 'workspace.zip', mimeType: 'application/zip', buffer: bytes }]);
  await expect(page.getByTestId('import-report')).toContainText('Imported 2 of 2 files.');
  await page.getByTestId('tree-item-empty').click();
  await expect(page.getByTestId('tree-item-empty/inner')).toBeVisible();
  await openInTree(page, 'src/ü.py');
  expect(await editorText(page)).toBe(FILES[1].content);
  // Kept after a reload: the folders were saved, not only shown.
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await expect(page.getByTestId('tree-item-empty')).toBeVisible();
});
