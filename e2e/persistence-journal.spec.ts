// Saving as you type in real Chromium: the localStorage journal holds each
// keystroke's edits (a few bytes, even in a large file), a reload before the
// store write replays them over IndexedDB exactly, and after the store write
// the journal is empty.
import type { Page } from '@playwright/test';
import { editorText, expect, test, typeAtEndOfLine } from '../testing/playwright/ide';
import { openInTree } from '../testing/playwright/workspace';

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'device-independent'));

const JOURNAL = 'router-ide.journal';

/** A generated Python file of about `bytes` characters. */
function bigFile(bytes: number): string {
  const lines: string[] = [];
  let n = 0;
  for (let i = 0; n < bytes; i++) {
    const line = `def f${i}(x):  # "q" \\ ü\n    return x + ${i}\n`;
    lines.push(line);
    n += line.length;
  }
  return lines.join('');
}

type Ed = {
  focus(): void;
  getValue(): string;
  setPosition(p: object): void;
  setSelections(s: object[]): void;
  trigger(source: string, handler: string, payload: unknown): void;
  getModel(): { getLineCount(): number; getLineMaxColumn(l: number): number };
};

/** The journal's entries in localStorage now: name -> size. */
function journalEntries(page: Page): Promise<Record<string, number>> {
  return page.evaluate((key) => {
    const out: Record<string, number> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i)!;
      if (k === key || k.startsWith(`${key}/`)) out[k] = localStorage.getItem(k)!.length;
    }
    return out;
  }, JOURNAL);
}

async function reloadAndOpen(page: Page, path: string): Promise<void> {
  await expect(page.getByTestId(`tab-${path}`)).toBeVisible();
  await page.getByTestId(`tab-${path}`).click();
}

test('edits in a 2 MB file: a few bytes journaled per keystroke, exact after a reload before the store write and after it', async ({
  page,
  openIde,
}) => {
  test.slow(); // a 2 MB file loaded three times
  const big = bigFile(2_000_000);
  await openIde({
    model: 'fixture-valid',
    files: [
      { path: 'small.py', content: 'x = 1\n' },
      { path: 'big.py', content: big },
    ],
  });
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await openInTree(page, 'big.py');

  // Typing and a multi-cursor edit, then a reload in the same task: no store write can have happened.
  const { expected, entries } = await page.evaluate((key) => {
    const e = (window as unknown as { __ide: { editor: Ed } }).__ide.editor;
    e.focus();
    const middle = Math.floor(e.getModel().getLineCount() / 2);
    e.setPosition({ lineNumber: middle, column: 1 });
    for (const ch of 'y = "ü\\"') e.trigger('keyboard', 'type', { text: ch });
    e.trigger('keyboard', 'type', { text: '\n' });
    // Three cursors, one event with three changes; the last one replaces a selection.
    e.setSelections([
      { selectionStartLineNumber: 2, selectionStartColumn: 1, positionLineNumber: 2, positionColumn: 1 },
      { selectionStartLineNumber: middle + 5, selectionStartColumn: 3, positionLineNumber: middle + 5, positionColumn: 3 },
      { selectionStartLineNumber: middle + 9, selectionStartColumn: 1, positionLineNumber: middle + 10, positionColumn: 4 },
    ]);
    e.trigger('keyboard', 'type', { text: '#' });
    e.trigger('keyboard', 'deleteLeft', null);
    e.trigger('keyboard', 'type', { text: '@' });
    const out: Record<string, number> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i)!;
      if (k.startsWith(`${key}/`)) out[k] = localStorage.getItem(k)!.length;
    }
    setTimeout(() => location.reload(), 0);
    return { expected: e.getValue(), entries: out };
  }, JOURNAL);
  expect(expected).not.toBe(big);
  const sizes = Object.entries(entries)
    .filter(([k]) => k.endsWith(':big.py'))
    .map(([, n]) => n);
  expect(sizes.length).toBeGreaterThanOrEqual(12);
  expect(Math.max(...sizes)).toBeLessThan(120);

  await page.waitForEvent('load');
  await reloadAndOpen(page, 'big.py');
  const after = await editorText(page);
  expect(after.length).toBe(expected.length);
  expect(after === expected).toBe(true);

  // The replayed journal went to the store and was removed; a reload now reads the store alone.
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await expect.poll(() => journalEntries(page)).toEqual({});
  await page.evaluate(() => (window as unknown as { __ide: { editor: Ed } }).__ide.editor.trigger('keyboard', 'type', { text: 'Z' }));
  const typed = await page.evaluate(() => (window as unknown as { __ide: { editor: Ed } }).__ide.editor.getValue());
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await expect.poll(() => journalEntries(page)).toEqual({});
  await page.reload();
  await reloadAndOpen(page, 'big.py');
  expect((await editorText(page)) === typed).toBe(true);
});

