// The production build as an organisation hosts it (docs/deployment.md):
// behind Debian's nginx with the shipped site configuration
// (deploy/nginx/router-ide.conf), and behind a host that sets no headers at
// all, where the app's service worker supplies cross-origin isolation.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { startRecorder } from '../testing/servers/loopback';
import { DEMO_WASM_SETTINGS, expect, modelInState, modelReady, pageTime, seedStorage, test } from '../testing/playwright/ide';
import { NGINX, startNginx, type NginxHandle } from '../testing/servers/nginx';
import { startStaticServer } from '../testing/servers/static-server';
import { IMMUTABLE, ISOLATION_HEADERS, MANIFEST_TYPE, REVALIDATE } from '../scripts/host-headers';
import { SERVICE_WORKER_URL } from '../src/platform/offline-caches';
import { cspOfBuild } from '../scripts/built-csp';

const PROD_DIST = process.env.E2E_PROD_DIST ?? 'dist';
const built = existsSync(join(PROD_DIST, 'index.html'));

test.skip(!built, `the production build is missing: run \`npm run build\` (npm test does) to write ${PROD_DIST}/`);
// Hosting does not depend on the device; the thread count is a WASM matter.
test.skip(({ device }) => device !== 'wasm', 'hosting is checked once, on the WASM project');

/** The bundled demo model on WASM: the production build downloads nothing else in a test. */
async function openServed(page: Page, url: string): Promise<void> {
  await seedStorage(page, { 'router-ide.settings': JSON.stringify(DEMO_WASM_SETTINGS) });
  await page.goto(`${url}/`);
  await modelReady(page);
}

/** A GET with exactly these request headers, its body as sent (not decoded). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** Every document the tab loads (a reload included), as it loads. */
function documentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) loads.push(frame.url());
  });
  return loads;
}

async function expectThreads(page: Page): Promise<void> {
  await page.getByTestId('open-settings').click();
  const { cores, isolated } = await page.evaluate(() => ({ cores: navigator.hardwareConcurrency, isolated: self.crossOriginIsolated }));
  expect(isolated).toBe(true);
  // The default count leaves one core to the page; no note says threads were refused.
  const n = Math.max(1, Math.min(4, cores - 1));
  await expect(page.getByTestId('threads')).toHaveText(` (${n} ${n === 1 ? 'thread' : 'threads'})`);
  await expect(page.getByTestId('threads-note')).toHaveCount(0);
}

