// Keys people already know, the help overlay that lists them, and the
// per-language completions toggle.
import { editorText, expect, ghostText, pageTime, test, typeAtEndOfLine, watchRequests } from '../testing/playwright/ide';
import { shot } from '../testing/playwright/workspace';

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'device-independent'));

test('Ctrl+Right accepts the next word, Tab the rest', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid' });
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');
  await page.keyboard.press('Control+ArrowRight');
  await expect.poll(() => editorText(page)).toBe('def add(a, b):\n    return a\n');
  await page.keyboard.press('Tab');
  await expect.poll(() => editorText(page)).toBe('def add(a, b):\n    return a + b\n');
});

test('per-language toggle: off means no automatic suggestion, Alt+\\ still asks now; the choice persists', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid' });
  const toggle = page.getByTestId('lang-toggle');
  await expect(toggle).toHaveAttribute('data-language', 'python');
  await toggle.uncheck();
  const seq = await page.getByTestId('privacy-badge').getAttribute('data-seq');
  const requests = await watchRequests(page);
  await typeAtEndOfLine(page, 2, ' ');
  // Well past the 150 ms debounce in the page's own time: a request would have been made by then, however busy the machine.
  await pageTime(page, 1500);
  expect(await requests()).toHaveLength(0);
  await expect(ghostText(page)).toHaveCount(0);
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-seq', seq!);
  await page.keyboard.press('Alt+Backslash');
  await expect(ghostText(page).first()).toContainText('a + b');
  expect(await requests()).toHaveLength(1);
  await page.keyboard.press('Escape');
  await expect(ghostText(page)).toHaveCount(0);
  expect(await editorText(page)).toBe('def add(a, b):\n    return \n');
  await page.reload();
  await expect(page.getByTestId('lang-toggle')).not.toBeChecked();
});

test('a language switched off keeps no copy in the syntax worker; switched on, its copy is made again', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid' });
  // Where each completion's syntax check ran: on the worker's copy of the document, or on the request's own text.
  await page.evaluate(() => {
    const ide = (window as unknown as { __ide: { engine: Record<string, (...a: unknown[]) => unknown>; checkedOn: string[] } }).__ide;
    ide.checkedOn = [];
    const complete = ide.engine.complete.bind(ide.engine);
    ide.engine.complete = async (req: unknown, signal: unknown) => {
      const result = (await complete(req, signal)) as { syntax: { checkedOn: string } };
      ide.checkedOn.push(result.syntax.checkedOn);
      return result;
    };
  });
  const checkedOn = () => page.evaluate(() => (window as unknown as { __ide: { checkedOn: string[] } }).__ide.checkedOn);
  const toggle = page.getByTestId('lang-toggle');
  await toggle.uncheck();
  await typeAtEndOfLine(page, 2, ' ');
  await page.keyboard.press('Alt+Backslash');
  await expect(ghostText(page).first()).toContainText('a + b');
  expect(await checkedOn()).toEqual(['request-text']);
  await page.keyboard.press('Escape');

  await toggle.check();
  await typeAtEndOfLine(page, 2, 'a');
  await expect(ghostText(page).first()).toBeVisible();
  const after = (await checkedOn()).slice(1);
  expect(after.length).toBeGreaterThan(0);
  expect(new Set(after)).toEqual(new Set(['live-document']));
});

test('inside a comment or a string nothing is suggested unasked; Alt+\\ still asks; code after it gets suggestions again', async ({
  page,
  openIde,
}) => {
  // The comment is open before the first key: every key lands inside it, however far apart a busy machine spaces
  // them (typed from code, a pause after its first keys would rightly ask for code).
  await openIde({ model: 'fixture-valid', files: [{ path: 'main.py', content: 'def add(a, b):\n    return a + b  # \n' }] });
  const badge = page.getByTestId('privacy-badge');
  const requests = await watchRequests(page);
  await typeAtEndOfLine(page, 2, 'the sum of ');
  // Well past the 150 ms debounce in the page's own time: a request would have been made by then, however busy the machine.
  await pageTime(page, 1500);
  expect(await requests()).toHaveLength(0);
  await expect(badge).toHaveAttribute('data-seq', '0');
  await expect(ghostText(page)).toHaveCount(0);
  await page.keyboard.press('Alt+Backslash');
  await expect(badge).toHaveAttribute('data-seq', '1');
  await page.keyboard.press('Escape');
  // The next line is code again.
  await page.keyboard.press('Enter');
  await page.keyboard.type('x = ');
  await expect(badge).toHaveAttribute('data-seq', '2');
});

test('the help overlay lists the keys, opens with ? and closes with Escape', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid' });
  await page.getByTestId('open-settings').focus();
  await page.keyboard.press('Shift+Slash');
  const help = page.getByTestId('help');
  await expect(help).toBeVisible();
  for (const k of ['Tab', 'Ctrl + →', 'Escape', 'Alt + \\']) await expect(help).toContainText(k);
  for (const k of ['In the file tree', 'Home / End', 'F2', 'Filter files', 'On the open-file tabs', 'middle click'])
    await expect(help).toContainText(k);
  await expect(page.getByTestId('close-help')).toBeFocused();
  await shot(page, 'help-overlay');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await page.getByTestId('open-help').click();
  await expect(help).toBeVisible();
  await page.getByTestId('close-help').click();
  await expect(help).toHaveCount(0);
});
