// The installable, offline app (docs/deployment.md#offline): the production
// build's service worker precaches the app on the first visit, so with the
// host gone and the network off a reload still opens the IDE with the
// workspace, loads the model from the cache and completes locally; a new
// deploy is picked up on the next load, with a notice.
//
// Served by a header-less loopback host whose files the test can change: one
// origin throughout (a service worker belongs to its origin), and the same
// worker that caches also supplies cross-origin isolation. And behind Debian's
// nginx with the shipped site file, which sends the isolation headers itself:
// there the page starts before the worker controls it, and the worker must
// still end up holding everything the app needs offline.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type LaunchOptions, type Page } from '@playwright/test';
import { DEMO_WASM_SETTINGS, expect, ghostText, modelReady, seedStorage, test } from '../testing/playwright/ide';
import { waitWithProgress } from '../testing/playwright/progress';
import { NGINX, startNginx, type NginxRequest } from '../testing/servers/nginx';
import { startStaticServer } from '../testing/servers/static-server';
import { CONFIG_PATH, MODELS_PATH, OFFLINE_CACHES, SERVICE_WORKER_URL } from '../src/platform/offline-caches';

const PROD_DIST = process.env.E2E_PROD_DIST ?? 'dist';
const built = existsSync(join(PROD_DIST, 'index.html'));

test.skip(!built, `the production build is missing: run \`npm run build\` (npm test does) to write ${PROD_DIST}/`);
test.skip(({ device }) => device !== 'wasm', 'offline is checked once, on the WASM project');
// The first visit precaches the whole app, and each test loads it three or four times.
test.slow();

/** The page's service workers as a registration holds them: each one's state, or why that cannot be read now. */
function workerStates(page: Page): Promise<string> {
  return page
    .evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      const notice = document.querySelector('[data-testid="update-notice"]')?.textContent ?? 'no notice';
      return `installing ${reg?.installing?.state}, waiting ${reg?.waiting?.state}, active ${reg?.active?.state}; ${notice}`;
    })
    .catch(() => 'page navigating');
}

/**
 * Until the worker is active (its precache complete: it activates only after) and controls the page. The precache
 * is tens of megabytes fetched one file after another, slow on a busy machine: waited for while the browser works.
 */
async function workerInCharge(page: Page): Promise<void> {
  const inCharge = () =>
    page
      .evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return reg?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
      })
      .catch(() => false);
  await waitWithProgress(page, inCharge, () => workerStates(page), { what: 'The service worker did not take charge of the page' });
}

