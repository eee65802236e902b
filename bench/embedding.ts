// `npm run bench embedding`: what the engine costs a host that embeds it
// (docs/embedding.md), side by side in one run:
//
// - the packages as `npm pack` makes them: the tarball, what it unpacks to,
//   and the entry module a host's page imports (raw and gzipped);
// - a second tab of the same origin: with one model per origin
//   (`model.sharedWorker` on) against a worker and a model per tab (off), in
//   the built app (a test build served by `vite preview`), a fresh browser
//   context for each: the second tab's time from navigation to its model
//   ready, and what it adds to the browser's memory (the proportional set
//   size of all its processes, so memory the tabs share counts once). Which
//   goes first alternates by round, so the machine's load meanwhile falls on
//   both alike.
//
//   npm run bench embedding [-- --rounds=N] [--dist=DIR] [--rebuild] [--twin[=NAME]]
//
// The demo model by default (a few kilobytes of weights: what is left is the
// runtime's own cost); `--twin` loads a model twin of a real model's size
// (docs/model-twins.md), where the model's weights are most of it.
import { chromium, type Browser } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../testing/playwright/chromium';
import { browserPssMiB } from '../testing/playwright/memory';
import { freePort } from '../testing/servers/nginx';
import type { BenchFlags } from './flags';
import { progress } from './inference/browser';
import { summarize } from './stats';
import type { BenchSuite } from './suite';
import { ensureBuild, twinModel } from './ui';
import type { ModelChoice } from './ui/typing';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = ['completion-engine', 'codemirror', 'monaco'] as const;

/** One package as `npm pack` makes it. */
export interface PackageSize {
  name: string;
  tarballBytes: number;
  unpackedBytes: number;
  files: number;
  /** The module a host imports (`main`/`exports`), as shipped and gzipped. */
  entryBytes: number;
  entryGzipBytes: number;
}

function packageSizes(): PackageSize[] {
  return PACKAGES.map((dir) => {
    const cwd = join(REPO, 'packages', dir);
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--silent'], { cwd, encoding: 'utf8' })) as {
      name: string;
      size: number;
      unpackedSize: number;
      entryCount: number;
    }[];
    const manifest = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { module?: string; main?: string };
    const entry = readFileSync(join(cwd, manifest.module ?? manifest.main ?? 'dist/index.js'));
    return {
      name: packed.name,
      tarballBytes: packed.size,
      unpackedBytes: packed.unpackedSize,
      files: packed.entryCount,
      entryBytes: entry.length,
      entryGzipBytes: gzipSync(entry).length,
    };
  });
}

const DEMO: ModelChoice = {
  label: 'demo model (fixture-valid)',
  model: { id: 'fixture-valid', family: 'qwen2.5-coder', source: { kind: 'bundled' }, dtype: { webgpu: 'fp32', wasm: 'fp32' } },
  loadTimeoutMs: 120_000,
};

/** One context's two tabs, one after the other. */
export interface TwoTabs {
  sharedWorker: boolean;
  /** Navigation to the model ready, each tab. */
  firstTabMs: number;
  secondTabMs: number;
  /** The browser's PSS with the first tab ready, and with both. */
  oneTabMiB: number;
  twoTabsMiB: number;
  /** What the shared model reported in the second tab (absent with sharing off). */
  reused?: boolean;
  loads?: number;
}

async function twoTabs(browser: Browser, origin: string, model: ModelChoice, sharedWorker: boolean): Promise<TwoTabs> {
  const context = await browser.newContext();
  try {
    // One WASM thread either way (a shared worker has one in Chromium), so sharing is the only difference.
    const settings = { device: 'wasm', model: { ...model.model, sharedWorker, wasmThreads: 1 }, endpoint: null };
    await context.addInitScript((s) => localStorage.setItem('router-ide.settings', s), JSON.stringify(settings));
    const openTab = async () => {
      const page = await context.newPage();
      const t0 = performance.now();
      await page.goto(`${origin}/`);
      await page.getByTestId('model-status').and(page.locator('[data-state="ready"]')).waitFor({ timeout: model.loadTimeoutMs });
      return { page, ms: performance.now() - t0 };
    };
    const first = await openTab();
    const oneTabMiB = await browserPssMiB(browser);
    const second = await openTab();
    const twoTabsMiB = await browserPssMiB(browser);
    const shared = await second.page.evaluate(
      () =>
        (window as unknown as { __ide: { engine: { model?: { shared?: { reused: boolean; loads: number } } } } }).__ide.engine.model
          ?.shared,
    );
    if (sharedWorker && !shared?.reused) throw new Error('the second tab did not reuse the shared model: see its notice in the status bar');
    return {
      sharedWorker,
      firstTabMs: first.ms,
      secondTabMs: second.ms,
      oneTabMiB,
      twoTabsMiB,
      reused: shared?.reused,
      loads: shared?.loads,
    };
  } finally {
    await context.close();
  }
}

