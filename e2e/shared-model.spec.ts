// One model per origin: with `model.sharedWorker` on, every tab of the
// origin runs the model in one SharedWorker (src/completion/worker/inference-shared.worker.ts),
// so a second tab loads nothing; both tabs complete, and a tab closed while
// its request runs leaves the other working. With the setting off each tab
// runs its own worker, as before. A tab whose settings differ from the
// shared model's runs its own worker and says so.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  DEMO_WASM_SETTINGS,
  engineNoticeWhileModelLoads,
  expect,
  ghostText,
  ghostTextWarmedUp,
  modelReady,
  seedStorage,
  test,
  typeAtEndOfLine,
} from '../testing/playwright/ide';
import { browserPssMiB } from '../testing/playwright/memory';

// One WASM thread, as a shared worker has in Chromium (it is not cross-origin isolated): with more, where the page could
// run them, the tab would rightly run its own worker.
const SHARED = { sharedWorker: true, wasmThreads: 1 };

interface Shared {
  reused: boolean;
  loads: number;
  tabs: number;
}

const sharedInfo = (page: Page) =>
  page.evaluate(() => (window as unknown as { __ide: { engine: { model?: { shared?: Shared } } } }).__ide.engine.model?.shared);

/** Another tab of the same browser context (the same origin's storage and shared workers), with the IDE ready. */
async function secondTab(context: BrowserContext, settings?: object): Promise<Page> {
  const page = await context.newPage();
  if (settings) await seedStorage(page, { 'router-ide.settings': JSON.stringify(settings) });
  await page.goto('/');
  await ghostTextWarmedUp(page);
  await modelReady(page);
  return page;
}

async function completes(page: Page, ch: string): Promise<void> {
  await typeAtEndOfLine(page, 2, ch);
  await expect(ghostText(page).first()).toContainText('a + b', { timeout: 30_000 });
}

/** The settings the first tab stored, for a second tab that changes one of them. */
const storedSettings = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('router-ide.settings') ?? '{}') as { model: Record<string, unknown> });

test('two tabs share one loaded model: the second loads nothing, both complete, and closing one mid-request leaves the other working', async ({
  page,
  context,
  openIde,
}) => {
  await openIde({ model: 'fixture-valid', modelExtra: SHARED });
  expect(await sharedInfo(page)).toMatchObject({ reused: false, loads: 1 });

  const other = await secondTab(context);
  // The service's own count: the second tab's load found the model loaded and loaded nothing.
  expect(await sharedInfo(other)).toEqual({ reused: true, loads: 1, tabs: 2 });
  await expect(other.getByTestId('engine-notice')).toHaveCount(0);
  // Each tab's status bar says how many tabs share the model, the first tab's too, without reloading.
  await expect(page.getByTestId('shared-model')).toHaveAttribute('data-tabs', '2');
  await expect(other.getByTestId('shared-model')).toHaveAttribute('data-tabs', '2');

  // Both tabs ask at once; the model answers both.
  await Promise.all([completes(page, ' '), completes(other, ' ')]);

  // The other tab's request is under way when it closes (as a user closes it: its pagehide runs).
  await other.evaluate(() => {
    const engine = (window as unknown as { __ide: { engine: { complete(r: object, s: AbortSignal): Promise<unknown> } } }).__ide.engine;
    const prefix = `${'x = 1\n'.repeat(300)}def add(a, b):\n    return `;
    void engine
      .complete({ prefix, suffix: '\n', language: 'python', file: 'main.py' }, new AbortController().signal)
      .catch(() => undefined);
  });
  await other.close({ runBeforeUnload: true });
  // Alone on the model again: nothing shared to speak of, and the engine's count says one tab.
  await expect(page.getByTestId('shared-model')).toHaveCount(0);
  await expect.poll(async () => (await sharedInfo(page))?.tabs).toBe(1);

  await completes(page, 'x');
  await page.keyboard.press('Backspace');
  await completes(page, 'y');
  // Still the shared model: nothing fell back, nothing restarted.
  expect(await sharedInfo(page)).toMatchObject({ loads: 1 });
  await expect(page.getByTestId('engine-notice')).toHaveCount(0);
});

