// A failing endpoint never blocks typing and the badge says what happened.
import { CLOSED_ENDPOINT, editorText, expect, test, typeAtEndOfLine } from '../testing/playwright/ide';

test("server error: badge shows the failure and the server's words", async ({ page, openIde, server }) => {
  server.setMode({
    kind: 'status',
    status: 500,
    body: '{"error":{"message":"CUDA out of memory","type":"InternalServerError","code":500}}',
  });
  await openIde({ model: 'fixture-invalid' });
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'failed');
  await expect(badge).toContainText('CUDA out of memory');
  await expect(badge).toContainText('the local suggestion adds a syntax error, so none is shown');
  await expect(page.getByTestId('ledger-count')).toHaveText('1');
});

test('endpoint down (connection refused): clear message, valid local suggestion still offered', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-uncertain', endpoint: CLOSED_ENDPOINT });
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'failed');
  await expect(badge).toContainText('Cannot reach 127.0.0.1:59');
  await expect(page.locator('.ghost-text-decoration, .ghost-text').first()).toContainText('a + b');
});

test('a server that never answers: no hang past the timeout, typing stays responsive', async ({ page, openIde, server }) => {
  server.setMode({ kind: 'hang' });
  // A timeout long enough that a key waiting for it (typing blocked by the request) cannot pass for one that landed
  // at once, however busy the machine.
  await openIde({ model: 'fixture-invalid', timeoutMs: 20_000 });
  await typeAtEndOfLine(page, 2, ' ');
  await expect(page.getByTestId('privacy-badge')).toHaveText(/Completing/);
  // While the request hangs, keystrokes land: before it has timed out.
  await page.keyboard.type('x');
  await expect.poll(() => editorText(page), { timeout: 10_000 }).toBe('def add(a, b):\n    return x\n');
  await page.keyboard.press('Backspace');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'failed', { timeout: 60_000 });
  await expect(badge).toContainText('did not answer within 20000 ms');
});

test('a result is keyed by the settings that made it: a failed escalation does not outlive a change of policy', async ({
  page,
  openIde,
}) => {
  await openIde({ model: 'fixture-valid', endpoint: CLOSED_ENDPOINT });
  const setPolicy = async (policy: string) => {
    await page.getByTestId('open-settings').click();
    await page.getByTestId('router-policy').selectOption(policy);
    await page.getByTestId('settings-save').click();
  };
  await setPolicy('always-escalate');
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'failed');
  await setPolicy('syntax+confidence');
  // The same place again: the model is confident and the code valid, so it stays local now.
  await typeAtEndOfLine(page, 2, 'x');
  await page.keyboard.press('Backspace');
  await expect(badge).toHaveAttribute('data-route', 'local');
  await expect(badge).not.toContainText('always-escalate');
});

test('a port the browser will not connect to (6000) is said as such, not as a CORS problem; nothing is attempted', async ({
  page,
  openIde,
}) => {
  await openIde({ model: 'fixture-invalid', endpoint: 'http://127.0.0.1:6000/v1' });
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'failed');
  await expect(badge).toContainText('browsers never connect to port 6000');
  await expect(badge).not.toContainText('CORS');
  await expect(page.getByTestId('ledger-count')).toHaveText('0');
});
