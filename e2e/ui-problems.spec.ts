// What a new user ran into, each fixed and held here: honest device
// and network messages, what is known of delivery, a ledger that fits its panel,
// a whole circuit-breaker message, a privacy switch that agrees with the
// header, Settings that closes on Escape and keeps its controls inside, tabs
// that tell same-named files apart, and a ledger that a full storage quota
// cannot turn into a network failure.
import { CLOSED_ENDPOINT, expect, modelInState, modelReady, test, typeAtEndOfLine } from '../testing/playwright/ide';
import { startOpenAIServer } from '../testing/servers/openai-server';

test(
  '1. a download failure does not move the model to WASM: the demo model then runs on WebGPU',
  { tag: '@device' },
  async ({ page, openIde, device }) => {
    test.skip(device !== 'webgpu', 'needs a browser with WebGPU');
    await openIde({ model: 'fixture-valid', source: { kind: 'url', url: 'http://127.0.0.1:9/' }, waitReady: false });
    const status = page.getByTestId('model-status');
    await modelInState(page, 'error');
    await expect(status).not.toContainText('WebGPU failed');
    await page.getByTestId('use-demo-model').click();
    await modelReady(page);
    await expect(page.getByTestId('device')).toHaveText('WebGPU');
    await expect(page.getByTestId('device-fallback')).toHaveCount(0);
  },
);

test('2. TGI with an API key: the message names the preflight and the fix; the POST never reached the server, which the page cannot know', async ({
  page,
  openIde,
  device,
}) => {
  test.skip(device !== 'wasm', 'the endpoint path does not depend on the device');
  // TGI's CORS layer allows only content-type: a browser's Authorization header fails the preflight.
  const tgi = await startOpenAIServer({ kind: 'ok', text: 'a + b' }, { flavor: 'tgi', allowHeaders: 'content-type' });
  try {
    await openIde({ model: 'fixture-invalid', endpoint: tgi.url, apiKey: 'hf_secret_key_123' });
    await typeAtEndOfLine(page, 2, ' ');
    const badge = page.getByTestId('privacy-badge');
    await expect(badge).toHaveAttribute('data-route', 'failed');
    await expect(badge).toContainText("TGI's CORS layer allows only the content-type header");
    await expect(badge).toContainText('reverse proxy that adds CORS');
    await expect(badge).toContainText('no key on a private network');
    await expect(badge).not.toContainText('hf_secret_key_123');
    expect(tgi.requests).toHaveLength(0);
    // A refused preflight looks to the page like a connection closed after the body (delivery.spec.ts): unknown, not "nothing reached".
    await expect(page.getByTestId('badge-egress')).toHaveAttribute('data-delivery', 'unknown');
  } finally {
    await tgi.close();
  }
});

test('3 and 4. a failed request: badge, ledger, stats and status bar say the same (delivery unknown) and never claim nothing reached the server; the ledger fits its panel', async ({
  page,
  openIde,
  device,
}) => {
  test.skip(device !== 'wasm', 'the endpoint path does not depend on the device');
  await openIde({ model: 'fixture-invalid', endpoint: CLOSED_ENDPOINT });
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'failed');
  // The browser says only "Failed to fetch" (here: a refused connection), as it would for a body read and dropped.
  const egress = page.getByTestId('badge-egress');
  await expect(egress).toHaveAttribute('data-delivery', 'unknown');
  await expect(egress).toContainText(
    /^\d+ bytes of code, delivery unknown: the request to 127\.0\.0\.1:59 failed after it may have started/,
  );
  await expect(badge).not.toContainText('nothing reached');
  await expect(page.getByTestId('status-privacy')).toContainText('delivery unknown');

  await expect(page.getByTestId('ledger-count')).toHaveText('1');
  await expect(page.getByTestId('ledger-bytes')).toHaveText('0');
  const unknown = Number(await page.getByTestId('ledger-unknown').textContent());
  expect(unknown).toBeGreaterThan(100);
  const entry = page.getByTestId('ledger-entry');
  await expect(entry).toHaveAttribute('data-delivery', 'unknown');
  await expect(entry.locator('summary')).toContainText('delivery unknown');
  await expect(page.getByTestId('stats-bytes')).toHaveText('0');
  await expect(page.getByTestId('stats-unknown')).toHaveText(String(unknown));
  // The stored ledger says so too.
  const exported = await page.evaluate(() => JSON.parse(localStorage.getItem('router-ide.ledger') ?? '[]') as { delivery?: string }[]);
  expect(exported[0].delivery).toBe('unknown');

  // 4. Essentials in a row, details on demand, and nothing wider than the panel.
  const ledger = page.getByTestId('ledger');
  const fits = () =>
    page.evaluate(() => {
      const panel = document.querySelector('.side-panel')!;
      const l = document.querySelector('[data-testid="ledger"]')!;
      return { panel: panel.scrollWidth <= panel.clientWidth, ledger: l.scrollWidth <= l.clientWidth, width: l.clientWidth };
    });
  expect(await fits()).toMatchObject({ panel: true, ledger: true });
  await expect(ledger.getByText('sha-256')).toBeHidden();
  await entry.locator('summary').click();
  await expect(ledger.getByText('sha-256')).toBeVisible();
  await expect(ledger.getByText('openai-completions')).toBeVisible();
  expect(await fits()).toMatchObject({ panel: true, ledger: true });
});

