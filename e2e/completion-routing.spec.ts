// The whole product at first depth: local model in a worker (WebGPU or WASM),
// tree-sitter in a worker, the router, escalation to a real loopback server,
// and the privacy badge, in real headless Chromium against the built app.
import { editorText, expect, ghostText, test, typeAtEndOfLine } from '../testing/playwright/ide';

test(
  'confident valid completion stays local: ghost text, Tab inserts, nothing sent',
  { tag: '@device' },
  async ({ page, openIde, server }) => {
    await openIde({ model: 'fixture-valid' });
    await typeAtEndOfLine(page, 2, ' ');
    await expect(ghostText(page).first()).toContainText('a + b');
    const badge = page.getByTestId('privacy-badge');
    await expect(badge).toHaveAttribute('data-route', 'local');
    await expect(badge).toContainText('No code left this machine');
    await page.keyboard.press('Tab');
    expect(await editorText(page)).toBe('def add(a, b):\n    return a + b\n');
    expect(server.requests).toHaveLength(0);
    await expect(page.getByTestId('ledger-count')).toHaveText('0');
  },
);

test('confident invalid completion is escalated for syntax: one request, its answer shown', async ({ page, openIde, server }) => {
  server.setMode({ kind: 'ok', text: 'a - b' });
  await openIde({ model: 'fixture-invalid' });
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'escalated');
  await expect(badge).toHaveAttribute('data-reasons', 'syntax');
  await expect(ghostText(page).first()).toContainText('a - b');
  expect(server.requests).toHaveLength(1);
  const body = server.requests[0].body;
  expect(body.prompt).toBe('<|fim_prefix|>def add(a, b):\n    return <|fim_suffix|>\n<|fim_middle|>');
  expect(body).not.toHaveProperty('suffix');
  await expect(badge).toContainText(new URL(server.url).host);
  await expect(page.getByTestId('ledger-count')).toHaveText('1');
  await page.keyboard.press('Tab');
  expect(await editorText(page)).toBe('def add(a, b):\n    return a - b\n');
});

test('uncertain completion is escalated for confidence', async ({ page, openIde, server }) => {
  server.setMode({ kind: 'ok', text: 'a * b' });
  await openIde({ model: 'fixture-uncertain' });
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'escalated');
  await expect(badge).toHaveAttribute('data-reasons', 'confidence');
  await expect(ghostText(page).first()).toContainText('a * b');
  expect(server.requests).toHaveLength(1);
});

test('escalation off: nothing leaves, badge says blocked, the valid local suggestion is kept', async ({ page, openIde, server }) => {
  await openIde({ model: 'fixture-uncertain', endpoint: null });
  await expect(page.getByTestId('egress-mode')).toContainText('Local only');
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'blocked');
  await expect(badge).toContainText('escalation is off');
  await expect(ghostText(page).first()).toContainText('a + b');
  expect(server.requests).toHaveLength(0);
});

test('local-only mode with an endpoint configured: still nothing leaves, broken code is withheld', async ({ page, openIde, server }) => {
  await openIde({ model: 'fixture-invalid', mode: 'local-only' });
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'blocked');
  await expect(badge).toContainText('local-only');
  await expect(ghostText(page)).toHaveCount(0);
  expect(server.requests).toHaveLength(0);
});

test('offline, an escalation is not attempted: kept local, and the badge says the machine is offline and nothing was sent', async ({
  page,
  context,
  openIde,
  server,
}) => {
  await openIde({ model: 'fixture-uncertain' });
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'blocked');
  await expect(badge).toContainText('offline');
  await expect(badge).toContainText('nothing was sent');
  await expect(ghostText(page).first()).toContainText('a + b');
  expect(server.requests).toHaveLength(0);
  // Back online, the same policy escalates again.
  server.setMode({ kind: 'ok', text: 'a * b' });
  await context.setOffline(false);
  await typeAtEndOfLine(page, 2, ' ');
  await expect(badge).toHaveAttribute('data-route', 'escalated');
  expect(server.requests).toHaveLength(1);
});
