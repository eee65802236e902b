// Where did the code go? Each escalation request body is delivered (the
// server answered), not delivered (known never to have left), or of unknown
// delivery (it may have reached the server, even twice), and the badge, the
// status bar, the ledger, the stats and the stored ledger say the same. And a
// redirect is never followed: its target sees nothing, not even a preflight.
// Real Chromium against real loopback servers that record what arrives.
import type { Page } from '@playwright/test';
import { expect, sendMarker, test, typeAtEndOfLine } from '../testing/playwright/ide';
import { startRecorder, type RecorderHandle } from '../testing/servers/loopback';

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'the endpoint path does not depend on the device'));

interface Stored {
  outcome: string;
  delivery?: string;
  detail?: string;
  bytes: number;
}
const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('router-ide.ledger') ?? '[]') as Stored[]);

/** Type at the end of line 2 (the fixture model's completion there is invalid, so it escalates) and wait for the failure. */
async function failedEscalation(page: Page): Promise<void> {
  await typeAtEndOfLine(page, 2, ' ');
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'failed');
}

/** The badge, the status bar, the newest ledger entry, the stored ledger and the stats all say `state`, with `bytes` in its place. */
async function everywhere(page: Page, state: 'delivered' | 'not-delivered' | 'unknown'): Promise<number> {
  const egress = page.getByTestId('badge-egress');
  await expect(egress).toHaveAttribute('data-delivery', state);
  const bytes = Number(/^(\d+) bytes/.exec((await egress.textContent()) ?? '')?.[1]);
  expect(bytes).toBeGreaterThan(100);
  await expect(page.getByTestId('status-privacy')).toHaveAttribute('data-delivery', state);
  const entry = page.getByTestId('ledger-entry').first();
  await expect(entry).toHaveAttribute('data-delivery', state);
  const last = (await stored(page)).at(-1)!;
  expect([last.outcome, last.delivery, last.bytes]).toEqual(['error', state, bytes]);
  const ledgerId = { delivered: 'ledger-bytes', 'not-delivered': 'ledger-not-delivered', unknown: 'ledger-unknown' }[state];
  const statsId = { delivered: 'stats-bytes', 'not-delivered': 'stats-not-delivered', unknown: 'stats-unknown' }[state];
  await expect(page.getByTestId(ledgerId)).toHaveText(String(bytes));
  await expect(page.getByTestId(statsId)).toHaveText(String(bytes));
  if (state !== 'delivered') {
    await expect(page.getByTestId('ledger-bytes')).toHaveText('0');
    await expect(page.getByTestId('stats-bytes')).toHaveText('0');
  }
  // "Nothing reached the server" is said only where it is known.
  if (state === 'not-delivered') await expect(egress).toContainText(/nothing reached/);
  else await expect(page.getByTestId('privacy-badge')).not.toContainText(/nothing (reached|was sent)/i);
  return bytes;
}

for (const status of [307, 308]) {
  test(`a ${status} redirect is never followed: its target receives nothing, not even a preflight; badge and ledger say why`, async ({
    page,
    openIde,
    server,
  }) => {
    const target: RecorderHandle = await startRecorder();
    try {
      server.setMode({ kind: 'redirect', status, location: `${target.url}/v1/completions` });
      await openIde({ model: 'fixture-invalid' });
      await failedEscalation(page);
      const badge = page.getByTestId('privacy-badge');
      await expect(badge).toContainText(/answered with a redirect \(the browser hides where it points\)/);
      await expect(badge).toContainText('Escalation requests never follow redirects');
      await expect(badge).toContainText('Point endpoint.url at the final address');
      // The first server answered, so the body reached it (and only it).
      await everywhere(page, 'delivered');
      const entry = page.getByTestId('ledger-entry').first();
      await entry.locator('summary').click();
      await expect(entry).toContainText('answered with a redirect');
      expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
      // A request the page makes now reaches the target after anything it sent there before: the marker alone came.
      await sendMarker(page, target.url);
      await expect.poll(() => target.received.length).toBeGreaterThan(0);
      expect(target.received).toEqual([{ method: 'GET', path: '/marker', bodyBytes: 0 }]);
      expect(target.connections()).toBe(1);
    } finally {
      await target.close();
    }
  });
}

