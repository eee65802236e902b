// The browser half: the app on this repo's own Vite dev server (port 5199) in
// Debian's Chromium, once on WebGPU (SwiftShader here) and once on WASM.
// Measures the app's engine path and a bare generate() in a worker, typing to
// ghost text in the real editor, main-thread long tasks, and memory.
import { chromium, type Browser, type Page } from '@playwright/test';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { summarize } from '../stats';
import { interleaved, windowed, type Prompts, type RuntimeResult } from './measure';
import { chromiumMemoryMB } from './proc-memory';
import { fimPromptTokens, type BenchOptions } from './workload';
import { cursorToEndOfLine } from '../../testing/playwright/editor-cursor';
import { CHROMIUM_ARGS, CHROMIUM_PATH, WEBGPU_ARG } from '../../testing/playwright/chromium';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PORT = 5199;
const ORIGIN = `http://localhost:${PORT}`;
const ARGS = [...CHROMIUM_ARGS, WEBGPU_ARG];

type Device = 'webgpu' | 'wasm';
interface EngineRun {
  ms: number;
  longestTaskMs: number;
  longestFrameGapMs: number;
  route: string;
  tokens: number;
}

/** This repo's Vite dev server (no HMR, no watching) on `port`, with extra `plugins`; the syntax and latency benches use it too. */
export async function startVite(port = PORT, plugins: Plugin[] = []): Promise<ViteDevServer> {
  const server = await createServer({
    plugins,
    root: REPO,
    configFile: join(REPO, 'vite.config.ts'),
    configLoader: 'runner',
    // Its own dependency cache: never disturbs another dev server's.
    cacheDir: join(REPO, 'node_modules', '.vite-bench'),
    // No HMR and no file watching: other people edit src/ while the bench runs,
    // and a hot reload mid-measurement would destroy the page under test.
    server: { port, strictPort: true, host: 'localhost', hmr: false, watch: { ignored: ['**/*'] } },
    logLevel: 'error',
  });
  await server.listen();
  return server;
}

/** Progress on stderr: SwiftShader runs are slow, and a silent minute looks like a hang. */
export const progress = (msg: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);

const call = <T>(page: Page, expr: string) => page.evaluate(expr) as Promise<T>;
const js = (v: unknown) => JSON.stringify(v);

async function openApp(browser: Browser, opts: BenchOptions, device: Device, p: Prompts): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('crash', () => progress(`${device}: the page crashed`));
  const settings = {
    device,
    model: {
      id: opts.model,
      family: 'qwen2.5-coder',
      source: { kind: 'bundled' },
      dtype: { webgpu: 'fp32', wasm: 'fp32' },
      maxNewTokens: opts.maxNewTokens,
    },
    router: { policy: 'always-local', threshold: 0.5, aggregation: 'mean' },
    endpoint: null,
    // No debounce: keystroke-to-ghost-text is then the engine path plus the editor.
    editor: { debounceMs: 0 },
  };
  await page.addInitScript(
    ([st, fs]) => {
      localStorage.setItem('router-ide.settings', st);
      localStorage.setItem('router-ide.files', fs);
      // The editor holds the windowed 50-line file: the app's prompt is then the bench's.
    },
    [js(settings), js([{ path: 'main.py', content: p.small.prefix + p.small.suffix }])] as const,
  );
  const ready = () => page.getByTestId('model-status').and(page.locator('[data-state="ready"]')).waitFor({ timeout: 300_000 });
  const install = () => call(page, `import('/bench/inference/page-probe.ts').then((m) => m.install())`);
  // A warm-up visit that imports everything the bench will: Vite discovers and
  // pre-bundles dependencies on first use and then reloads the page, which must
  // not happen mid-measurement. The measured visit starts after it.
  await page.goto(`${ORIGIN}/`);
  await ready();
  await install();
  await call(page, `__bench.loadBare(${js(opts.model)}, ${js(device)})`);
  await page.waitForTimeout(1000);
  await page.reload();
  await ready();
  await install();
  return page;
}

async function typingRuns(page: Page, line: number, reps: number): Promise<EngineRun[]> {
  const runs: EngineRun[] = [];
  for (let r = 0; r <= reps; r++) {
    await cursorToEndOfLine(page, line);
    await page.keyboard.press('Escape');
    await page.waitForFunction('!window.__bench.ghostVisible()');
    await call(page, '__bench.armTyping()');
    // A new character each time: a new prefix, so the engine's cache never answers.
    await page.keyboard.type('abcdefghijklmnopqrstuvwxyz'[r % 26]);
    const run = await call<EngineRun>(page, '__bench.typingResult()');
    if (r > 0) runs.push(run); // the first is a warm-up
  }
  return runs;
}