test.describe('behind nginx with deploy/nginx/router-ide.conf', () => {
  test.skip(!existsSync(NGINX), `${NGINX} is missing: install Debian's nginx package to test the shipped site configuration`);
  let nginx: NginxHandle | undefined;
  test.beforeEach(async () => {
    nginx = await startNginx(PROD_DIST);
  });
  // Also after a test skipped before its hooks ran (the WebGPU project): nothing was started then.
  test.afterEach(async () => {
    await nginx?.close();
    nginx = undefined;
  });

  test("every response carries the isolation headers and the built page's own CSP; the page and config.json are revalidated, hashed assets kept", async () => {
    // The one source: the meta tag of the build nginx serves.
    const csp = cspOfBuild(PROD_DIST);
    expect(csp).toMatch(/connect-src/);
    const assets = readdirSync(join(PROD_DIST, 'assets'));
    const pick = (ext: string) => `/assets/${assets.find((f) => f.endsWith(ext))}`;
    const cases: [string, string, RegExp][] = [
      ['/', REVALIDATE, /^text\/html/],
      ['/index.html', REVALIDATE, /^text\/html/],
      ['/config.json', REVALIDATE, /^application\/json/],
      [SERVICE_WORKER_URL, REVALIDATE, /javascript/],
      ['/manifest.webmanifest', REVALIDATE, new RegExp(`^${MANIFEST_TYPE.replace('+', '\\+')}`)],
      ['/icon-192.png', REVALIDATE, /^image\/png/],
      ['/some/deep/link', REVALIDATE, /^text\/html/],
      [pick('.js'), IMMUTABLE, /javascript/],
      [pick('.mjs'), IMMUTABLE, /^text\/javascript/],
      [pick('.wasm'), IMMUTABLE, /^application\/wasm/],
    ];
    for (const [path, cache, type] of cases) {
      const res = await fetch(nginx!.url + path);
      expect(res.status, path).toBe(200);
      for (const [k, v] of Object.entries(ISOLATION_HEADERS)) expect(res.headers.get(k), `${k} on ${path}`).toBe(v);
      expect(res.headers.get('content-security-policy'), path).toBe(csp);
      expect(res.headers.get('cache-control'), path).toBe(cache);
      expect(res.headers.get('content-type'), path).toMatch(type);
    }
    expect(IMMUTABLE).toMatch(/immutable/);
    expect(Number(/max-age=(\d+)/.exec(IMMUTABLE)![1])).toBeGreaterThanOrEqual(31_536_000);
    expect(REVALIDATE).toMatch(/no-cache|no-store/);
    // Missing files are honest 404s: under /assets/ not kept for a year (the next deploy may bring it), under /models/ not the page.
    const missingAsset = await fetch(`${nginx!.url}/assets/nothing-here.js`);
    expect(missingAsset.status).toBe(404);
    expect(missingAsset.headers.get('cache-control') ?? '').not.toMatch(/max-age|immutable/);
    expect(missingAsset.headers.get('content-security-policy')).toBe(csp);
    const missingModel = await fetch(`${nginx!.url}/models/fixtures/no-such-model/onnx/model.onnx`);
    expect(missingModel.status).toBe(404);
    expect(await missingModel.text()).not.toContain('<div id="root">');
  });

  test('compressed transfer: the pre-compressed twins of scripts, styles and WASM, and gzip for the rest, to a browser that asks', async () => {
    const assets = readdirSync(join(PROD_DIST, 'assets'));
    const pick = (ext: string) => assets.find((f) => f.endsWith(ext) && assets.includes(`${f}.gz`))!;
    for (const file of [pick('.wasm'), pick('.js'), pick('.mjs'), pick('.css')]) {
      const url = `${nginx!.url}/assets/${file}`;
      // Node's fetch decodes for us; a plain request shows the bytes on the wire.
      const wire = await rawGet(url, { 'Accept-Encoding': 'gzip' });
      expect(wire.headers['content-encoding'], file).toBe('gzip');
      expect(wire.headers.vary, file).toMatch(/Accept-Encoding/i);
      // The pre-compressed twin itself (gzip_static), not a fresh compression.
      expect(wire.body.length, file).toBe(statSync(join(PROD_DIST, 'assets', `${file}.gz`)).size);
      expect(gunzipSync(wire.body).equals(readFileSync(join(PROD_DIST, 'assets', file))), file).toBe(true);
      // A client that takes no compression gets the file as it is.
      const plain = await rawGet(url, {});
      expect(plain.headers['content-encoding'], file).toBeUndefined();
      expect(plain.body.length, file).toBe(statSync(join(PROD_DIST, 'assets', file)).size);
    }
    // No twin (config.json is edited after the build): compressed on the fly when large enough, never a stale copy.
    expect(existsSync(join(PROD_DIST, 'config.json.gz'))).toBe(false);
    const schema = await rawGet(`${nginx!.url}/config.schema.json`, { 'Accept-Encoding': 'gzip' });
    expect(schema.headers['content-encoding']).toBe('gzip');
  });

  test('a model file the host lacks is a 404, and the app says "not found" with where it looked', async ({ page }) => {
    const missing = { ...DEMO_WASM_SETTINGS, model: { ...DEMO_WASM_SETTINGS.model, id: 'no-such-model' } };
    await seedStorage(page, { 'router-ide.settings': JSON.stringify(missing) });
    await page.goto(`${nginx!.url}/`);
    const status = page.getByTestId('model-status');
    await modelInState(page, 'error');
    await expect(status).toContainText('not found');
    await expect(status).toContainText('/models/fixtures/no-such-model/');
    // nginx's own log, not the page's responses: the model loads in a worker, a shared one too, whose requests a page does not see.
    const answers = nginx!
      .requests()
      .filter((r) => r.uri.includes('/no-such-model/'))
      .map((r) => [r.uri, r.status] as const);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter(([, code]) => code !== 404)).toEqual([]);
  });

  test('the page is cross-origin isolated by the headers and runs the model on WASM threads, with no isolation reload', async ({
    page,
  }) => {
    // The offline worker registers here too (e2e/offline.spec.ts); isolation comes from the first response.
    const loads = documentLoads(page);
    await openServed(page, nginx!.url);
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
    expect(loads).toHaveLength(1);
    await expectThreads(page);
  });

  test('the CSP blocks a loopback host config.json does not name, before any connection', async ({ page }) => {
    const other = await startRecorder();
    try {
      await openServed(page, nginx!.url);
      const outcome = await page.evaluate(async (target) => {
        const violation = new Promise<string>((resolve) =>
          document.addEventListener('securitypolicyviolation', (e) => resolve(`${e.violatedDirective} ${e.blockedURI}`), { once: true }),
        );
        const fetched = await fetch(target, { method: 'POST', body: 'x' }).then(
          () => 'answered',
          (e: Error) => `failed: ${e.message}`,
        );
        return { fetched, violation: await violation, self: (await fetch('/config.json')).status };
      }, `${other.url}/v1/completions`);
      expect(outcome.fetched).toMatch(/^failed: /);
      expect(outcome.violation).toBe(`connect-src ${other.url}/v1/completions`);
      expect(outcome.self).toBe(200);
      expect(other.connections()).toBe(0);
    } finally {
      await other.close();
    }
  });
});