test('a server that reads the body and closes a fresh connection: delivery unknown (it did get the code)', async ({
  page,
  openIde,
  server,
}) => {
  // The preflight's connection closes, so the request itself goes on a fresh one, which Chromium does not retry.
  server.setPreflight({ close: true });
  server.setMode({ kind: 'drop' });
  await openIde({ model: 'fixture-invalid' });
  await failedEscalation(page);
  await everywhere(page, 'unknown');
  await expect(page.getByTestId('badge-egress')).toContainText('delivery unknown');
  await expect(page.getByTestId('status-privacy')).toContainText('delivery unknown');
  expect(server.requests).toHaveLength(1);
});

test('the same on a reused keep-alive connection: Chromium sends the body twice, the ledger says delivery unknown, never not delivered', async ({
  page,
  openIde,
  server,
}) => {
  server.setMode({ kind: 'drop' });
  await openIde({ model: 'fixture-invalid' });
  await failedEscalation(page);
  await everywhere(page, 'unknown');
  // The browser resent the body on its own on a new connection; the page is never told.
  expect(server.requests).toHaveLength(2);
  const posts = server.arrivals.filter((a) => a.method === 'POST');
  expect(posts[0].connection).not.toBe(posts[1].connection);
  expect((await stored(page)).map((e) => e.delivery)).toEqual(['unknown']);
});

test('typing during a slow CORS preflight cancels the request: the server saw only OPTIONS; delivery unknown, never delivered', async ({
  page,
  openIde,
  server,
}) => {
  server.setPreflight({ delayMs: 5000 });
  await openIde({ model: 'fixture-invalid' });
  await typeAtEndOfLine(page, 2, ' ');
  // fetch() has the body: the ledger's entry exists, pending.
  await expect(page.getByTestId('ledger-entry')).toHaveAttribute('data-delivery', 'pending');
  await expect.poll(() => server.arrivals.map((a) => a.method)).toEqual(['OPTIONS']);
  server.setPreflight({});
  await page.keyboard.type('x');
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'escalated');
  await expect
    .poll(async () => (await stored(page)).map((e) => [e.outcome, e.delivery]))
    .toEqual([
      ['error', 'unknown'],
      ['ok', 'delivered'],
    ]);
  expect((await stored(page))[0].detail).toContain('cancelled by typing');
  // The cancelled request's POST never left: only the second request's body arrived.
  expect(server.requests).toHaveLength(1);
  expect(server.arrivals[0].method).toBe('OPTIONS');
});

test('a refused CORS preflight: the POST never left, but the browser reports it like a connection closed after the body, so delivery unknown', async ({
  page,
  openIde,
  server,
}) => {
  server.setPreflight({ cors: false });
  await openIde({ model: 'fixture-invalid' });
  await failedEscalation(page);
  await everywhere(page, 'unknown');
  expect(server.requests).toHaveLength(0);
  expect(server.arrivals.map((a) => a.method)).toEqual(['OPTIONS']);
});

test('HTTP 500: delivered (the server answered)', async ({ page, openIde, server }) => {
  server.setMode({ kind: 'status', status: 500, body: '{"error":"boom"}' });
  await openIde({ model: 'fixture-invalid' });
  await failedEscalation(page);
  const bytes = await everywhere(page, 'delivered');
  await expect(page.getByTestId('badge-egress')).toHaveText(`${bytes} bytes of code delivered to ${new URL(server.url).host}`);
  await expect(page.getByTestId('ledger-entry').first().locator('summary')).toContainText('error');
});