async function runDevice(browser: Browser, opts: BenchOptions, device: Device, p: Prompts): Promise<RuntimeResult> {
  const notes: string[] = [];
  progress(`${device}: opening the app`);
  const page = await openApp(browser, opts, device, p);
  const appDevice = await page.getByTestId('device').textContent();
  const memApp = chromiumMemoryMB();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');

  const loadMs = await call<number>(page, `__bench.loadBare(${js(opts.model)}, ${js(device)})`);
  const memBare = chromiumMemoryMB();
  const engineLoad = await call<{ ms: number; device: string }>(
    page,
    `__bench.loadEngine(${js(opts.model)}, ${js(device)}, ${opts.maxNewTokens})`,
  );
  if (engineLoad.device !== device) notes.push(`engine fell back to ${engineLoad.device}`);

  const bare = (ctx: { prefix: string; suffix: string }, n: number) =>
    call<{ ms: number; tokens: number }>(page, `__bench.bare(${js(ctx.prefix)}, ${js(ctx.suffix)}, ${n})`);
  const engine = (ctx: { prefix: string; suffix: string }) => call<EngineRun>(page, `__bench.engine(${js(ctx.prefix)}, ${js(ctx.suffix)})`);

  // Times come from inside the page or worker, not from these round trips.
  const record = async (reps: number, fns: Record<string, () => Promise<{ ms: number }>>) => {
    progress(`${device}: ${Object.keys(fns).join(' vs ')}, ${reps} reps`);
    const out: Record<string, { ms: number }[]> = Object.fromEntries(Object.keys(fns).map((k) => [k, []]));
    await interleaved(reps, Object.fromEntries(Object.entries(fns).map(([k, fn]) => [k, async () => out[k].push(await fn())])));
    return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.slice(1)])); // drop the warm-up
  };
  const speed = await record(opts.browserReps, { ttft: () => bare(p.small, 1), total: () => bare(p.small, opts.maxNewTokens) });
  const overhead = await record(opts.browserReps, { bare: () => bare(p.small, opts.maxNewTokens), pipeline: () => engine(p.small) });
  const files = await record(opts.browserReps, {
    file50: () => engine(p.small),
    file5000: () => engine(windowed(p.big, opts.promptBudget)),
  });
  progress(`${device}: typing in the editor, ${opts.browserReps} reps`);
  const typing = await typingRuns(page, p.small.prefix.split('\n').length, opts.browserReps);
  const metrics = (await cdp.send('Performance.getMetrics')).metrics;
  const metric = (name: string) => Math.round(((metrics.find((m) => m.name === name)?.value ?? 0) / 1048576) * 10) / 10;
  await page.context().close();

  const ms = (runs: { ms: number }[]) => summarize(runs.map((r) => r.ms));
  const engineRuns = [...(overhead.pipeline as EngineRun[]), ...(files.file50 as EngineRun[]), ...(files.file5000 as EngineRun[])];
  const ttft = ms(speed.ttft);
  const total = ms(speed.total);
  const [bareS, pipe, f50, f5k] = [ms(overhead.bare), ms(overhead.pipeline), ms(files.file50), ms(files.file5000)];
  notes.push(`app showed device ${appDevice}; engine routes: ${[...new Set(engineRuns.map((r) => r.route))].join(', ')}`);
  return {
    runtime: `chromium ${device}`,
    device: device === 'webgpu' ? 'webgpu (SwiftShader)' : 'wasm (1 thread)',
    loadMs,
    promptTokens: fimPromptTokens(p.small),
    ttft,
    total,
    decodeTokPerS: (opts.maxNewTokens - 1) / ((total.p50 - ttft.p50) / 1000),
    bare: bareS,
    pipeline: pipe,
    overheadRatio: pipe.p50 / bareS.p50,
    file50: f50,
    file5000: f5k,
    bigFileRatio: f5k.p50 / f50.p50,
    typing: ms(typing),
    longestTaskMs: Math.max(...engineRuns.map((r) => r.longestTaskMs), ...typing.map((r) => r.longestTaskMs)),
    longestFrameGapMs: Math.max(...engineRuns.map((r) => r.longestFrameGapMs), ...typing.map((r) => r.longestFrameGapMs)),
    memory: {
      ...(memApp &&
        memBare && {
          rendererMB: memApp.rendererMB,
          rendererDeltaBareLoadMB: memBare.rendererMB - memApp.rendererMB,
          gpuProcessMB: memBare.gpuMB,
          gpuDeltaBareLoadMB: memBare.gpuMB - memApp.gpuMB,
        }),
      pageJsHeapUsedMB: metric('JSHeapUsedSize'),
    },
    notes,
  };
}

export async function runBrowser(opts: BenchOptions, p: Prompts): Promise<RuntimeResult[]> {
  const server = await startVite();
  // Playwright gives launch() a fresh temporary profile of its own.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
  try {
    const out: RuntimeResult[] = [];
    for (const device of ['webgpu', 'wasm'] as const) out.push(await runDevice(browser, opts, device, p));
    return out;
  } finally {
    await browser.close();
    await server.close();
  }
}
