// Typing through a suggestion: the characters the ghost text shows, typed,
// keep the rest on screen with no new request and the same provenance; and
// Shift+Tab accepts one line of a multi-line suggestion.
import { editorText, expect, ghostText, pageTime, test, typeAtEndOfLine, watchRequests } from '../testing/playwright/ide';

test('typing the suggested characters keeps the rest on screen, with no new request and the same badge', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', endpoint: null });
  const requests = await watchRequests(page);
  const calls = async () => (await requests()).length;
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');
  const badge = await page.getByTestId('privacy-badge').textContent();
  expect(await calls()).toBe(1);
  await page.keyboard.type('a +');
  await expect(ghostText(page).first()).toHaveText(' b');
  // Past the debounce (the tests' 150 ms), however late the page runs its timers: still no request.
  await pageTime(page, 600);
  expect(await calls()).toBe(1);
  expect(await page.getByTestId('privacy-badge').textContent()).toBe(badge);
  await page.keyboard.press('Tab');
  expect(await editorText(page)).toBe('def add(a, b):\n    return a + b\n');
});

test('a dismissed suggestion does not come back when its next character is typed', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', endpoint: null });
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');
  await page.keyboard.press('Escape');
  await expect(ghostText(page)).toHaveCount(0);
  await page.keyboard.type('a');
  // A new request for "return a" (the fixture answers "a + b" again), never the old rest " + b".
  await expect(ghostText(page).first()).toContainText('a + b');
});

test('a character that differs from the suggestion lets go of it: a new request', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', endpoint: null });
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');
  await page.keyboard.type('z');
  // The old rest (" + b" after an "a") is never shown for "z"; the fixture answers "a + b" again.
  await expect(ghostText(page).first()).toContainText('a + b');
  expect(await editorText(page)).toBe('def add(a, b):\n    return z\n');
});

test('Shift+Tab accepts the next line of a multi-line suggestion', async ({ page, openIde, server }) => {
  server.setMode({ kind: 'ok', text: 'total = a + b\n    return total' });
  // fixture-invalid's local answer is invalid: the large model's two lines are shown.
  await openIde({ model: 'fixture-invalid' });
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).filter({ hasText: 'total = a + b' })).toHaveCount(1);
  await page.keyboard.press('Shift+Tab');
  await expect.poll(() => editorText(page)).toContain('return total = a + b');
  expect(await editorText(page)).not.toContain('    return total\n');
});
