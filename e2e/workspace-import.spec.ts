// Import (file picker, folder, drag and drop) with bad input refused clearly,
// and zip export with the workspace's exact contents.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { editorText, expect, test } from './fixtures/ide';
import { openInTree, shot } from './fixtures/workspace';

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'device-independent'));

const FILES = [{ path: 'main.py', content: 'def add(a, b):\n    return a + b\n' }, { path: 'src/ü.py', content: 'x = "ü"\n' }];

test('file picker import: text kept; binary, 6 MB, existing and refused names skipped with reasons; nothing lost', async ({ page, openIde }) => {
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
  expect(got).toEqual({ 'main.py': FILES[0].content, 'src/ü.py': FILES[1].content, 'Dropped.java': '// dropped\n' });
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
