// A large file has its own editor options (src/editor/large-file.ts): folding,
// sticky scroll, occurrence highlighting, links and colour swatches are off for
// that file only, the status bar says so, and a normal file gets them back.
import { expect, ghostText, test, typeAtEndOfLine } from '../testing/playwright/ide';
import type { Page } from '@playwright/test';

// 20,000 lines of over 1 MB: large by both measures.
const content = Array.from(
  { length: 5_000 },
  (_, i) =>
    `def add_${i}(a, b):  # adds the two numbers it is given and returns their sum\n    total = a + b  # the sum, in a local the debugger can show\n    return total  # the caller decides what to do with it\n\n`,
).join('');

interface EditorOptions {
  folding: boolean;
  sticky: boolean;
  occurrences: string;
  links: boolean;
  colours: boolean;
}

function editorOptions(page: Page): Promise<EditorOptions> {
  return page.evaluate(() => {
    type Ed = { getOption(id: number): unknown };
    const { editor, monaco } = (
      window as unknown as { __ide: { editor: Ed; monaco: { editor: { EditorOption: Record<string, number> } } } }
    ).__ide;
    const o = monaco.editor.EditorOption;
    return {
      folding: editor.getOption(o.folding) as boolean,
      sticky: (editor.getOption(o.stickyScroll) as { enabled: boolean }).enabled,
      occurrences: editor.getOption(o.occurrencesHighlight) as string,
      links: editor.getOption(o.links) as boolean,
      colours: editor.getOption(o.colorDecorators) as boolean,
    };
  });
}

const activePath = (page: Page) =>
  page.waitForFunction(
    (p: string) => (window as unknown as { __ide: { activePath?: () => string | null } }).__ide.activePath?.() === p,
    'big.py',
  );

test('a large file: its features off and said in the status bar; a small file gets them back', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', endpoint: null });
  const item = page.getByTestId('large-file');
  await expect(page.getByTestId('active-path')).toHaveText('main.py');
  await expect(item).toHaveCount(0);
  expect(await editorOptions(page)).toEqual({ folding: true, sticky: true, occurrences: 'singleFile', links: true, colours: true });

  await page.getByTestId('import-files').setInputFiles({ name: 'big.py', mimeType: 'text/plain', buffer: Buffer.from(content) });
  await activePath(page);
  await expect(item).toBeVisible();
  await expect(item).toHaveText('Large file');
  // The tooltip and the accessible name say what is off and what completions use.
  const note = page.getByRole('note', { name: /Large file/ });
  await expect(note).toHaveAttribute('title', /over 512 KB and over 10,000 lines/);
  await expect(note).toHaveAttribute('title', /folding, sticky scroll, highlighting other occurrences.*colour swatches/);
  await expect(note).toHaveAttribute('title', /window around the cursor/);
  await expect(note).toHaveAttribute('title', /syntax check/);
  await expect(note).toHaveAttribute('title', /not indexed/);
  expect(await editorOptions(page)).toEqual({ folding: false, sticky: false, occurrences: 'off', links: false, colours: false });

  await page.getByTestId('tab-main.py').click();
  await expect(page.getByTestId('active-path')).toHaveText('main.py');
  await expect(item).toHaveCount(0);
  expect(await editorOptions(page)).toEqual({ folding: true, sticky: true, occurrences: 'singleFile', links: true, colours: true });

  await page.getByTestId('tab-big.py').click();
  await expect(item).toBeVisible();
  expect(await editorOptions(page)).toEqual({ folding: false, sticky: false, occurrences: 'off', links: false, colours: false });
});

test('a paste that makes a file large switches its features off; undoing it brings them back', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', endpoint: null });
  const item = page.getByTestId('large-file');
  await expect(item).toHaveCount(0);
  const edit = (fn: string, text?: string) =>
    page.evaluate(
      ([f, t]) => {
        type Ed = {
          executeEdits(src: string, e: object[]): void;
          trigger(src: string, id: string, p: unknown): void;
          getModel(): { getFullModelRange(): object };
        };
        const { editor } = (window as unknown as { __ide: { editor: Ed } }).__ide;
        if (f === 'paste') editor.executeEdits('test', [{ range: editor.getModel().getFullModelRange(), text: t }]);
        else editor.trigger('test', 'undo', null);
      },
      [fn, text] as const,
    );
  await edit('paste', content);
  await expect(item).toBeVisible();
  expect(await editorOptions(page)).toEqual({ folding: false, sticky: false, occurrences: 'off', links: false, colours: false });
  await edit('undo');
  await expect(item).toHaveCount(0);
  expect(await editorOptions(page)).toEqual({ folding: true, sticky: true, occurrences: 'singleFile', links: true, colours: true });
});

