// What the header says about the model's speed, and what follows from it:
// WASM threads under the app's cross-origin isolation, the measured speed
// and the window in use, and the smallest model recommended on WASM.
import { expect, test } from '../testing/playwright/ide';

test(
  'the header shows the measured speed and the window; WASM runs on threads and recommends the smallest model',
  { tag: '@device' },
  async ({ page, openIde, device }) => {
    await openIde({
      model: 'fixture-qwen2-tiny',
      endpoint: null,
      // Two threads whatever the cores (the default leaves one core to the page): the threaded path runs.
      modelExtra: { maxPromptTokens: 1024, latencyTargetMs: { webgpu: 500, wasm: 1500 }, wasmThreads: 2 },
    });
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
    const perf = page.getByTestId('model-perf');
    await expect(perf).toContainText(/reads \d+ tok\/s, writes \d+ tok\/s/);
    const budget = Number(await page.getByTestId('prompt-budget').textContent());
    expect(budget).toBeGreaterThanOrEqual(256);
    expect(budget).toBeLessThanOrEqual(1024);
    await page.getByTestId('open-settings').click();
    if (device === 'wasm') {
      await expect(page.getByTestId('threads')).toHaveText(' (2 threads)');
      await expect(page.getByTestId('threads-note')).toHaveCount(0);
      await expect(page.getByTestId('model-recommendation')).toContainText('Qwen2.5-Coder 0.5B');
      await expect(page.getByTestId('model-picker').locator('option', { hasText: 'recommended on WASM' })).toHaveCount(1);
    } else {
      await expect(page.getByTestId('threads')).toHaveCount(0);
      await expect(page.getByTestId('model-recommendation')).toHaveCount(0);
    }
  },
);

test.describe('on a host without the isolation headers', () => {
  // and without the worker that supplies them where a host cannot
  // (the service worker, src/platform/service-worker.ts; e2e/deployment.spec.ts tests it).
  test.use({ serviceWorkers: 'block' });

  test('a page that is not cross-origin isolated runs single-threaded and says why', async ({ page, openIde, device }) => {
    test.skip(device !== 'wasm', 'threads are a WASM matter');
    // Strip the isolation headers from every response, as a plain static host would.
    await page.route('**/*', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['cross-origin-opener-policy'];
      delete headers['cross-origin-embedder-policy'];
      await route.fulfill({ response, headers });
    });
    // A tab the isolation worker already reloaded once (src/platform/isolation.ts): no second try, and no
    // wait for a worker that the blocked service workers would never let take control.
    await page.addInitScript(() => sessionStorage.setItem('router-ide.isolation-reload', '1'));
    // Two threads asked for, whatever the cores: the page cannot give them.
    await openIde({ model: 'fixture-valid', endpoint: null, modelExtra: { wasmThreads: 2 } });
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(false);
    await expect(page.getByTestId('threads')).toHaveText(' (1 thread)');
    await expect(page.getByTestId('threads-note')).toContainText('not cross-origin isolated');
  });
});
