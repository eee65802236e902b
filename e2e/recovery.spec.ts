// The local model survives a wedged worker, a dead worker and a lost GPU
// device: completions resume without a page reload.
import type { Page } from '@playwright/test';
import {
  engineNoticeWhileModelLoads,
  expect,
  ghostText,
  modelReady,
  test,
  typeAtEndOfLine,
  whileModelLoads,
} from '../testing/playwright/ide';

const debug = (page: Page, action: string) =>
  page.evaluate(
    (a) => (window as unknown as { __ide: { engine: { debugInference(a: string): Promise<boolean> } } }).__ide.engine.debugInference(a),
    action,
  );

async function completesAgain(page: Page, ch: string): Promise<void> {
  await modelReady(page);
  await typeAtEndOfLine(page, 2, ch);
  await expect(ghostText(page).first()).toContainText('a + b', { timeout: 20_000 });
}

for (const action of ['hang', 'crash'] as const) {
  test(`a ${action === 'hang' ? 'wedged' : 'dead'} inference worker is restarted and completions resume`, async ({ page, openIde }) => {
    await openIde({ model: 'fixture-valid', watchdogMs: 2000 });
    await debug(page, action);
    await typeAtEndOfLine(page, 2, ' ');
    // The notice comes once the new worker has loaded the model again.
    await engineNoticeWhileModelLoads(page, 'Restarted the inference worker', 'The inference worker was not restarted');
    await typeAtEndOfLine(page, 2, 'x');
    await page.keyboard.press('Backspace');
    await completesAgain(page, 'y');
  });
}

test('a lost WebGPU device mid-run falls back to WASM and says so', { tag: '@device' }, async ({ page, openIde, device }) => {
  test.skip(device !== 'webgpu', 'needs a WebGPU device to lose');
  await openIde({ model: 'fixture-valid' });
  expect(await debug(page, 'lose-device')).toBe(true);
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b', { timeout: 30_000 });
  await expect(page.getByTestId('device')).toHaveText('WASM');
  await expect(page.getByTestId('engine-notice')).toContainText('WebGPU failed while completing');
});

/** Device set to WebGPU in Settings; waits while a worker loads the model again, as long as that load makes progress. */
async function moveToWebGpu(page: Page): Promise<void> {
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings').getByLabel('Device').selectOption('webgpu');
  await page.getByTestId('settings-save').click();
  await whileModelLoads(
    page,
    async () =>
      (await page
        .getByTestId('device')
        .textContent({ timeout: 1000 })
        .catch(() => null)) === 'WebGPU',
    { what: 'The model did not move to WebGPU' },
  );
}

/** The shared worker's model as this tab sees it; undefined where the tab runs its own worker. */
const sharedModel = (page: Page) =>
  page.evaluate(() => (window as unknown as { __ide: { engine: { model?: { shared?: object } } } }).__ide.engine.model?.shared);

test(
  "a session started on WASM moves to WebGPU when the setting changes (a new worker: the first had ONNX Runtime's CPU-only build)",
  { tag: '@device' },
  async ({ page, openIde, device }) => {
    test.skip(device !== 'webgpu', 'needs a WebGPU device to move to');
    // A worker of the tab's own, which it may replace; a tab on the shared model moves to one of its own instead, and says so.
    await openIde({ model: 'fixture-valid', device: 'wasm', modelExtra: { sharedWorker: false } });
    await expect(page.getByTestId('device')).toHaveText('WASM');
    await moveToWebGpu(page);
    await expect(page.getByTestId('engine-notice')).toHaveCount(0);
    await completesAgain(page, ' ');
  },
);

test(
  'a tab on the shared model that moves to WebGPU runs its own worker there, and says why',
  { tag: '@device' },
  async ({ page, openIde, device }) => {
    test.skip(device !== 'webgpu', 'needs a WebGPU device to move to');
    await openIde({ model: 'fixture-valid', device: 'wasm', modelExtra: { sharedWorker: true, wasmThreads: 1 } });
    expect(await sharedModel(page)).toMatchObject({ tabs: 1 });
    // The shared worker started ONNX Runtime's CPU-only build, and one tab cannot start it afresh under the others.
    await moveToWebGpu(page);
    await expect(page.getByTestId('engine-notice')).toContainText(
      "This tab runs its own copy of the local model: the shared worker started ONNX Runtime's CPU-only build",
    );
    expect(await sharedModel(page)).toBeUndefined();
    await completesAgain(page, ' ');
  },
);

test('a crashed worker loses nothing that was typed', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', watchdogMs: 2000 });
  await debug(page, 'crash');
  await typeAtEndOfLine(page, 2, ' a * b  # typed while the worker was down');
  await page.reload();
  await modelReady(page);
  expect(await page.evaluate(() => (window as unknown as { __ide: { editor: { getValue(): string } } }).__ide.editor.getValue())).toBe(
    'def add(a, b):\n    return a * b  # typed while the worker was down\n',
  );
});
