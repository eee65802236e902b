// The semantic policy in the built app: the check runs in the syntax worker,
// a confident, valid completion that uses names defined nowhere is
// escalated for `semantic`, and the details name what is missing.
import { expect, ghostText, test, typeAtEndOfLine } from './fixtures/ide';

const semantic = { policy: 'syntax+confidence+semantic' };

test('a valid, confident completion using names defined nowhere is escalated for semantic, naming them', async ({
  page,
  openIde,
  server,
}) => {
  server.setMode({ kind: 'ok', text: 'x + y' });
  // The fixture model writes `a + b`: here the parameters are x and y.
  await openIde({ model: 'fixture-valid', router: semantic, files: [{ path: 'main.py', content: 'def add(x, y):\n    return\n' }] });
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'escalated');
  await expect(badge).toHaveAttribute('data-reasons', 'semantic');
  await expect(ghostText(page).first()).toContainText('x + y');
  expect(server.requests).toHaveLength(1);
  await page.getByTestId('completion-details').locator('summary').click();
  await expect(page.getByTestId('semantic-names')).toHaveText(' missing: a, b');
  await expect(page.getByTestId('completion-details')).toContainText('Semantic check 2 finding(s)');
});

test('the same completion where its names resolve stays local; with the check off nothing is asked', async ({ page, openIde, server }) => {
  await openIde({ model: 'fixture-valid', router: semantic });
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'local');
  await expect(ghostText(page).first()).toContainText('a + b');
  await page.getByTestId('completion-details').locator('summary').click();
  await expect(page.locator('li[data-kind="semantic"]')).toHaveAttribute('data-status', 'pass');
  expect(server.requests).toHaveLength(0);
});

test('turned off, the policy says not checked and keeps the completion', async ({ page, openIde, server }) => {
  await openIde({
    model: 'fixture-valid',
    router: { ...semantic, semanticCheck: false },
    files: [{ path: 'main.py', content: 'def add(x, y):\n    return\n' }],
  });
  await typeAtEndOfLine(page, 2, ' ');
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'local');
  await page.getByTestId('completion-details').locator('summary').click();
  await expect(page.locator('li[data-kind="semantic"]')).toContainText('not checked: the semantic check is off');
  expect(server.requests).toHaveLength(0);
});
