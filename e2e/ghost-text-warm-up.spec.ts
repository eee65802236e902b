// The hidden editor that shows one throw-away suggestion after the page
// opened (src/completion/browser/ghost-text-warm-up.ts): it shows its suggestion, then
// leaves nothing behind, asks the engine nothing and touches nothing of the
// user's; the first real suggestion comes as always.
import { editorText, expect, ghostText, test, typeAtEndOfLine } from '../testing/playwright/ide';

type Ide = { ghostTextWarmUp: () => string; monaco: { editor: { getModels(): { uri: { scheme: string } }[] } } };

test('the ghost-text warm-up shows its suggestion off screen, then leaves no editor, model or request behind', async ({
  page,
  openIde,
  server,
}) => {
  // openIde has waited for the warm-up's outcome: one read is enough.
  await openIde({ model: 'fixture-valid' });
  expect(await page.evaluate(() => (window as unknown as { __ide: Ide }).__ide.ghostTextWarmUp())).toBe('shown');
  await expect(page.locator('[data-warm-up]')).toHaveCount(0);
  await expect(page.locator('.monaco-editor')).toHaveCount(1);
  const schemes = await page.evaluate(() => (window as unknown as { __ide: Ide }).__ide.monaco.editor.getModels().map((m) => m.uri.scheme));
  expect(schemes).not.toContain('ghost-text-warm-up');
  expect(await editorText(page)).toBe('def add(a, b):\n    return\n');
  // Nothing reached the endpoint, the ledger or the stats.
  expect(server.requests).toHaveLength(0);
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'none');
  // The first real suggestion.
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');
  await page.keyboard.press('Tab');
  expect(await editorText(page)).toBe('def add(a, b):\n    return a + b\n');
});
