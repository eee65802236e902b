// `npm run bench hosting`: the production build as an organisation hosts it,
// behind Debian's nginx with the shipped site file (deploy/nginx/router-ide.conf),
// in Chromium with a fresh profile per round:
//
// - the first visit's transferred bytes (headers included, from nginx's access
//   log), model weights apart: the page, the app, the service worker's precache
//   (target ≤ 20 MB), with the site's compression and with it switched off;
// - time from navigation to the editor on screen, on the first visit and on a
//   repeat visit in the same profile (the service worker in charge);
// - time to offline-ready: the worker controls the page and holds config.json
//   and the model's files.
//
//   npm run bench hosting [-- --rounds=N] [--dist=DIR] [--rebuild]
//
// The demo model (bundled, WASM): what is measured is the host, not a model.
import { chromium, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_PATH, MODELS_PATH, OFFLINE_CACHES } from '../src/platform';
import { NGINX, startNginx, type NginxRequest } from '../testing/servers/nginx';
import type { BenchFlags } from './flags';
import type { BenchSuite } from './suite';
import { ARGS } from './ui';
import { CHROMIUM_PATH as CHROMIUM } from '../testing/playwright/chromium';
import { summarize } from './stats';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SITE = join(REPO, 'deploy', 'nginx', 'router-ide.conf');
const DEFAULT_DIST = 'dist-bench-hosting';
/** The first visit's target, model weights apart. */
export const FIRST_VISIT_TARGET_BYTES = 20_000_000;

const DEMO_SETTINGS = {
  device: 'wasm',
  model: { id: 'fixture-valid', family: 'qwen2.5-coder', source: { kind: 'bundled' }, dtype: { webgpu: 'fp32', wasm: 'fp32' } },
  endpoint: null,
};