test('a timeout before any answer: delivery unknown; a timeout once the stream had begun: delivered', async ({ page, openIde, server }) => {
  server.setMode({ kind: 'hang' });
  await openIde({ model: 'fixture-invalid', timeoutMs: 1500, endpointExtra: { stream: true } });
  await failedEscalation(page);
  await expect(page.getByTestId('privacy-badge')).toContainText('did not answer within 1500 ms');
  await everywhere(page, 'unknown');

  server.setMode({ kind: 'slow', intervalMs: 200 });
  await page.keyboard.press('Escape');
  await typeAtEndOfLine(page, 2, 'x');
  await expect(page.getByTestId('privacy-badge')).toContainText('did not finish its answer within 1500 ms');
  await expect(page.getByTestId('badge-egress')).toHaveAttribute('data-delivery', 'delivered');
  await expect.poll(async () => (await stored(page)).map((e) => e.delivery)).toEqual(['unknown', 'delivered']);
});

test("the page's Content-Security-Policy refuses the address: not delivered, nothing reached the server", async ({
  page,
  openIde,
  server,
  baseURL,
}) => {
  // The organisation's config allows 127.0.0.2, the CSP the app was built with does not: the browser refuses to connect.
  await page.route(`${baseURL}/config.json`, async (route) => {
    const cfg = await (await route.fetch()).json();
    await route.fulfill({
      json: { ...cfg, privacy: { ...cfg.privacy, allowedEndpoints: ['http://localhost:*', 'http://127.0.0.1:*', 'http://127.0.0.2:*'] } },
    });
  });
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/.test(m.text())) violations.push(m.text());
  });
  await openIde({ model: 'fixture-invalid', endpoint: `http://127.0.0.2:${new URL(server.url).port}/v1` });
  await failedEscalation(page);
  await expect(page.getByTestId('privacy-badge')).toContainText(
    `Content-Security-Policy (connect-src) does not allow http://127.0.0.2:${new URL(server.url).port}: the browser refused to connect`,
  );
  await expect(page.getByTestId('privacy-badge')).toContainText('set endpoint.url');
  await everywhere(page, 'not-delivered');
  expect(violations.length).toBeGreaterThan(0);
  expect(server.arrivals).toEqual([]);
});

test('after a sequence of failures and successes the stats count what the ledger counts: requests, failures and bytes per state', async ({
  page,
  openIde,
  server,
}) => {
  await openIde({ model: 'fixture-invalid' });
  const badge = page.getByTestId('privacy-badge');
  const modes = [
    { kind: 'status', status: 500, body: '{"error":"busy"}' },
    { kind: 'ok', text: 'a + b' },
    { kind: 'drop' },
    { kind: 'status', status: 500, body: '{"error":"busy"}' },
    { kind: 'ok', text: 'a - b' },
  ] as const;
  for (const [i, mode] of modes.entries()) {
    server.setMode(mode);
    const seq = Number(await badge.getAttribute('data-seq'));
    await typeAtEndOfLine(page, 2, String.fromCharCode(97 + i));
    await expect(badge).toHaveAttribute('data-seq', String(seq + 1));
    await expect(badge).toHaveAttribute('data-route', mode.kind === 'ok' ? 'escalated' : 'failed');
  }
  const n = async (route: string) => Number(await page.getByTestId(`stats-route-${route}`).locator('td').nth(1).textContent());
  const entries = await stored(page);
  expect(entries).toHaveLength(modes.length);
  await expect(page.getByTestId('ledger-count')).toHaveText(String(modes.length));
  // The stats panel renders after the ledger has stored the entry: polled, as the ledger's own figures are.
  await expect.poll(() => n('failed')).toBe(entries.filter((e) => e.outcome === 'error').length);
  await expect.poll(() => n('escalated')).toBe(entries.filter((e) => e.outcome === 'ok').length);
  const sum = (state: string) => entries.filter((e) => (e.delivery ?? 'delivered') === state).reduce((a, e) => a + e.bytes, 0);
  await expect(page.getByTestId('ledger-bytes')).toHaveText(String(sum('delivered')));
  await expect(page.getByTestId('stats-bytes')).toHaveText(String(sum('delivered')));
  await expect(page.getByTestId('ledger-unknown')).toHaveText(String(sum('unknown')));
  await expect(page.getByTestId('stats-unknown')).toHaveText(String(sum('unknown')));
});
