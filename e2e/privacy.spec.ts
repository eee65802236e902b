// Privacy guarantees in the browser: the CSP, never-send rules, the secret
// guard, organisation locks, and the ledger export.
import { expect, test, typeAtEndOfLine } from '../testing/playwright/ide';

test("the built app's CSP stops connections to hosts outside the allowed list", async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', endpoint: null });
  const result = await page.evaluate(async () => {
    // The report of the refusal, however long after the refused fetch it comes (a hang fails the test's timeout).
    const violation = new Promise<string>((resolve) =>
      document.addEventListener('securitypolicyviolation', (e) => resolve(`${e.violatedDirective} ${e.blockedURI}`), { once: true }),
    );
    // 127.0.0.2 is loopback but not in the allowed list: the browser must refuse before any packet.
    const outcome = await fetch('http://127.0.0.2:9/v1/completions', { method: 'POST', body: 'x' }).then(
      () => 'sent',
      (e: Error) => e.name,
    );
    return { outcome, violation: await violation };
  });
  expect(result.outcome).toBe('TypeError');
  expect(result.violation).toContain('connect-src http://127.0.0.2:9');
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

// Credentials as real repositories hold them, through the real app to a loopback server that records every
// request: none of their bytes may arrive, in block mode (nothing is sent) or redact mode (the rest is sent).
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
let seed = 7;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);
const b64Line = () => Array.from({ length: 64 }, () => B64[Math.floor(rnd() * 64)]).join('');
const PEM_BODY = Array.from({ length: 100 }, b64Line); // about 6.5 KB: an RSA-8192 key
const UUID = '3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c';
const GH = 'ghp_R8kfQ2mZx7Lp0vB3nW9tY4cJ6hD1sA5eG2uK';
const FILLER = Array.from({ length: 600 }, (_, i) => `def helper_${i}(x):\n    return x * ${i}\n`).join('\n');

/** Does any 10-character piece of `secret` appear in what the server received (bodies and headers)? */
function arrived(server: { requests: unknown[] }, secret: string): string | undefined {
  const all = JSON.stringify(server.requests);
  for (let i = 0; i + 10 <= secret.length; i++) if (all.includes(secret.slice(i, i + 10))) return secret.slice(i, i + 10);
  return undefined;
}

const CASES: { name: string; files: { path: string; content: string }[]; line: number; secrets: string[] }[] = [
  {
    name: 'an npm token in a file not named .npmrc',
    files: [{ path: 'main.py', content: `NPMRC = "//npm.pkg.corp.example/:_authToken=${UUID}"\n\ndef add(a, b):\n    return\n` }],
    line: 4,
    secrets: [UUID],
  },
  {
    name: 'a PEM key over 4 KB in a 46 KB file',
    files: [
      {
        path: 'main.py',
        content: `${FILLER.slice(0, 20_000)}\nKEY = """-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY.join('\n')}\n-----END RSA PRIVATE KEY-----"""\n\ndef add(a, b):\n    return\n`,
      },
    ],
    line: 0, // the last line
    secrets: PEM_BODY,
  },
  {
    name: 'a percent-encoded token',
    files: [{ path: 'main.py', content: `URL = "https://api.example/?t=${GH.replace('_', '%5F')}"\n\ndef add(a, b):\n    return\n` }],
    line: 4,
    secrets: [GH.replace('_', '%5F'), GH],
  },
  {
    name: 'a token split between an imported file and the text before the cursor',
    files: [
      { path: 'main.py', content: `${GH.slice(20)}"\nfrom util import scale\n\ndef run(x):\n    return\n` },
      { path: 'util.py', content: `def scale(x, k):\n    return x * k  # ${GH.slice(0, 20)}` },
    ],
    line: 5,
    secrets: [GH.slice(0, 20), GH.slice(20)],
  },
];

for (const secrets of ['block', 'redact'] as const) {
  for (const c of CASES) {
    test(`${c.name}: no byte of it reaches the server (${secrets} mode)`, async ({ page, openIde, server }) => {
      // The secret action is the organisation's (config.json), never a user setting.
      await page.route('**/config.json', async (route) => {
        const org = await (await route.fetch()).json();
        await route.fulfill({ json: { ...org, privacy: { ...org.privacy, secrets } } });
      });
      await openIde({ model: 'fixture-invalid', files: c.files, router: { policy: 'always-escalate' } });
      const line = c.line || c.files[0].content.split('\n').length - 1;
      await typeAtEndOfLine(page, line, ' ');
      const badge = page.getByTestId('privacy-badge');
      await expect(badge).toHaveAttribute('data-route', secrets === 'block' ? 'blocked' : 'escalated');
      if (secrets === 'block') expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
      else await expect.poll(() => server.requests.filter((r) => r.method === 'POST').length).toBeGreaterThan(0);
      for (const s of c.secrets) expect(arrived(server, s), `a piece of ${s.slice(0, 12)}... arrived`).toBeUndefined();
    });
  }
}

test('a 401 that echoes the API key: the badge, the ledger, localStorage and the export never hold it', async ({
  page,
  openIde,
  server,
}) => {
  const key = 'sk-live-Q2mZx7Lp0vB3nW9tY4cJ6hD1sA5eG2uK';
  server.setMode({ kind: 'status', status: 401, body: JSON.stringify({ error: { message: `Invalid API key: Bearer ${key}` } }) });
  await openIde({ model: 'fixture-invalid', apiKey: key });
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'failed');
  await expect.poll(() => server.requests.filter((r) => r.method === 'POST').length).toBe(1);
  await page.getByTestId('completion-details').locator('summary').click();
  await expect(page.getByTestId('completion-details')).toContainText('401');
  // Everything stored but the user's own settings (which hold the key they typed).
  const stored = await page.evaluate(() => JSON.stringify(Object.entries(localStorage).filter(([k]) => k !== 'router-ide.settings')));
  const shown = (await page.locator('body').innerText()) + stored;
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ledger-export').click()]);
  const exported = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  for (const text of [shown, exported]) expect(text).not.toContain(key.slice(8, 24));
});