/** The shipped site with its compression switched off: what the host sent before (Debian's own gzip covers text/html only). */
export function withoutCompression(site: string): string {
  const out = site
    .replace(/^\s*gzip(_static|_types|_vary|_comp_level|_min_length)?\s[^;]*;\n/gm, '')
    .replace(/(server \{\n)/, '$1    gzip off;\n');
  if (!/^\s*gzip_static on;/m.test(site) || /^\s*gzip_static on;/m.test(out))
    throw new Error('the site file has no gzip lines to switch off');
  return out;
}

/** Model weights: the files a model download consists of, apart from the app's own bytes. */
const isWeights = (uri: string) => uri.startsWith(MODELS_PATH) && /\.onnx(_data)?(\?|$)/.test(uri);

export interface VisitBytes {
  /** Everything nginx sent but model weights, headers included. */
  appBytes: number;
  responses: number;
  weightsBytes: number;
}

export function visitBytes(requests: readonly NginxRequest[]): VisitBytes {
  const app = requests.filter((r) => !isWeights(r.uri));
  return {
    appBytes: app.reduce((n, r) => n + r.bytes, 0),
    responses: app.length,
    weightsBytes: requests.filter((r) => isWeights(r.uri)).reduce((n, r) => n + r.bytes, 0),
  };
}

/** Records, in the page, when the editor's text area first exists (ms since navigation start). */
async function markEditor(page: Page): Promise<void> {
  // No named functions inside: tsx wraps those in a helper the page does not have.
  await page.addInitScript(() => {
    const w = window as unknown as { __editorAt?: number };
    const observer = new MutationObserver(() => {
      if (w.__editorAt === undefined && document.querySelector('.monaco-editor .view-lines') !== null) {
        w.__editorAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

async function editorAt(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { __editorAt?: number }).__editorAt !== undefined, undefined, {
    timeout: 120_000,
  });
  return page.evaluate(() => (window as unknown as { __editorAt: number }).__editorAt);
}

/** Until the worker controls the page and holds config.json and the model's files; ms since navigation start. */
async function offlineReadyAt(page: Page): Promise<number> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const at = await page.evaluate(
      async ([configCache, modelsCache, configPath]) => {
        if (!navigator.serviceWorker.controller) return undefined;
        const [config, models] = await Promise.all(
          [configCache, modelsCache].map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)),
        );
        return config.includes(configPath) && models.some((p) => p.endsWith('.onnx')) ? performance.now() : undefined;
      },
      [OFFLINE_CACHES.config, OFFLINE_CACHES.models, CONFIG_PATH] as const,
    );
    if (at !== undefined) return at;
    if (Date.now() > deadline)
      throw new Error('the service worker did not take control and keep config.json and the model within 5 minutes');
    await page.waitForTimeout(250);
  }
}

interface Round {
  first: VisitBytes & { editorMs: number; offlineReadyMs: number };
  repeat: VisitBytes & { editorMs: number };
}

/** The host's requests once none has been answered for QUIET_MS (nginx logs a request when its answer is complete). */
const QUIET_MS = 3000;
async function quiet(nginx: { requests(): NginxRequest[] }): Promise<NginxRequest[]> {
  let seen = nginx.requests().length;
  for (;;) {
    await new Promise((r) => setTimeout(r, QUIET_MS));
    const now = nginx.requests();
    if (now.length === seen) return now;
    seen = now.length;
  }
}

let precached = 0;

async function round(dist: string, site: string): Promise<Round> {
  const nginx = await startNginx(dist, site);
  const profile = mkdtempSync(join(tmpdir(), 'router-ide-bench-profile-'));
  try {
    const visit = async () => {
      const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: ARGS });
      const page = context.pages()[0] ?? (await context.newPage());
      await page.addInitScript((s) => {
        if (!localStorage.getItem('router-ide.settings')) localStorage.setItem('router-ide.settings', s);
      }, JSON.stringify(DEMO_SETTINGS));
      await markEditor(page);
      return { context, page };
    };
    // First visit: everything it fetches until it can work offline.
    const one = await visit();
    await one.page.goto(`${nginx.url}/`);
    const editorMs = await editorAt(one.page);
    await one.page.getByTestId('model-status').and(one.page.locator('[data-state="ready"]')).waitFor({ timeout: 180_000 });
    const offlineReadyMs = await offlineReadyAt(one.page);
    // The worker activates only once its precache is complete; count once the copies it was asked for are done too.
    const firstRequests = await quiet(nginx);
    precached = await one.page.evaluate(async () => {
      const names = (await caches.keys()).filter((n) => n.includes('precache'));
      return (await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).length))).reduce((a, b) => a + b, 0);
    });
    await one.context.close();
    // Repeat visit, same profile: a new browser, the worker and the caches in place.
    const two = await visit();
    await two.page.goto(`${nginx.url}/`);
    const repeatEditorMs = await editorAt(two.page);
    await two.page.getByTestId('model-status').and(two.page.locator('[data-state="ready"]')).waitFor({ timeout: 180_000 });
    const repeatRequests = (await quiet(nginx)).slice(firstRequests.length);
    await two.context.close();
    return {
      first: { ...visitBytes(firstRequests), editorMs, offlineReadyMs },
      repeat: { ...visitBytes(repeatRequests), editorMs: repeatEditorMs },
    };
  } finally {
    await nginx.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

export const suite: BenchSuite = {
  name: 'hosting',
  description:
    "first visit's transferred bytes (model weights apart) and time to the editor, first and repeat visit, behind nginx with the shipped site",
  async run(flags: BenchFlags) {
    if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: install Debian's nginx package`);
    const rounds = Number(flags.rounds ?? 3);
    const dist = resolve(REPO, typeof flags.dist === 'string' ? flags.dist : DEFAULT_DIST);
    if (flags.rebuild === true || !existsSync(join(dist, 'index.html'))) {
      console.log(`building the production app into ${dist} ...`);
      execFileSync('npx', ['vite', 'build', '--configLoader', 'runner', '--outDir', dist, '--logLevel', 'warn'], {
        cwd: REPO,
        stdio: 'inherit',
      });
    }
    const shipped = readFileSync(SITE, 'utf8');
    const sites = { compressed: shipped, uncompressed: withoutCompression(shipped) };
    const runs: Record<keyof typeof sites, Round[]> = { compressed: [], uncompressed: [] };
    // The two sites in turn, so load on the machine falls on both alike.
    for (let i = 0; i < rounds; i++)
      for (const name of Object.keys(sites) as (keyof typeof sites)[]) {
        const r = await round(dist, sites[name]);
        runs[name].push(r);
        console.log(
          `${name} round ${i + 1}: first visit ${mb(r.first.appBytes)} in ${r.first.responses} responses (+ ${mb(r.first.weightsBytes)} weights), editor ${Math.round(r.first.editorMs)} ms, offline-ready ${Math.round(r.first.offlineReadyMs)} ms; ${precached} files precached; repeat ${mb(r.repeat.appBytes)}, editor ${Math.round(r.repeat.editorMs)} ms`,
        );
      }
    const results: Record<string, unknown> = { rounds, targetFirstVisitBytes: FIRST_VISIT_TARGET_BYTES };
    for (const [name, rs] of Object.entries(runs)) {
      const median = (xs: number[]) => summarize(xs).p50;
      results[name] = {
        firstVisitBytes: median(rs.map((r) => r.first.appBytes)),
        firstVisitResponses: median(rs.map((r) => r.first.responses)),
        firstVisitWeightsBytes: median(rs.map((r) => r.first.weightsBytes)),
        repeatVisitBytes: median(rs.map((r) => r.repeat.appBytes)),
        editorFirstMs: summarize(rs.map((r) => r.first.editorMs)),
        editorRepeatMs: summarize(rs.map((r) => r.repeat.editorMs)),
        offlineReadyMs: summarize(rs.map((r) => r.first.offlineReadyMs)),
        meetsTarget: median(rs.map((r) => r.first.appBytes)) <= FIRST_VISIT_TARGET_BYTES,
      };
    }
    return results;
  },
};
