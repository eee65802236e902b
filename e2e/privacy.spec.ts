// Privacy guarantees in the browser: the CSP, never-send rules, the secret
// guard, organisation locks, and the ledger export.
import { expect, test, typeAtEndOfLine } from '../testing/playwright/ide';

test("the built app's CSP stops connections to hosts outside the allowed list", async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', endpoint: null });
  const result = await page.evaluate(async () => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    // 127.0.0.2 is loopback but not in the allowed list: the browser must refuse before any packet.
    const outcome = await fetch('http://127.0.0.2:9/v1/completions', { method: 'POST', body: 'x' }).then(
      () => 'sent',
      (e: Error) => e.name,
    );
    await new Promise((r) => setTimeout(r, 100));
    return { outcome, violations };
  });
  expect(result.outcome).toBe('TypeError');
  expect(result.violations.join()).toContain('connect-src http://127.0.0.2:9');
});

test('a file under a never-send rule is blocked by policy: nothing leaves', async ({ page, openIde, server }) => {
  await openIde({ model: 'fixture-invalid', files: [{ path: 'secrets/db.py', content: 'def add(a, b):\n    return\n' }] });
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'blocked');
  await expect(badge).toContainText('blocked by policy');
  await expect(badge).toContainText('**/secrets/**');
  expect(server.requests).toHaveLength(0);
});

test('a credential in the file blocks escalation and says which and where', async ({ page, openIde, server }) => {
  await openIde({
    model: 'fixture-invalid',
    files: [{ path: 'main.py', content: 'AWS_KEY = "AKIAQWERTYUIOPASDFGH"\n\ndef add(a, b):\n    return\n' }],
  });
  await typeAtEndOfLine(page, 4, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'blocked');
  await expect(badge).toContainText('aws-access-key on line 1');
  expect(server.requests).toHaveLength(0);
  // secretlint's profiler would put marks on the page's timeline at every scan, never cleared.
  expect(
    await page.evaluate(() =>
      performance
        .getEntriesByType('mark')
        .map((m) => m.name)
        .filter((n) => n.includes('::')),
    ),
  ).toEqual([]);
});

test('the ledger exports as JSON without the API token', async ({ page, openIde, server }) => {
  await openIde({ model: 'fixture-invalid', apiKey: 'tok-SECRET-123' });
  await typeAtEndOfLine(page, 2, ' ');
  await expect(page.getByTestId('ledger-count')).toHaveText('1');
  // The ledger records the request as it leaves; the server may not have read it yet.
  await expect.poll(() => server.requests.length).toBe(1);
  expect(server.requests[0].headers.authorization).toBe('Bearer tok-SECRET-123');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ledger-export').click()]);
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const json = JSON.parse(text);
  expect(json.entries).toHaveLength(1);
  expect(json.entries[0]).toMatchObject({
    destination: new URL(server.url).host,
    protocol: 'openai-completions',
    reason: 'syntax',
    outcome: 'ok',
  });
  expect(text).not.toContain('tok-SECRET-123');
});

test('a completion holding HTML and terminal escapes is shown as text, nothing is injected', async ({ page, openIde, server }) => {
  server.setMode({
    kind: 'ok',
    text: 'a + b  # <img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>\u001b[31mred\u001b[0m',
  });
  await openIde({ model: 'fixture-invalid' });
  await typeAtEndOfLine(page, 2, ' ');
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'escalated');
  await expect
    .poll(() =>
      page
        .locator('.ghost-text-decoration, .ghost-text')
        .allTextContents()
        .then((t) => t.join('').replace(/\u00a0/g, ' ')),
    )
    .toContain('<img src=x');
  await page.keyboard.press('Tab');
  const text = await page.evaluate(() => (window as unknown as { __ide: { editor: { getValue(): string } } }).__ide.editor.getValue());
  expect(text).toContain('# <img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>red');
  expect(text).not.toContain('\u001b');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
});
