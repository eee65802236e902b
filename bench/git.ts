// `npm run bench git`: clone speed, the browser against command-line git,
// side by side in one run, through the documented front (Debian's nginx with
// deploy/git/git-http-backend.conf, fcgiwrap, git http-backend:
// testing/servers/git-front.ts) with Basic auth as shipped.
//
// The repository is this checkout's own history (`git clone --bare --no-local`
// of it: one pack, as a server holds it), nothing downloaded. Each round
// clones it once with `git clone` and once in Debian's Chromium, in a fresh
// browser context (an empty IndexedDB), twice: through the app's own Git
// module alone (bench/git/page.ts: the steps the Git panel takes until it
// says "Cloned", timed step by step), and in the built app itself (a test
// build served by `vite preview`: the panel's address field, Clone, until
// the panel says "Cloned into", the files in the workspace). The target: the
// app's median within 4x of the command line's.
//
//   npm run bench git [-- --rounds=N] [--quick] [--repo=PATH] [--dist=DIR] [--rebuild] [--no-app]
import { chromium, type Browser } from '@playwright/test';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../testing/playwright/chromium';
import { startGitFront } from '../testing/servers/git-front';
import { freePort } from '../testing/servers/nginx';
import type { BrowserClone } from './git/page';
import type { BenchFlags } from './flags';
import { progress, startVite } from './inference/browser';
import { ensureBuild } from './ui';
import { summarize } from './stats';
import type { BenchSuite } from './suite';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The issue's target: a browser clone within this many times the command line's. */
export const CLONE_TARGET_RATIO = 4;
const USER = 'bench';
const TOKEN = 'bench-token-7f2a';
const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0', HOME: tmpdir() };

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8' }).trim();

/** What is cloned: its commits, objects, pack size and files at HEAD. */
export interface ServedRepo {
  commits: number;
  objects: number;
  packBytes: number;
  files: number;
}

function describeRepo(bare: string): ServedRepo {
  const counts = Object.fromEntries(
    git(bare, 'count-objects', '-v')
      .split('\n')
      .map((l) => l.split(': ') as [string, string]),
  );
  return {
    commits: Number(git(bare, 'rev-list', '--count', 'HEAD')),
    objects: Number(counts['in-pack']) + Number(counts.count),
    packBytes: Number(counts['size-pack']) * 1024,
    files: git(bare, 'ls-tree', '-r', '--name-only', 'HEAD').split('\n').length,
  };
}

/** The shallow clones' depth: `git clone --depth 1` against the panel's *History: last commits: 1*. */
const SHALLOW_DEPTH = 1;

