// The editor's contract: Escape dismisses, typing cancels, no stale suggestion.
import { editorText, expect, ghostText, test, typeAtEndOfLine } from '../testing/playwright/ide';

test('Escape dismisses the suggestion and inserts nothing', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid' });
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');
  await page.keyboard.press('Escape');
  await expect(ghostText(page)).toHaveCount(0);
  expect(await editorText(page)).toBe('def add(a, b):\n    return \n');
});

test('typing while a completion is in flight cancels it: only the answer for the current text is shown', async ({
  page,
  openIde,
  server,
}) => {
  // The large model's answer names the line it was asked about, so a stale one is recognisable.
  server.setMode({
    kind: 'ok',
    delayMs: 1200,
    text: (prompt) => `ans_for_${/return ?(\w*)<\|fim_suffix\|>/.exec(prompt)?.[1] || 'empty'}`,
  });
  await openIde({ model: 'fixture-invalid' });
  const seen: string[] = [];
  await page.exposeFunction('reportGhost', (t: string) => seen.push(t));
  await page.evaluate(() => {
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.ghost-text-decoration, .ghost-text'))
        (window as unknown as { reportGhost(t: string): void }).reportGhost(el.textContent ?? '');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await typeAtEndOfLine(page, 2, ' ');
  await expect.poll(() => server.requests.length).toBe(1); // first request in flight
  await page.keyboard.type('k');
  await expect(ghostText(page).first()).toContainText('ans_for_k');
  expect(server.requests.length).toBe(2);
  expect(seen.some((t) => t.includes('ans_for_empty'))).toBe(false);
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'escalated');
});