test.describe('behind a host that sets no headers', () => {
  // Each test loads the app two or three times.
  test.slow();
  test('the isolation worker reloads the page once, and then it is cross-origin isolated with WASM threads', async ({ page }) => {
    const host = await startStaticServer(PROD_DIST);
    try {
      const loads = documentLoads(page);
      await openServed(page, host.url);
      expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
      expect(loads).toHaveLength(2);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${host.url}${SERVICE_WORKER_URL}`);
      await expectThreads(page);
      // Later loads are isolated from the start: no second reload.
      await page.reload();
      await modelReady(page);
      expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
      expect(loads).toHaveLength(3);
    } finally {
      await host.close();
    }
  });

  test('a worker that cannot isolate the page costs one reload, never a loop; the model runs single-threaded and says why', async ({
    page,
  }) => {
    // Takes control like the real one but adds no headers.
    const inert =
      "self.addEventListener('install', () => self.skipWaiting()); self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim())); self.addEventListener('fetch', (e) => e.respondWith(fetch(e.request)));";
    const host = await startStaticServer(PROD_DIST, { [SERVICE_WORKER_URL]: inert });
    try {
      const loads = documentLoads(page);
      await openServed(page, host.url);
      expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(false);
      // The app started on the second load (openServed waited for its model), where a looping page would have
      // reloaded first; a second of the page's own time more, however busy the machine, and still no other load.
      await pageTime(page, 1000);
      expect(loads).toHaveLength(2);
      await page.getByTestId('open-settings').click();
      await expect(page.getByTestId('threads')).toHaveText(' (1 thread)');
      // The default count leaves one core to the page: only where it wanted more than one do threads go missing.
      const cores = await page.evaluate(() => navigator.hardwareConcurrency);
      if (cores > 2) await expect(page.getByTestId('threads-note')).toContainText('not cross-origin isolated');
      else await expect(page.getByTestId('threads-note')).toHaveCount(0);
    } finally {
      await host.close();
    }
  });
});