test('typed with the keyboard in a file with mixed line ends (the editor makes them uniform), reloaded at once: exact', async ({
  page,
  openIde,
}) => {
  await openIde({
    model: 'fixture-valid',
    files: [
      { path: 'src/a.py', content: 'def a():\n    return 1\r\n\r\n# x\r\n' },
      { path: 'b.py', content: 'b = 2\n' },
    ],
  });
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await openInTree(page, 'src/a.py');
  await typeAtEndOfLine(page, 2, ' + 2  # ✓ "x"');
  await page.keyboard.press('Enter');
  await page.keyboard.type('pass');
  await page.keyboard.press('Backspace');
  const before = await editorText(page);
  await page.reload(); // no waiting for the store write
  await reloadAndOpen(page, 'src/a.py');
  expect(await editorText(page)).toBe(before);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await reloadAndOpen(page, 'src/a.py');
  expect(await editorText(page)).toBe(before);
});

test('a journal and a store from before the edit journal load, and are rewritten', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', files: [{ path: 'main.py', content: 'old = 1\n' }] });
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  // What an older version left: bare texts in IndexedDB and the whole-record journal.
  await page
    .evaluate(async (key) => {
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('router-ide-workspace');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('files', 'readwrite');
          const s = tx.objectStore('files');
          s.put('stored = 1\n', 'f:main.py');
          s.put('other = 2\n', 'f:other.py');
          s.put([], 'folders');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
      for (let i = localStorage.length - 1; i >= 0; i--)
        if (localStorage.key(i)!.startsWith(`${key}/`)) localStorage.removeItem(localStorage.key(i)!);
      localStorage.setItem(key, JSON.stringify({ files: { 'main.py': 'journaled = 1\n', 'new.py': 'new = 3\n' } }));
      // The running page must not write over what was just set up.
      location.reload();
    }, JOURNAL)
    .catch(() => undefined);
  await page.waitForLoadState('load');
  await expect(page.getByTestId('file-count')).toHaveText('3 files');
  await openInTree(page, 'main.py');
  expect(await editorText(page)).toBe('journaled = 1\n');
  await openInTree(page, 'other.py');
  expect(await editorText(page)).toBe('other = 2\n');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  expect(await journalEntries(page)).toEqual({});
  await page.reload();
  await openInTree(page, 'new.py');
  expect(await editorText(page)).toBe('new = 3\n');
});

test('typed into a file the moment an import brings it, reloaded at once: what was typed is there', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', files: [{ path: 'main.py', content: 'x = 1\n' }] });
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  const files = Array.from({ length: 40 }, (_, i) => ({
    name: `m${i}.py`,
    mimeType: 'text/x-python',
    buffer: Buffer.from(`def f${i}(x):\n    return x + ${i}\n`),
  }));
  // In the page: as soon as the import shows its first file, type into it and reload, all in one task, so the
  // imported files' store write (debounced, then a whole batch) has not finished when the page goes.
  const typed = page.evaluate((key) => {
    type Ide = { __ide: { editor: Ed; activePath?: () => string | null } };
    return new Promise<{ expected: string; journaled: string[] }>((resolve) => {
      const tick = () => {
        const ide = (window as unknown as Ide).__ide;
        if (ide.activePath?.() !== 'm0.py' || !ide.editor.getValue().startsWith('def f0')) return void setTimeout(tick, 0);
        const e = ide.editor;
        e.focus();
        e.setPosition({ lineNumber: 1, column: 1 });
        for (const ch of '# ü "typed"\n') e.trigger('keyboard', 'type', { text: ch });
        const journaled: string[] = [];
        for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)!.startsWith(`${key}/`)) journaled.push(localStorage.key(i)!);
        setTimeout(() => location.reload(), 0);
        resolve({ expected: e.getValue(), journaled });
      };
      tick();
    });
  }, JOURNAL);
  await page.getByTestId('import-files').setInputFiles(files);
  const { expected, journaled } = await typed;
  expect(expected.startsWith('# ü "typed')).toBe(true);
  expect(expected.endsWith('def f0(x):\n    return x + 0\n')).toBe(true);
  // Only the typed file is in the journal, not the other imported ones.
  expect(journaled.filter((k) => k.endsWith('.py')).every((k) => k.endsWith(':m0.py'))).toBe(true);

  await page.waitForEvent('load');
  await reloadAndOpen(page, 'm0.py');
  expect(await editorText(page)).toBe(expected);
  // Once the store has it, the journal is empty and the text still there after another reload.
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await expect.poll(() => journalEntries(page)).toEqual({});
  await page.reload();
  await reloadAndOpen(page, 'm0.py');
  expect(await editorText(page)).toBe(expected);
});
