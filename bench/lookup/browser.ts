// (a) in Debian's Chromium: the twin served by this repo's Vite dev server
// (the app's cross-origin isolation headers, so WASM threads work), loaded in
// a worker on ONNX Runtime Web's WASM backend, the passes timed inside the
// worker (pass-cost.ts) over the same token ids as the Node measurement.
import { chromium } from '@playwright/test';
import { basename, dirname } from 'node:path';
import { progress, startVite } from '../inference/browser';
import { serveModels } from '../latency/browser';
import type { PassTimes } from './pass-cost';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../testing/playwright/chromium';

const PORT = 5197;
const MODELS_PATH = '/bench-models/';
const ARGS = [...CHROMIUM_ARGS];

export interface ChromiumPassTimes extends PassTimes {
  loadMs: number;
  threads: number;
  isolated: boolean;
}

export async function chromiumPassCost(
  folder: string,
  dtype: string,
  ids: readonly number[],
  context: number,
  reps: number,
): Promise<ChromiumPassTimes> {
  const server = await startVite(PORT, [serveModels(dirname(folder), MODELS_PATH)]);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
  try {
    const page = await browser.newPage();
    page.on('crash', () => progress('the lookup bench page crashed'));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.text().startsWith('lookup: ')) progress(`chromium: ${m.text()}`);
    });
    await page.goto(`http://localhost:${PORT}/bench/lookup/page.html`);
    await page.waitForFunction(() => document.title === 'ready');
    type Api = { __lookup: import('comlink').Remote<import('./worker').LookupWorkerApi> };
    progress(`chromium: loading ${basename(folder)} (${dtype}) on WASM`);
    const loaded = await page.evaluate((o) => (window as unknown as Api).__lookup.load(o), {
      name: basename(folder),
      root: MODELS_PATH,
      dtype,
    });
    if (!loaded.isolated) progress('warning: the lookup bench page is not cross-origin isolated (one WASM thread)');
    const times = await page.evaluate(([i, c, r]) => (window as unknown as Api).__lookup.measure(i, c, r), [[...ids], context, reps] as [
      number[],
      number,
      number,
    ]);
    return { ...times, loadMs: loaded.ms, threads: loaded.threads, isolated: loaded.isolated };
  } finally {
    await browser.close();
    await server.close();
  }
}
