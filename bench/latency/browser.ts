// The latency bench in Debian's Chromium: the bench page on this repo's Vite
// dev server (the app's cross-origin isolation headers, so WASM threads
// work), one worker per configuration, the model folder served by the same
// server under /bench-models/.
import { chromium, type Page } from '@playwright/test';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { Plugin } from 'vite';
import type { ReplayOptions } from '../../src/completion/testing/typing-replay';
import { progress, startVite } from '../inference/browser';
import { chromiumMemoryMB } from '../inference/proc-memory';
import type { ReplayRequest, ReplaySettings } from './replay-driver';
import type { SpeedSample } from './speed-probe';

const PORT = 5198;
const ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--enable-unsafe-webgpu'];
const MODELS_PATH = '/bench-models/';

/** Serves `dir` under MODELS_PATH, before Vite's own middlewares (which would answer index.html). */
function serveModels(dir: string): Plugin {
  return {
    name: 'bench-models',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = decodeURIComponent((req.url ?? '').split('?')[0]);
        if (!url.startsWith(MODELS_PATH)) return next();
        const file = normalize(join(dir, url.slice(MODELS_PATH.length)));
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

export interface BrowserConfig { device: 'webgpu' | 'wasm'; threads: number; reuse: boolean }

export interface BrowserSession {
  load(c: BrowserConfig): Promise<{ ms: number; isolated: boolean; threads: number }>;
  speed(family: string, source: string, promptTokens: number, newTokens: number): Promise<SpeedSample>;
  replay(source: string, replay: ReplayOptions, settings: ReplaySettings): Promise<ReplayRequest[]>;
  rendererMB(): number | undefined;
  close(): Promise<void>;
}

export async function openBrowser(modelsDir: string, model: string, dtype: string): Promise<BrowserSession> {
  const server = await startVite(PORT, [serveModels(modelsDir)]);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  const page: Page = await browser.newPage();
  page.on('crash', () => progress('the bench page crashed'));
  page.on('console', (m) => { if (m.type() === 'error') progress(`page: ${m.text()}`); });
  await page.goto(`http://localhost:${PORT}/bench/latency/page.html`);
  await page.waitForFunction(() => document.title === 'ready');
  const api = <T>(expr: string, arg?: unknown) => page.evaluate(`(${expr})(${JSON.stringify(arg ?? null)})`) as Promise<T>;
  return {
    async load(c) {
      const isolated = await api<boolean>('() => window.__latency.open()');
      if (!isolated) progress('warning: the bench page is not cross-origin isolated (no WASM threads)');
      return api('(o) => window.__latency.api.load(o)', { name: model, root: MODELS_PATH, device: c.device, dtype, threads: c.threads, reuse: c.reuse });
    },
    speed: (family, source, promptTokens, newTokens) =>
      api('(a) => window.__latency.api.speed(a[0], a[1], a[2], a[3])', [family, source, promptTokens, newTokens]),
    replay: (source, replay, settings) => api('(a) => window.__latency.api.replay(a[0], a[1], a[2])', [source, replay, settings]),
    rendererMB: () => chromiumMemoryMB()?.rendererMB,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
