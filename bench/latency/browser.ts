// The latency bench in Debian's Chromium: the bench page on this repo's Vite
// dev server (the app's cross-origin isolation headers, so WASM threads
// work), one worker per configuration, the model folder served by the same
// server under /bench-models/.
import { chromium, type Page } from '@playwright/test';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { Plugin } from 'vite';
import type { ReplayOptions } from '../../testing/completion/typing-replay';
import { progress, startVite } from '../inference/browser';
import { chromiumMemoryMB } from '../inference/proc-memory';
import type { AcceptSettings, driveAcceptReplay } from './accept-driver';
import type { ReplayRequest, ReplaySettings } from './replay-driver';
import type { ProbeOptions, SpeedSample } from './speed-probe';
import { CHROMIUM_ARGS, CHROMIUM_PATH, WEBGPU_ARG } from '../../testing/playwright/chromium';

const PORT = 5198;
const ARGS = [...CHROMIUM_ARGS, WEBGPU_ARG];
const MODELS_PATH = '/bench-models/';
const MAIN = 'main';

/** Serves `dir` under `path`, before Vite's own middlewares (which would answer index.html); the lookup bench uses it too. */
export function serveModels(dir: string, path = MODELS_PATH): Plugin {
  return {
    name: 'bench-models',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = decodeURIComponent((req.url ?? '').split('?')[0]);
        if (!url.startsWith(path)) return next();
        const file = normalize(join(dir, url.slice(path.length)));
        if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
          res.statusCode = 404;
          res.end();
          return;
        }
        res.setHeader('Content-Length', String(statSync(file).size));
        res.setHeader('Content-Type', 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
  };
}

export interface BrowserConfig {
  device: 'webgpu' | 'wasm';
  threads: number;
  reuse: boolean;
}

/**
 * The page holds a worker per slot: two configurations loaded side by side
 * (1 and 2 threads) are measured in turns, so a change in the machine's
 * speed meanwhile (a shared 2-core machine) moves both, not their ratio.
 */
export interface BrowserSession {
  load(c: BrowserConfig, slot?: string): Promise<{ ms: number; isolated: boolean; threads: number }>;
  speed(
    family: string,
    source: string,
    promptTokens: number,
    newTokens: number,
    slot?: string,
    options?: ProbeOptions,
  ): Promise<SpeedSample>;
  replay(source: string, replay: ReplayOptions, settings: ReplaySettings, slot?: string): Promise<ReplayRequest[]>;
  /** The ready-on-accept replay (accept-driver.ts). */
  acceptReplay(source: string, replay: ReplayOptions, settings: AcceptSettings, slot?: string): ReturnType<typeof driveAcceptReplay>;
  /** Ends a slot's worker (its model's memory goes with it). */
  unload(slot: string): Promise<void>;
  rendererMB(): number | undefined;
  close(): Promise<void>;
}

export async function openBrowser(modelsDir: string, model: string, dtype: string): Promise<BrowserSession> {
  const server = await startVite(PORT, [serveModels(modelsDir)]);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
  const page: Page = await browser.newPage();
  page.on('crash', () => progress('the bench page crashed'));
  page.on('console', (m) => {
    if (m.type() === 'error') progress(`page: ${m.text()}`);
  });
  await page.goto(`http://localhost:${PORT}/bench/latency/page.html`);
  await page.waitForFunction(() => document.title === 'ready');
  const api = <T>(expr: string, arg?: unknown) => page.evaluate(`(${expr})(${JSON.stringify(arg ?? null)})`) as Promise<T>;
  return {
    async load(c, slot = MAIN) {
      const isolated = await api<boolean>('(slot) => window.__latency.open(slot)', slot);
      if (!isolated) progress('warning: the bench page is not cross-origin isolated (no WASM threads)');
      return api('(a) => window.__latency.apis[a[0]].load(a[1])', [
        slot,
        { name: model, root: MODELS_PATH, device: c.device, dtype, threads: c.threads, reuse: c.reuse },
      ]);
    },
    speed: (family, source, promptTokens, newTokens, slot = MAIN, options) =>
      api('(a) => window.__latency.apis[a[0]].speed(a[1], a[2], a[3], a[4], a[5])', [
        slot,
        family,
        source,
        promptTokens,
        newTokens,
        options,
      ]),
    replay: (source, replay, settings, slot = MAIN) =>
      api('(a) => window.__latency.apis[a[0]].replay(a[1], a[2], a[3])', [slot, source, replay, settings]),
    acceptReplay: (source, replay, settings, slot = MAIN) =>
      api('(a) => window.__latency.apis[a[0]].acceptReplay(a[1], a[2], a[3])', [slot, source, replay, settings]),
    unload: (slot) => api('(slot) => window.__latency.close(slot)', slot),
    rendererMB: () => chromiumMemoryMB()?.rendererMB,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
