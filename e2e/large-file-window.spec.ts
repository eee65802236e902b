// A large file is completed from a window around the cursor
// (src/completion/common/text-window.ts): the engine gets a bounded prefix and
// suffix placed in the document, the syntax worker checks the completion on
// its own copy of the whole document at that place, and accepting the
// suggestion edits the right line.
import { editorText, expect, ghostText, test } from '../testing/playwright/ide';

const fn = (i: number) => `def add_${i}(a, b):\n    total = a + b\n    return total\n\n\n`;
const FUNCTIONS = 20_000;
const MIDDLE = FUNCTIONS / 2;
// About 1.1 MB; the function in the middle is unfinished.
const content = Array.from({ length: FUNCTIONS }, (_, i) => (i === MIDDLE ? 'def add(a, b):\n    return\n\n\n' : fn(i))).join('');
const targetLine = content.slice(0, content.indexOf('def add(a, b):')).split('\n').length + 1;

interface Seen {
  prefix: number;
  suffix: number;
  window?: { start: number; documentLength: number };
  checkedOn?: string;
}

test('a 1 MB file: the request carries a window, the check runs on the whole document, Tab edits the right line', async ({
  page,
  openIde,
}) => {
  await openIde({ model: 'fixture-valid', endpoint: null });
  await page.getByTestId('import-files').setInputFiles({ name: 'big.py', mimeType: 'text/plain', buffer: Buffer.from(content) });
  await page.waitForFunction(
    () => (window as unknown as { __ide: { activePath?: () => string | null } }).__ide.activePath?.() === 'big.py',
  );
  // The check runs on the syntax worker's copy once its first parse of the file is done; on a busy machine that parse
  // outlasts the check's budget, and a check before it is rightly "not checked". Typing waits for it.
  await page.evaluate(async () => {
    const ide = (
      window as unknown as {
        __ide: { editor: { getModel(): { uri: { toString(): string } } }; engine: { whenDocumentSettled(uri: string): Promise<void> } };
      }
    ).__ide;
    await ide.engine.whenDocumentSettled(ide.editor.getModel().uri.toString());
  });
  await page.evaluate(() => {
    type Req = { prefix: string; suffix: string; window?: { start: number; documentLength: number } };
    const ide = (window as unknown as { __ide: { engine: Record<string, (...a: unknown[]) => unknown>; seen: Seen[] } }).__ide;
    ide.seen = [];
    const complete = ide.engine.complete.bind(ide.engine);
    ide.engine.complete = async (req: unknown, signal: unknown) => {
      const r = req as Req;
      const seen: Seen = {
        prefix: r.prefix.length,
        suffix: r.suffix.length,
        ...(r.window && { window: { start: r.window.start, documentLength: r.window.documentLength } }),
      };
      ide.seen.push(seen);
      const result = (await complete(req, signal)) as { syntax: { checkedOn?: string } };
      seen.checkedOn = result.syntax.checkedOn;
      return result;
    };
  });
  await page.evaluate((ln) => {
    const { editor } = (
      window as unknown as {
        __ide: {
          editor: {
            setPosition(p: object): void;
            focus(): void;
            revealLineInCenter(l: number): void;
            getModel(): { getLineMaxColumn(l: number): number };
          };
        };
      }
    ).__ide;
    editor.focus();
    editor.setPosition({ lineNumber: ln, column: editor.getModel().getLineMaxColumn(ln) });
    editor.revealLineInCenter(ln);
  }, targetLine);
  await page.keyboard.type(' ');
  await expect(ghostText(page).first()).toContainText('a + b', { timeout: 30_000 });

  const seen = await page.evaluate(() => (window as unknown as { __ide: { seen: Seen[] } }).__ide.seen);
  const last = seen[seen.length - 1];
  const cursor = content.indexOf('    return\n', content.indexOf('def add(a, b):')) + '    return '.length;
  expect(last.prefix).toBeLessThanOrEqual(65_536 + 4_096 + 64);
  expect(last.suffix).toBeLessThanOrEqual(32_768 + 4_096 + 64);
  expect(last.window).toEqual({ start: cursor - last.prefix, documentLength: content.length + 1 });
  expect(last.checkedOn).toBe('live-document');

  await page.keyboard.press('Tab');
  const text = await editorText(page);
  expect(text.split('\n')[targetLine - 1]).toBe('    return a + b');
  expect(text.length).toBe(content.length + ' a + b'.length);
});