test('with sharing off each tab runs its own worker and model, and both complete', async ({ page, context, openIde }) => {
  await openIde({ model: 'fixture-valid', modelExtra: { sharedWorker: false } });
  const other = await secondTab(context);
  expect(await sharedInfo(page)).toBeUndefined();
  expect(await sharedInfo(other)).toBeUndefined();
  await Promise.all([completes(page, ' '), completes(other, ' ')]);
  await expect(page.getByTestId('shared-model')).toHaveCount(0);
});

test('a tab whose model settings differ from the shared model runs its own worker and says so; the first tab keeps the shared one', async ({
  page,
  context,
  openIde,
}) => {
  await openIde({ model: 'fixture-valid', modelExtra: SHARED });
  const settings = await storedSettings(page);
  const other = await secondTab(context, { ...settings, model: { ...settings.model, reuseCache: false } });
  await expect(other.getByTestId('engine-notice')).toContainText('runs its own copy of the local model');
  expect(await sharedInfo(other)).toBeUndefined();
  await Promise.all([completes(page, ' '), completes(other, ' ')]);
  expect(await sharedInfo(page)).toMatchObject({ loads: 1 });
});

/** Two tabs of a fresh context, each with a completion shown, with sharing on or off: the browser's memory then. */
async function twoTabsMemory(
  browser: Browser,
  baseURL: string,
  sharedWorker: boolean,
): Promise<{ pss: number; shared: (Shared | undefined)[] }> {
  const context = await browser.newContext({ baseURL });
  try {
    const settings = {
      ...DEMO_WASM_SETTINGS,
      model: { ...DEMO_WASM_SETTINGS.model, sharedWorker, wasmThreads: 1 },
      editor: { debounceMs: 150 },
    };
    const files = [{ path: 'main.py', content: 'def add(a, b):\n    return\n' }];
    const pages: Page[] = [];
    for (let i = 0; i < 2; i++) {
      const page = await context.newPage();
      await seedStorage(page, { 'router-ide.settings': JSON.stringify(settings), 'router-ide.files': JSON.stringify(files) }, 'context');
      await page.goto('/');
      await ghostTextWarmedUp(page);
      await modelReady(page);
      pages.push(page);
    }
    await Promise.all(pages.map((p) => completes(p, ' ')));
    return { pss: await browserPssMiB(browser), shared: await Promise.all(pages.map(sharedInfo)) };
  } finally {
    await context.close();
  }
}

test("two tabs on the shared model take less of the browser's memory than two tabs with a worker each", async ({ browser }, info) => {
  const baseURL = info.project.use.baseURL!;
  const dedicated = await twoTabsMemory(browser, baseURL, false);
  const shared = await twoTabsMemory(browser, baseURL, true);
  expect(dedicated.shared).toEqual([undefined, undefined]);
  expect(shared.shared[1]).toMatchObject({ reused: true, loads: 1 });
  info.annotations.push({
    type: 'memory',
    description: `browser PSS with two tabs: ${dedicated.pss.toFixed(0)} MiB with a worker each, ${shared.pss.toFixed(0)} MiB sharing one`,
  });
  console.log(info.annotations.at(-1)!.description);
  expect(shared.pss).toBeLessThan(dedicated.pss);
});

test('a wedged shared worker: the tab restarts on a worker of its own and completes again', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', watchdogMs: 2000, modelExtra: SHARED });
  expect(await sharedInfo(page)).toMatchObject({ loads: 1 });
  await page.evaluate(() =>
    (window as unknown as { __ide: { engine: { debugInference(a: string): Promise<boolean> } } }).__ide.engine.debugInference('hang'),
  );
  await typeAtEndOfLine(page, 2, ' ');
  // The wedged shared worker still spins on a core (no tab can end it): the new worker's load is slower for it.
  await engineNoticeWhileModelLoads(page, 'Restarted the inference worker', 'The tab did not restart on a worker of its own');
  await modelReady(page);
  await typeAtEndOfLine(page, 2, 'x');
  await page.keyboard.press('Backspace');
  await completes(page, 'y');
  // Its own worker now: the wedged shared one is left to the tabs that still use it.
  expect(await sharedInfo(page)).toBeUndefined();
});

test('where the shared worker would lose the WASM threads this page runs, the tab runs its own worker and says so', async ({
  page,
  openIde,
}) => {
  await openIde({ model: 'fixture-valid', modelExtra: { sharedWorker: true, wasmThreads: 2 } });
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
  await expect(page.getByTestId('engine-notice')).toContainText('cannot run WASM threads');
  expect(await sharedInfo(page)).toBeUndefined();
  await completes(page, ' ');
});