/** One `git clone` of `url` into a fresh folder (`depth`: `--depth`), timed from start to exit. */
function cliClone(url: string, depth?: number): Promise<number> {
  const into = mkdtempSync(join(tmpdir(), 'git-bench-cli-'));
  const t0 = performance.now();
  const args = ['clone', '--quiet', ...(depth ? ['--depth', String(depth)] : []), url, join(into, 'clone')];
  return new Promise((done, fail) => {
    const p = spawn('git', args, { env: GIT_ENV, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (c: Buffer) => (err += c.toString()));
    p.on('exit', (code) => {
      const ms = performance.now() - t0;
      rmSync(into, { recursive: true, force: true });
      if (code === 0) done(ms);
      else fail(new Error(`git clone failed (${code}): ${err}`));
    });
  });
}

/** The built app, the demo model on WASM, the Git server and token in the user's settings. */
function appSettings(server: string) {
  return {
    device: 'wasm',
    model: { id: 'fixture-valid', family: 'qwen2.5-coder', source: { kind: 'bundled' }, dtype: { webgpu: 'fp32', wasm: 'fp32' } },
    endpoint: null,
    git: { server, user: USER, token: TOKEN, authorName: 'Bench', authorEmail: 'bench@example.test' },
  };
}

/** The app's clone: its time, and its steps from the panel's User Timing marks (src/app/hooks/use-git.ts). */
export interface AppClone {
  ms: number;
  /** From the click to the Git module's clone's start (the panel's own work before it). */
  beforeMs: number;
  /** The Git module's clone (download, index, checkout), as in the app's page. */
  cloneMs: number;
  /** The files read back as text. */
  readMs: number;
  /** The workspace taking them in. */
  workspaceMs: number;
  /** Until the workspace's store and the Git file system have written them (and the branches are listed). */
  storedMs: number;
  /** From then until the message is on screen. */
  afterMs: number;
}

/** One clone in the app: from the click on Clone until the panel says the files are in the workspace. */
async function appClone(browser: Browser, appOrigin: string, server: string, url: string, depth?: number): Promise<AppClone> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript((settings) => localStorage.setItem('router-ide.settings', settings), JSON.stringify(appSettings(server)));
    await page.goto(`${appOrigin}/`);
    // The model loads first, so its start does not share the CPU with the clone.
    await page.getByTestId('model-status').and(page.locator('[data-state="ready"]')).waitFor({ timeout: 180_000 });
    await page.getByTestId('git-panel').locator('summary').click();
    await page.getByTestId('git-url').fill(url);
    if (depth) {
      await page.getByTestId('git-history').selectOption('shallow');
      await page.getByTestId('git-depth').fill(String(depth));
    }
    // The click's time in the page's clock, for the marks.
    await page.evaluate(() => performance.mark('git:click'));
    const t0 = performance.now();
    await page.getByTestId('git-clone').click();
    const message = page.getByTestId('git-message');
    await message.waitFor({ timeout: 600_000 });
    const ms = performance.now() - t0;
    const shown = await page.evaluate(() => performance.now());
    const text = await message.textContent();
    if (!/Cloned into/.test(text ?? '')) throw new Error(`the app's clone failed: ${text}`);
    const at = Object.fromEntries(
      await page.evaluate(() =>
        performance
          .getEntriesByType('mark')
          .filter((m) => m.name.startsWith('git:'))
          .map((m) => [m.name.slice('git:'.length), m.startTime] as const),
      ),
    );
    return {
      ms,
      beforeMs: at.start - at.click,
      cloneMs: at.cloned - at.start,
      readMs: at.read - at.cloned,
      workspaceMs: at.workspace - at.read,
      storedMs: at.stored - at.workspace,
      afterMs: shown - at.stored,
    };
  } finally {
    await context.close();
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export const suite: BenchSuite = {
  name: 'git',
  description:
    'clone of this repository through the documented nginx + git http-backend front: the browser (the app’s Git module in Chromium) against command-line git',
  async run(flags: BenchFlags) {
    const rounds = flags.quick === true ? 1 : Number(flags.rounds ?? 3);
    const source = resolve(REPO, typeof flags.repo === 'string' ? flags.repo : '.');
    const vitePort = await freePort();
    const appPort = await freePort();
    const pageOrigin = `http://localhost:${vitePort}`;
    const front = await startGitFront({ origins: [pageOrigin, `http://localhost:${appPort}`], users: { [USER]: TOKEN } });
    const bare = join(dirname(front.bareDir), 'served.git');
    git(REPO, 'clone', '--quiet', '--bare', '--no-local', source, bare);
    const served = describeRepo(bare);
    progress(
      `serving ${source}: ${served.commits} commits, ${served.objects} objects, ${(served.packBytes / 1e6).toFixed(1)} MB packed, ${served.files} files`,
    );
    const url = `${front.url}/served.git`;
    const withAuth = url.replace('http://', `http://${USER}:${TOKEN}@`);
    const withApp = flags['no-app'] !== true;
    const dist = typeof flags.dist === 'string' ? flags.dist : 'dist-bench-git';
    if (withApp) ensureBuild(dist, flags.rebuild === true);
    const app = withApp
      ? await preview({
          root: REPO,
          configFile: join(REPO, 'vite.config.ts'),
          configLoader: 'runner',
          mode: 'test',
          build: { outDir: dist },
          preview: { port: appPort, strictPort: true, host: 'localhost' },
          logLevel: 'error',
        })
      : undefined;
    const appOrigin = `http://localhost:${appPort}`;
    // Only this page's imports are scanned for pre-bundling: a file elsewhere in the tree that does not resolve right now cannot stop it.
    const vite = await startVite(vitePort, [
      { name: 'git-bench-entries', config: () => ({ optimizeDeps: { entries: ['bench/git/page.html'] } }) },
    ]);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
    const cli: number[] = [];
    const runs: BrowserClone[] = [];
    const plainRuns: BrowserClone[] = [];
    const inApp: AppClone[] = [];
    const shallow = { cli: [] as number[], module: [] as BrowserClone[], app: [] as AppClone[] };
    let appError: string | undefined;
    try {
      for (let i = 0; i < rounds; i++) {
        cli.push(await cliClone(withAuth));
        // A fresh context: its own, empty IndexedDB, as a first clone in a new profile.
        const context = await browser.newContext();
        const page = await context.newPage();
        page.on('console', (m) => m.type() === 'error' && progress(`chromium: ${m.text()}`));
        await page.goto(`${pageOrigin}/bench/git/page.html`);
        await page.waitForFunction(() => document.title === 'ready', undefined, { timeout: 120_000 });
        // The app's store and lightning-fs's own in turn, each on its own empty database; which goes first
        // alternates, so the page's warm-up (the first clone compiles isomorphic-git's code) falls on both alike.
        for (const store of i % 2 ? (['lightning-fs', 'app'] as const) : (['app', 'lightning-fs'] as const)) {
          const one = await page.evaluate(
            ([u, server, user, token, st]) =>
              (
                window as unknown as { __gitBench: { clone(u: string, s: string, c: object, st: string): Promise<BrowserClone> } }
              ).__gitBench.clone(u, server, { user, token }, st),
            [url, front.url, USER, TOKEN, store] as const,
          );
          (store === 'app' ? runs : plainRuns).push(one);
        }
        shallow.cli.push(await cliClone(withAuth, SHALLOW_DEPTH));
        shallow.module.push(
          await page.evaluate(
            ([u, server, user, token, depth]) =>
              (
                window as unknown as {
                  __gitBench: { clone(u: string, s: string, c: object, st: string, d: number): Promise<BrowserClone> };
                }
              ).__gitBench.clone(u, server, { user, token }, 'app', depth),
            [url, front.url, USER, TOKEN, SHALLOW_DEPTH] as const,
          ),
        );
        await context.close();
        const r = runs[i];
        if (app && !appError)
          try {
            inApp.push(await appClone(browser, appOrigin, front.url, url));
            shallow.app.push(await appClone(browser, appOrigin, front.url, url, SHALLOW_DEPTH));
          } catch (e) {
            // Recorded with the results, not thrown: the command line and the Git module's figures still stand.
            appError = (e as Error).message.split('\n')[0];
            progress(`the app could not clone it: ${appError}`);
          }
        const phases = Object.entries(r.phases)
          .map(([k, v]) => `${k} at ${s(v)}`)
          .join(', ');
        const a = inApp[i];
        progress(
          `round ${i + 1}: git clone ${s(cli[i])};${a ? ` app ${s(a.ms)} (clone ${s(a.cloneMs)}, read ${s(a.readMs)}, workspace ${s(a.workspaceMs)}, stored ${s(a.storedMs)}, shown ${s(a.afterMs)});` : ''} Git module ${s(r.totalMs)} (git.clone ${s(r.cloneMs)}: ${phases}; read ${s(r.readMs)}, branches ${s(r.branchesMs)}, flush ${s(r.flushMs)}; ${r.files} files); on lightning-fs's own store ${s(plainRuns[i].totalMs)} (checkout from ${s(plainRuns[i].phases['Analyzing workdir'] ?? NaN)} to ${s(plainRuns[i].cloneMs)}, read ${s(plainRuns[i].readMs)}); shallow (depth ${SHALLOW_DEPTH}): git clone ${s(shallow.cli[i])}, Git module ${s(shallow.module[i].totalMs)}${shallow.app[i] ? `, app ${s(shallow.app[i].ms)}` : ''}`,
        );
      }
    } finally {
      await browser.close();
      await vite.close();
      await app?.close();
      await front.close();
    }
    const cliMs = summarize(cli);
    const moduleMs = summarize(runs.map((r) => r.totalMs));
    const appMs = inApp.length ? summarize(inApp.map((a) => a.ms)) : undefined;
    const appStep = (k: keyof AppClone) => summarize(inApp.map((a) => a[k]));
    const shallowCliMs = summarize(shallow.cli);
    const shallowBrowser = shallow.app.length ? summarize(shallow.app.map((a) => a.ms)) : summarize(shallow.module.map((r) => r.totalMs));
    const browserMs = appMs ?? moduleMs;
    const phaseNames = [...new Set(runs.flatMap((r) => Object.keys(r.phases)))];
    const ratio = browserMs.p50 / cliMs.p50;
    const results = {
      rounds,
      repo: served,
      targetRatio: CLONE_TARGET_RATIO,
      cliMs,
      ...(appMs && { appMs }),
      ...(appError && { appError }),
      moduleMs,
      /** The same, with lightning-fs's own store (a transaction per file) in place of the app's batched one. */
      lightningFsStoreMs: summarize(plainRuns.map((r) => r.totalMs)),
      lightningFsStoreSteps: {
        cloneMs: summarize(plainRuns.map((r) => r.cloneMs)),
        checkoutMs: summarize(plainRuns.map((r) => r.cloneMs - (r.phases['Analyzing workdir'] ?? NaN))),
        readMs: summarize(plainRuns.map((r) => r.readMs)),
      },
      /** The app's clone step by step (medians of each step), from the panel's User Timing marks. */
      ...(appMs && {
        appSteps: {
          beforeMs: appStep('beforeMs'),
          cloneMs: appStep('cloneMs'),
          readMs: appStep('readMs'),
          workspaceMs: appStep('workspaceMs'),
          storedMs: appStep('storedMs'),
          afterMs: appStep('afterMs'),
        },
      }),
      /** Shallow clones side by side: `git clone --depth` against the app (or the module) with the same depth. */
      shallow: {
        depth: SHALLOW_DEPTH,
        cliMs: shallowCliMs,
        moduleMs: summarize(shallow.module.map((r) => r.totalMs)),
        ...(shallow.app.length && { appMs: summarize(shallow.app.map((a) => a.ms)) }),
        files: shallow.module[0]?.files,
        ratio: shallowBrowser.p50 / shallowCliMs.p50,
        meetsTarget: shallowBrowser.p50 / shallowCliMs.p50 <= CLONE_TARGET_RATIO,
      },
      /** What the ratio is of: the app when it was measured, else the Git module alone. */
      browser: appMs ? 'app' : 'module',
      moduleSteps: {
        cloneMs: summarize(runs.map((r) => r.cloneMs)),
        checkoutMs: summarize(runs.map((r) => r.cloneMs - (r.phases['Analyzing workdir'] ?? NaN))),
        readMs: summarize(runs.map((r) => r.readMs)),
        branchesMs: summarize(runs.map((r) => r.branchesMs)),
        flushMs: summarize(runs.map((r) => r.flushMs)),
        phaseStartMs: Object.fromEntries(
          phaseNames.map((p) => [p, summarize(runs.map((r) => r.phases[p]).filter((x) => x !== undefined)).p50]),
        ),
      },
      ratio,
      meetsTarget: ratio <= CLONE_TARGET_RATIO,
    };
    console.log(
      `shallow (depth ${SHALLOW_DEPTH}): git clone ${s(shallowCliMs.p50)}, ${shallow.app.length ? 'app' : 'Git module'} ${s(shallowBrowser.p50)}: ${results.shallow.ratio.toFixed(1)}x`,
    );
    console.log(
      `git clone ${s(cliMs.p50)}, ${appMs ? `app ${s(appMs.p50)}, ` : ''}Git module ${s(moduleMs.p50)} (medians of ${rounds}): ${ratio.toFixed(1)}x, target ${CLONE_TARGET_RATIO}x ${results.meetsTarget ? 'met' : 'not met'}`,
    );
    return results;
  },
};