/** Types at the end of the open file; the production build has no test seams, so by keyboard as a user does. */
async function typeAtEnd(page: Page, text: string): Promise<void> {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

test('after one visit, a reload with the host gone and the network off opens the IDE with the workspace, loads the model from the cache and completes locally', async ({
  page,
  context,
}) => {
  const host = await startStaticServer(PROD_DIST);
  try {
    await seedStorage(page, { 'router-ide.settings': JSON.stringify(DEMO_WASM_SETTINGS) }, 'context');
    await page.goto(`${host.url}/`);
    await modelReady(page);
    await workerInCharge(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${host.url}${SERVICE_WORKER_URL}`);
    // Installable, by Chromium's own criteria (manifest, icons, a worker that controls the page). A test
    // context is an incognito one, which no browser lets install: that one reason is the test's, not the app's.
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    await typeAtEnd(page, '\noffline_marker = ');
    await expect(ghostText(page).first()).toBeVisible();
    await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  } finally {
    await host.close();
  }
  await context.setOffline(true);
  // Nothing answers on the host's port any more: whatever the page gets comes from the worker's caches.
  expect(
    await fetch(`${host.url}/`).then(
      () => 'answered',
      () => 'refused',
    ),
  ).toBe('refused');

  await page.reload();
  await expect(page.locator('.monaco-editor .view-lines').first()).toContainText('offline_marker', { timeout: 30_000 });
  await modelReady(page);
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
  // The model's files came from the worker's model cache (this host sent no caching headers for the HTTP cache to keep).
  const cachedModelFiles = await page.evaluate(
    async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname),
    OFFLINE_CACHES.models,
  );
  expect(cachedModelFiles.filter((p) => p.startsWith('/models/fixtures/fixture-valid/')).length).toBeGreaterThan(0);
  await typeAtEnd(page, '\nsecond_line = ');
  await expect(ghostText(page).first()).toBeVisible();
  await expect(page.getByTestId('model-status')).toHaveAttribute('data-model', /fixture-valid/);
});

test('a new deploy is picked up on the next load, with a notice that the app was updated', async ({ page }) => {
  const deployed: Record<string, string> = {};
  const host = await startStaticServer(PROD_DIST, deployed);
  try {
    await seedStorage(page, { 'router-ide.settings': JSON.stringify(DEMO_WASM_SETTINGS) }, 'context');
    await page.goto(`${host.url}/`);
    await modelReady(page);
    await workerInCharge(page);
    await page.reload(); // an ordinary later load of the same deploy: no notice
    await modelReady(page);
    await expect(page.getByTestId('update-notice')).toHaveCount(0);

    // The next deploy: a changed page, so the worker's precache list (its revision of index.html) differs too.
    const index = readFileSync(join(PROD_DIST, 'index.html'), 'utf8');
    const worker = readFileSync(join(PROD_DIST, SERVICE_WORKER_URL.slice(1)), 'utf8');
    const revision = /"revision":"([0-9a-f]+)","url":"index\.html"/.exec(worker)![1];
    deployed['/index.html'] = index.replace('<head>', '<head><meta name="deploy" content="next">');
    deployed[SERVICE_WORKER_URL] = worker.replace(
      `"revision":"${revision}","url":"index.html"`,
      '"revision":"next-deploy","url":"index.html"',
    );

    await page.reload();
    await expect(page.locator('meta[name="deploy"]')).toHaveAttribute('content', 'next');
    // The new worker installs and takes over while the page loads the model: as slow as a busy machine makes both.
    const notice = page.getByTestId('update-notice');
    await waitWithProgress(
      page,
      async () => (await notice.count()) > 0,
      () => workerStates(page),
      {
        what: 'No update notice after the new deploy',
      },
    );
    await expect(notice).toContainText('Updated to the new version');
    await modelReady(page);
    // Non-blocking: the editor is usable with the notice up, and it can be dismissed.
    await typeAtEnd(page, '\nafter_update = ');
    await expect(ghostText(page).first()).toBeVisible();
    await page.getByTestId('update-notice').getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByTestId('update-notice')).toHaveCount(0);
  } finally {
    await host.close();
  }
});

/** The paths a cache of the page's origin holds. */
function cachedPaths(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), cacheName);
}

/** Full downloads of one URL more than once, among the files the app fetches by content: hashed assets, config.json, models. */
function downloadedTwice(requests: readonly NginxRequest[]): string[] {
  const counts = new Map<string, number>();
  for (const r of requests) {
    const path = r.uri.split('?')[0];
    if (r.method !== 'GET' || r.status !== 200) continue;
    if (!(path.startsWith('/assets/') || path.startsWith(MODELS_PATH) || path === CONFIG_PATH)) continue;
    counts.set(path, (counts.get(path) ?? 0) + 1);
  }
  return [...counts].filter(([, n]) => n > 1).map(([p, n]) => `${p} x${n}`);
}

test.describe('behind nginx with deploy/nginx/router-ide.conf (the host isolates the page)', () => {
  test.skip(!existsSync(NGINX), `${NGINX} is missing: install Debian's nginx package to test the shipped site configuration`);

  // Playwright reads a test's fixtures from its first parameter's pattern: this one uses none (it launches its own profile).
  // eslint-disable-next-line no-empty-pattern
  test('after one visit in a fresh profile, with nginx stopped and the network off, a reload opens the IDE, loads the model from the cache and completes; nothing was downloaded twice', async ({}, testInfo) => {
    // A first visit with the whole precache, then a reload offline: minutes on a busy machine.
    test.setTimeout(480_000);
    const nginx = await startNginx(PROD_DIST);
    // A real profile (disk cache and all), as a user's first visit has: the worker copies from the HTTP cache.
    const profile = mkdtempSync(join(tmpdir(), 'router-ide-profile-'));
    const { launchOptions } = testInfo.project.use as { launchOptions?: LaunchOptions };
    const context = await chromium.launchPersistentContext(profile, { ...launchOptions });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await seedStorage(page, { 'router-ide.settings': JSON.stringify(DEMO_WASM_SETTINGS) }, 'context');
      try {
        await page.goto(`${nginx.url}/`);
        await modelReady(page);
        // Isolated by the host's headers from the first response: the page did not wait for the worker.
        expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
        await workerInCharge(page);
        // Installable by Chromium's own criteria (manifest, PNG icons, a worker that controls the page), in a real profile: no error at all.
        const cdp = await context.newCDPSession(page);
        expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
        await typeAtEnd(page, '\nnginx_marker = ');
        await expect(ghostText(page).first()).toBeVisible();
        await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
        // Once in control, the worker keeps what loaded before it: config.json and the model's files.
        await expect.poll(() => cachedPaths(page, OFFLINE_CACHES.config), { timeout: 30_000 }).toContain(CONFIG_PATH);
        await expect
          .poll(
            async () =>
              (await cachedPaths(page, OFFLINE_CACHES.models)).filter((p) => p.startsWith('/models/fixtures/fixture-valid/onnx/')),
            {
              timeout: 30_000,
            },
          )
          .not.toEqual([]);
        const requests = nginx.requests();
        expect(requests.some((r) => r.uri.startsWith('/models/fixtures/fixture-valid/onnx/') && r.status === 200)).toBe(true);
        expect(downloadedTwice(requests)).toEqual([]);
      } finally {
        await nginx.close();
      }
      await context.setOffline(true);
      expect(
        await fetch(`${nginx.url}/`).then(
          () => 'answered',
          () => 'refused',
        ),
      ).toBe('refused');

      await page.reload();
      await expect(page.locator('.monaco-editor .view-lines').first()).toContainText('nginx_marker', { timeout: 30_000 });
      await modelReady(page);
      await expect(page.getByTestId('model-status')).toHaveAttribute('data-model', /fixture-valid/);
      await typeAtEnd(page, '\nsecond_line = ');
      await expect(ghostText(page).first()).toBeVisible();
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
