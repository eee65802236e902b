// Nothing is sent that is not in the ledger: a scripted session of over 100
// completions across the privacy modes, with every network request the
// browser makes captured and compared with the ledger, request by request.
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, modelReady, test, typeAtEndOfLine } from '../testing/playwright/ide';

interface Captured {
  url: string;
  method: string;
  body: string;
  phase: string;
}
const MARKER = 'zq_marker_771'; // a name only the document contains

async function settings(page: Page, patch: Record<string, unknown>): Promise<void> {
  await page.evaluate((p) => {
    const s = JSON.parse(localStorage.getItem('router-ide.settings') ?? '{}');
    localStorage.setItem('router-ide.settings', JSON.stringify({ ...s, ...p }));
  }, patch);
  await page.reload();
  await modelReady(page);
}

/**
 * Type one character at the end of line 2 and wait for that completion's result.
 * The suggestion on screen is dismissed first: typing a character it shows would
 * type through it (no new request), and every keystroke here must make one.
 */
async function complete(page: Page, ch: string): Promise<void> {
  const badge = page.getByTestId('privacy-badge');
  const seq = Number(await badge.getAttribute('data-seq'));
  await page.keyboard.press('Escape');
  await typeAtEndOfLine(page, 2, ch);
  await expect(badge).toHaveAttribute('data-seq', String(seq + 1));
}

test('every request that leaves is in the ledger, and local-only sends none of the document', async ({
  page,
  openIde,
  server,
  device,
  baseURL,
}) => {
  test.skip(device !== 'wasm', 'one audited session is enough; it runs on WASM');
  test.setTimeout(300_000);
  server.setMode({ kind: 'ok', text: 'a - b' });
  const appOrigin = new URL(baseURL!).origin;
  let phase = 'setup';
  const captured: Captured[] = [];
  page.context().on('request', (r) => captured.push({ url: r.url(), method: r.method(), body: r.postData() ?? '', phase }));

  // No pause before a request: each keystroke here makes one, and the test waits for its result anyway.
  await openIde({
    model: 'fixture-invalid',
    files: [{ path: 'main.py', content: `${MARKER} = 1\ndef add(a, b): return\n` }],
    editor: { debounceMs: 0, adaptiveDebounce: false },
  });
  const plan: { name: string; model: string; mode: 'escalate' | 'local-only'; n: number; serverOk: boolean }[] = [
    { name: 'escalate-invalid', model: 'fixture-invalid', mode: 'escalate', n: 30, serverOk: true },
    { name: 'escalate-valid', model: 'fixture-valid', mode: 'escalate', n: 25, serverOk: true },
    { name: 'local-only', model: 'fixture-invalid', mode: 'local-only', n: 25, serverOk: true },
    { name: 'escalate-uncertain-failing', model: 'fixture-uncertain', mode: 'escalate', n: 25, serverOk: false },
  ];
  let total = 0;
  for (const p of plan) {
    server.setMode(p.serverOk ? { kind: 'ok', text: 'a - b' } : { kind: 'status', status: 500, body: '{"error":"boom"}' });
    await settings(page, { model: { id: p.model, family: 'qwen2.5-coder', source: { kind: 'bundled' } }, privacy: { mode: p.mode } });
    phase = p.name;
    for (let i = 0; i < p.n; i++) await complete(page, String.fromCharCode(97 + ((total + i) % 26)));
    total += p.n;
    phase = 'between';
  }
  expect(total).toBeGreaterThanOrEqual(100);

  const ledger = JSON.parse(await page.evaluate(() => localStorage.getItem('router-ide.ledger') ?? '[]')) as {
    destination: string;
    bytes: number;
    sha256?: string;
    outcome: string;
  }[];
  const egress = captured.filter(
    (c) => new URL(c.url).origin !== appOrigin && c.method !== 'OPTIONS' && !c.url.startsWith('data:') && !c.url.startsWith('blob:'),
  );

  // Request by request: same destination, same number of bytes, same payload hash.
  expect(egress.length).toBe(ledger.length);
  egress.forEach((c, i) => {
    const e = ledger[i];
    expect(new URL(c.url).host).toBe(e.destination);
    expect(Buffer.byteLength(c.body)).toBe(e.bytes);
    expect(createHash('sha256').update(c.body).digest('hex')).toBe(e.sha256);
  });
  // What each phase should have sent.
  const sentIn = (name: string) => egress.filter((c) => c.phase === name).length;
  expect(sentIn('escalate-invalid')).toBe(30);
  expect(sentIn('escalate-valid')).toBe(0);
  expect(sentIn('local-only')).toBe(0);
  expect(sentIn('escalate-uncertain-failing')).toBe(3); // then the circuit opened
  expect(server.requests.filter((r) => r.method === 'POST').length).toBe(33);
  // In local-only mode no request of any kind carries the document's text.
  const localOnly = captured.filter((c) => c.phase === 'local-only');
  for (const c of localOnly) {
    expect(c.body).not.toContain(MARKER);
    expect(decodeURIComponent(c.url)).not.toContain(MARKER);
  }
});
