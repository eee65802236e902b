// The languages added last as folders (src/languages/<id>/): a .rb and a .php
// file open highlighted by their folder's Monaco registration, get the demo
// model's ghost text checked by their grammar in the syntax worker (the
// grammar bundled from the folder), and a broken completion is caught there.
import { LANGUAGE_SPECS } from '../src/languages';
import { expect, ghostText, test } from '../testing/playwright/ide';

type Ide = {
  editor: { setPosition(p: object): void; focus(): void; getModel(): { getLanguageId(): string } };
  monaco: {
    editor: {
      tokenize(text: string, language: string): { type: string }[][];
      createModel(text: string, language: string): { dispose(): void };
    };
    languages: { getLanguages(): { id: string }[] };
  };
};

const FILES = {
  ruby: { path: 'lib/calc.rb', content: 'def add(a, b)\n  \nend\n', line: 2, column: 3, keywordLine: 'def add(a, b)' },
  php: {
    path: 'src/calc.php',
    content: '<?php\nfunction add($a, $b)\n{\n    return ;\n}\n',
    line: 4,
    column: 12,
    keywordLine: '<?php function add($a, $b) {}',
  },
} as const;

async function typeAt(page: import('@playwright/test').Page, line: number, column: number, text: string): Promise<void> {
  await page.evaluate(
    ([l, c]) => {
      const { editor } = (window as unknown as { __ide: Ide }).__ide;
      editor.focus();
      editor.setPosition({ lineNumber: l, column: c });
    },
    [line, column] as const,
  );
  await page.keyboard.type(text);
}

test("every language folder's Monaco registration is loaded: the editor knows each record's Monaco id and finds its keywords", async ({
  page,
  openIde,
}) => {
  await openIde({ model: 'fixture-valid', endpoint: null });
  // PHP's tokenizer reads code only after `<?php`; to the others it is a few operators before the words.
  const records = LANGUAGE_SPECS.map((s) => ({ id: s.id, monaco: s.monaco, line: `<?php ${s.commonWords.join(' ')}` }));
  const read = () =>
    page.evaluate((list) => {
      const { monaco } = (window as unknown as { __ide: Ide }).__ide;
      const known = new Set(monaco.languages.getLanguages().map((l) => l.id));
      return list.map((r) => {
        // Monaco loads a language's tokenizer when a model of it is made.
        monaco.editor.createModel('', r.monaco).dispose();
        const tokens = monaco.editor.tokenize(r.line, r.monaco).flat();
        return { id: r.id, known: known.has(r.monaco), keywords: tokens.some((t) => t.type.startsWith('keyword')) };
      });
    }, records);
  await expect.poll(read).toEqual(records.map((r) => ({ id: r.id, known: true, keywords: true })));
});

for (const [language, file] of Object.entries(FILES)) {
  test(`a ${file.path.slice(file.path.lastIndexOf('.'))} file: highlighted, the demo model's ghost text checked by its grammar`, async ({
    page,
    openIde,
  }) => {
    await openIde({ model: 'fixture-valid', endpoint: null, files: [{ path: file.path, content: file.content }] });
    const seen = await page.evaluate(
      ([id, text]) => {
        const ide = (window as unknown as { __ide: Ide }).__ide;
        return {
          model: ide.editor.getModel().getLanguageId(),
          tokens: ide.monaco.editor
            .tokenize(text, id)
            .flat()
            .map((t) => t.type),
        };
      },
      [language, file.keywordLine] as const,
    );
    expect(seen.model).toBe(language);
    // Monaco's tokenizer for the language is registered: it finds keywords (an unknown language gives no token types).
    expect(seen.tokens.some((t) => t.startsWith('keyword'))).toBe(true);
    await expect(page.locator('.view-line span[class*="mtk"]').first()).toBeVisible();

    await typeAt(page, file.line, file.column, ' ');
    await expect(ghostText(page).first()).toContainText('a + b');
    const badge = page.getByTestId('privacy-badge');
    await expect(badge).toHaveAttribute('data-route', 'local');
    // The syntax worker checked it with the folder's grammar.
    await page.getByTestId('completion-details').locator('summary').click();
    await expect(page.getByTestId('completion-details')).toContainText('Syntax valid');
  });

  test(`a ${file.path.slice(file.path.lastIndexOf('.'))} file: a completion its grammar rejects is escalated for syntax`, async ({
    page,
    openIde,
    server,
  }) => {
    server.setMode({ kind: 'ok', text: 'a - b' });
    await openIde({ model: 'fixture-invalid', files: [{ path: file.path, content: file.content }] });
    await typeAt(page, file.line, file.column, ' ');
    const badge = page.getByTestId('privacy-badge');
    await expect(badge).toHaveAttribute('data-route', 'escalated');
    await expect(badge).toHaveAttribute('data-reasons', 'syntax');
    await expect(ghostText(page).first()).toContainText('a - b');
  });
}