test('5. the circuit-breaker message carries the last error whole', async ({ page, openIde, device }) => {
  test.skip(device !== 'wasm', 'the endpoint path does not depend on the device');
  await openIde({ model: 'fixture-invalid', endpoint: CLOSED_ENDPOINT });
  const badge = page.getByTestId('privacy-badge');
  for (let i = 1; i <= 4; i++) {
    const seq = Number(await badge.getAttribute('data-seq'));
    await typeAtEndOfLine(page, 2, String.fromCharCode(96 + i));
    await expect(badge).toHaveAttribute('data-seq', String(seq + 1));
  }
  await expect(badge).toContainText('paused after 3 failed requests');
  // The whole network message, up to its last word, then the fallback note.
  await expect(page.getByTestId('badge-summary')).toContainText(
    /Last error: Cannot reach 127\.0\.0\.1:59 \(.*\)\. If the server is up, .*OLLAMA_ORIGINS \(Ollama\)\. \(the local suggestion adds a syntax error, so none is shown\)$/,
  );
});

test('6. with no endpoint configured, the Local only switch agrees with the header', async ({ page, openIde, device }) => {
  test.skip(device !== 'wasm', 'the header does not depend on the device');
  await openIde({ model: 'fixture-valid', endpoint: null });
  await expect(page.getByTestId('egress-mode')).toContainText('Local only: escalation is off (no endpoint configured)');
  const sw = page.getByTestId('local-only-switch');
  await expect(sw).toBeChecked();
  await expect(sw).toBeDisabled();
  await expect(sw.locator('xpath=..')).toHaveAttribute('title', /No escalation endpoint is configured/);
});

test('7. Escape closes Settings and gives focus back; the model picker stays inside its box', async ({ page, openIde, device }) => {
  test.skip(device !== 'wasm', 'the dialog does not depend on the device');
  await openIde({ model: 'fixture-valid' });
  await page.getByTestId('open-settings').click();
  const settings = page.getByTestId('settings');
  await expect(settings).toBeVisible();
  const box = async (sel: string) => (await page.locator(sel).boundingBox())!;
  const picker = await box('[data-testid="model-picker"]');
  const fieldset = await box('[data-testid="settings"] fieldset:has([data-testid="model-picker"])');
  const dialog = await box('[data-testid="settings"]');
  expect(picker.x + picker.width).toBeLessThanOrEqual(fieldset.x + fieldset.width);
  expect(fieldset.x + fieldset.width).toBeLessThanOrEqual(dialog.x + dialog.width);
  expect(
    await page.evaluate(() => {
      const d = document.querySelector('[data-testid="settings"]')!;
      return d.scrollWidth <= d.clientWidth;
    }),
  ).toBe(true);
  await expect(page.getByTestId('endpoint-on')).toBeFocused(); // focus moved in
  await page.keyboard.press('Escape');
  await expect(settings).toHaveCount(0);
  await expect(page.getByTestId('open-settings')).toBeFocused();
});

test('9. tabs of files with the same name say which folder', async ({ page, openIde, device }) => {
  test.skip(device !== 'wasm', 'tabs do not depend on the device');
  await openIde({ model: 'fixture-valid' }); // main.py at the top level
  await page.getByTestId('start-demo').click(); // opens demo/python/main.py
  const tabs = page.getByRole('tablist', { name: 'Open files' });
  await expect(tabs.getByRole('tab')).toHaveCount(2);
  await expect(page.getByTestId('tab-demo/python/main.py')).toContainText('main.py');
  await expect(page.getByTestId('tab-folder-demo/python/main.py')).toHaveText('python');
  await expect(page.getByTestId('tab-folder-main.py')).toHaveText('top level');
  // Once one closes, the other is just its name again.
  await page.getByTestId('tab-main.py').click({ button: 'middle' });
  await expect(page.getByTestId('tab-folder-demo/python/main.py')).toHaveCount(0);
});

test('a full storage quota does not turn a sent request into a failure: the ledger says it is not saved', async ({
  page,
  openIde,
  server,
  device,
}) => {
  test.skip(device !== 'wasm', 'storage does not depend on the device');
  await openIde({ model: 'fixture-invalid' });
  // Fill localStorage to the browser's quota.
  const filled = await page.evaluate(() => {
    let n = 0;
    const block = 'x'.repeat(256 * 1024);
    try {
      for (;;) localStorage.setItem(`e2e-fill-${n++}`, block);
    } catch {
      /* full */
    }
    // Then smaller and smaller, to the last byte: even a short ledger entry must not fit.
    for (let size = 65536; size >= 1; size = Math.floor(size / 4)) {
      try {
        for (;;) localStorage.setItem(`e2e-fill-${n++}`, 'x'.repeat(size));
      } catch {
        /* full at this size */
      }
    }
    return n;
  });
  expect(filled).toBeGreaterThan(1);
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'escalated');
  expect(server.requests).toHaveLength(1);
  await expect(page.getByTestId('ledger-count')).toHaveText('1');
  await expect(page.getByTestId('ledger-not-saved')).toBeVisible();
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('e2e-fill-')) localStorage.removeItem(k);
  });
});