const mib = (x: number) => `${x.toFixed(0)} MiB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export const suite: BenchSuite = {
  name: 'embedding',
  description:
    "what embedding the engine costs a host: the packages' sizes, and a second tab with one model per origin against one per tab",
  async run(flags: BenchFlags) {
    const rounds = Number(flags.rounds ?? 3);
    progress('building the packages (npm run packages)');
    execFileSync('npx', ['tsx', 'packages/build.ts'], { cwd: REPO, stdio: 'ignore' });
    const packages = packageSizes();
    const size = (bytes: number) => (bytes < 1e6 ? `${(bytes / 1e3).toFixed(0)} kB` : `${(bytes / 1e6).toFixed(1)} MB`);
    for (const p of packages)
      progress(
        `${p.name}: tarball ${size(p.tarballBytes)}, unpacked ${size(p.unpackedBytes)}, ${p.files} files, entry ${size(p.entryBytes)} (${size(p.entryGzipBytes)} gzipped)`,
      );

    const dist = typeof flags.dist === 'string' ? flags.dist : 'dist-bench-embedding';
    ensureBuild(dist, flags.rebuild === true);
    const twin =
      flags.twin !== undefined
        ? await twinModel(typeof flags.twin === 'string' && flags.twin ? flags.twin : 'qwen2.5-coder-0.5b')
        : undefined;
    const model = twin?.choice ?? DEMO;
    const port = await freePort();
    const app = await preview({
      root: REPO,
      configFile: join(REPO, 'vite.config.ts'),
      configLoader: 'runner',
      mode: 'test',
      build: { outDir: dist },
      preview: { port, strictPort: true, host: 'localhost' },
      logLevel: 'error',
    });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
    const runs: TwoTabs[] = [];
    try {
      for (let round = 1; round <= rounds; round++)
        for (const sharedWorker of round % 2 ? [true, false] : [false, true]) {
          const r = await twoTabs(browser, `http://localhost:${port}`, model, sharedWorker);
          runs.push(r);
          progress(
            `round ${round}, ${sharedWorker ? 'one model per origin' : 'a model per tab'}: first tab ${s(r.firstTabMs)}, second ${s(r.secondTabMs)}; memory ${mib(r.oneTabMiB)} with one tab, ${mib(r.twoTabsMiB)} with two${r.loads !== undefined ? ` (models loaded: ${r.loads})` : ''}`,
          );
        }
    } finally {
      await browser.close();
      await app.close();
      await twin?.close();
    }
    const side = (sharedWorker: boolean) => {
      const rs = runs.filter((r) => r.sharedWorker === sharedWorker);
      return {
        firstTabMs: summarize(rs.map((r) => r.firstTabMs)),
        secondTabMs: summarize(rs.map((r) => r.secondTabMs)),
        oneTabMiB: summarize(rs.map((r) => r.oneTabMiB)),
        secondTabAddsMiB: summarize(rs.map((r) => r.twoTabsMiB - r.oneTabMiB)),
      };
    };
    const results = { model: model.label, rounds, packages, shared: side(true), dedicated: side(false) };
    console.log(
      `second tab: ${s(results.shared.secondTabMs.p50)} and +${mib(results.shared.secondTabAddsMiB.p50)} sharing the model, ${s(results.dedicated.secondTabMs.p50)} and +${mib(results.dedicated.secondTabAddsMiB.p50)} with its own (${model.label}, medians of ${rounds})`,
    );
    return results;
  },
};