test('a line over 10,000 characters makes a small file large, bracket pairs and indentation guides off too; undoing it brings them back', async ({
  page,
  openIde,
}) => {
  await openIde({ model: 'fixture-valid', endpoint: null });
  const item = page.getByTestId('large-file');
  await expect(page.getByTestId('active-path')).toHaveText('main.py');
  await expect(item).toHaveCount(0);
  const bracketsAndGuides = () =>
    page.evaluate(() => {
      type Ed = { getOption(id: number): unknown };
      const { editor, monaco } = (
        window as unknown as { __ide: { editor: Ed; monaco: { editor: { EditorOption: Record<string, number> } } } }
      ).__ide;
      const o = monaco.editor.EditorOption;
      return {
        colours: (editor.getOption(o.bracketPairColorization) as { enabled: boolean }).enabled,
        match: editor.getOption(o.matchBrackets) as string,
        indentation: (editor.getOption(o.guides) as { indentation: boolean }).indentation,
      };
    });
  expect(await bracketsAndGuides()).toEqual({ colours: true, match: 'always', indentation: true });
  // One minified line of about 60 KB, pasted at the end of the file: far under 512 KB and 10,000 lines.
  const line = `DATA = [${Array.from({ length: 10_000 }, (_, i) => i).join(',')}]\n`;
  await page.evaluate((t) => {
    type Ed = {
      executeEdits(src: string, e: object[]): void;
      getModel(): { getLineCount(): number; getLineMaxColumn(l: number): number };
    };
    const { editor } = (window as unknown as { __ide: { editor: Ed } }).__ide;
    const last = editor.getModel().getLineCount();
    const col = editor.getModel().getLineMaxColumn(last);
    editor.executeEdits('test', [{ range: { startLineNumber: last, startColumn: col, endLineNumber: last, endColumn: col }, text: t }]);
  }, line);
  await expect(item).toBeVisible();
  const note = page.getByRole('note', { name: /Large file/ });
  await expect(note).toHaveAttribute('title', /Large file \(a line over 10,000 characters\)/);
  await expect(note).toHaveAttribute('title', /bracket pair colours, guides and matching, indentation guides/);
  expect(await editorOptions(page)).toEqual({ folding: false, sticky: false, occurrences: 'off', links: false, colours: false });
  expect(await bracketsAndGuides()).toEqual({ colours: false, match: 'never', indentation: false });
  await page.evaluate(() =>
    (window as unknown as { __ide: { editor: { trigger(s: string, id: string, p: unknown): void } } }).__ide.editor.trigger(
      'test',
      'undo',
      null,
    ),
  );
  await expect(item).toHaveCount(0);
  expect(await editorOptions(page)).toEqual({ folding: true, sticky: true, occurrences: 'singleFile', links: true, colours: true });
  expect(await bracketsAndGuides()).toEqual({ colours: true, match: 'always', indentation: true });
});

test('past where the editor stops drawing a long line no suggestion is asked for, and Tab inserts no unseen code; before it one is', async ({
  page,
  openIde,
}) => {
  await openIde({ model: 'fixture-valid', endpoint: null });
  // Line 2 runs to about 21,000 characters and ends where a suggestion would go; line 4 is short.
  const longLine = '    ' + '_ = 0; '.repeat(3_000) + 'return';
  const asked = await page.evaluate((line) => {
    type Ed = { getModel(): { setValue(t: string): void }; getOption(id: number): unknown };
    const ide = (
      window as unknown as {
        __ide: {
          editor: Ed;
          monaco: { editor: { EditorOption: Record<string, number> } };
          engine: Record<string, (...a: unknown[]) => unknown>;
          asked: number[];
        };
      }
    ).__ide;
    ide.editor.getModel().setValue(`def add(a, b):\n${line}\ndef mul(a, b):\n    return\n`);
    ide.asked = [];
    const complete = ide.engine.complete.bind(ide.engine);
    ide.engine.complete = (req: unknown, signal: unknown) => {
      // The line the request's cursor is on.
      ide.asked.push((req as { prefix: string }).prefix.split('\n').length);
      return complete(req, signal);
    };
    return ide.editor.getOption(ide.monaco.editor.EditorOption.stopRenderingLineAfter);
  }, longLine);
  // The editor's own cutoff is the status bar's figure.
  expect(asked).toBe(10_000);
  await expect(page.getByRole('note', { name: /Large file/ })).toHaveAttribute(
    'title',
    /no suggestion past the first 10,000 characters of a line, where the editor stops drawing it/,
  );
  await typeAtEndOfLine(page, 2, ' ');
  // Asked for explicitly, still nothing: the suggestion could not be seen.
  await page.keyboard.press('Alt+\\');
  await page.keyboard.press('Tab');
  const line2 = await lineText(page, 2);
  expect(line2.startsWith(`${longLine} `)).toBe(true);
  expect(line2).not.toContain('a + b');
  // The short line in the same file: its suggestion is asked for and shown, and it is the only request made.
  await typeAtEndOfLine(page, 4, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');
  expect(await page.evaluate(() => (window as unknown as { __ide: { asked: number[] } }).__ide.asked)).toEqual([4]);
});

function lineText(page: Page, line: number): Promise<string> {
  return page.evaluate(
    (l) =>
      (window as unknown as { __ide: { editor: { getModel(): { getLineContent(n: number): string } } } }).__ide.editor
        .getModel()
        .getLineContent(l),
    line,
  );
}
