// The types check in Chromium (`npm run bench semantic-ts -- --browser-only`,
// also the last part of `npm run bench semantic-ts`): the same cases as the
// Node part (this repository's ~200-line TypeScript files, a line put back,
// its mutants), each checked by the app's own types check
// (src/editor/typescript-worker.ts, Monaco's TypeScript worker) in a test
// build served by vite preview, through the test seam `window.__ide`. Per
// check: the time from the call to the answer as the main thread sees it,
// and where it went (the main thread's own part, the program update and the
// region check in the worker, the messages around them). The page is given
// the repository files the Node part read, once; each check's workspace is
// the files the Node check read for that case (its import closure at the
// Node part's depth; the browser walks it at the app's own budget, so with a
// smaller `--import-depth` a file that is a direct import and a deeper one
// too may be linked in the browser and not in Node). Every answer is compared with the
// Node compiler's on the same case: the rule is one, so they should agree.
import { chromium, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { preview } from 'vite';
import type { TypesCheckTiming } from '../../src/editor';
import type { TypesOutcome, WorkspaceFiles } from '../../src/semantic';
import { progress } from '../inference/browser';
import { fmtMs, summarize } from '../stats';
import { ARGS, ensureBuild, seed } from '../ui';
import { CHROMIUM_PATH as CHROMIUM } from '../../testing/playwright/chromium';

const OUT = 'dist-bench-semantic';
const PORT = Number(process.env.SEMANTIC_BENCH_PORT ?? 5294);
/** The app's budget for a types check: a check past it is "not checked: over budget" in the app. */
const APP_BUDGET_MS = 50;
/** The bench's: long enough that every check finishes, so its whole time is measured. */
const MEASURE_BUDGET_MS = 60_000;

/** One check the browser makes, and what the Node compiler said on it. */
export interface BrowserCase {
  kind: 'truth' | 'name' | 'member' | 'workspace';
  /** The checked file's path in the repository. */
  file: string;
  /** The workspace files the Node check read for it (its import closure): the page's workspace for this check. */
  imports: string[];
  language: 'typescript' | 'tsx';
  prefix: string;
  completion: string;
  suffix: string;
  /** The type errors' codes the Node types check found. */
  nodeTypes: string[];
}

interface Answer {
  ms: number;
  outcome: TypesOutcome;
  timings: TypesCheckTiming[];
}

/** The page as the bench drives it: the app's seam, and the repository files it was given. */
type BenchWindow = {
  __ide: {
    typesCheck: { check(r: object, w?: WorkspaceFiles): Promise<TypesOutcome> };
    takeTypesCheckTimings(): TypesCheckTiming[];
    setPackageFiles(files: Record<string, string>): void;
    packagesLearnt(): Promise<void>;
  };
  /** The repository's files as a workspace that holds only `paths`. */
  __benchWorkspace(paths: readonly string[]): WorkspaceFiles;
};

/** One check through the app's seam, timed in the page. */
function checkInPage(page: Page, c: BrowserCase): Promise<Answer> {
  return page.evaluate(
    async ({ req, imports, budgetMs }) => {
      const w = window as unknown as BenchWindow;
      const ide = w.__ide;
      ide.takeTypesCheckTimings();
      const t0 = performance.now();
      const outcome = await ide.typesCheck.check({ ...req, budgetMs }, w.__benchWorkspace(imports));
      return { ms: performance.now() - t0, outcome, timings: ide.takeTypesCheckTimings() };
    },
    {
      req: { language: c.language, file: c.file, prefix: c.prefix, completion: c.completion, suffix: c.suffix },
      imports: c.imports,
      budgetMs: MEASURE_BUDGET_MS,
    },
  );
}

/** CPU time (ms) per thread of the processes descending from `root` (not its own), from /proc (Linux; empty elsewhere). */
function threadCpu(root: number): Map<string, { name: string; ms: number }> {
  const out = new Map<string, { name: string; ms: number }>();
  if (!existsSync('/proc')) return out;
  const parent = new Map<number, number>();
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      parent.set(Number(e), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const ours = (pid: number): boolean => {
    for (let p: number | undefined = pid; p; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  const tick = 1000 / 100; // USER_HZ: 100 on Linux
  for (const pid of parent.keys()) {
    if (pid === root || !ours(pid)) continue;
    let tids: string[];
    let type: string;
    try {
      tids = readdirSync(`/proc/${pid}/task`);
      // Chromium's processes say what they are (`--type=renderer`); the browser's own says nothing.
      type = /--type=([\w-]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1] ?? 'browser';
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        out.set(`${pid}/${tid}`, { name: `${type} ${name}`, ms: (Number(f[11]) + Number(f[12])) * tick });
      } catch {
        // gone meanwhile
      }
    }
  }
  return out;
}

/** The threads that used the most CPU between two samples, busiest first. */
function busiest(before: Map<string, { name: string; ms: number }>, after: Map<string, { name: string; ms: number }>, n: number) {
  return [...after]
    .map(([id, t]) => ({ thread: t.name, ms: t.ms - (before.get(id)?.ms ?? 0) }))
    .filter((t) => t.ms > 0)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n);
}

const codes = (o: TypesOutcome) => ('findings' in o ? o.findings.map((f) => f.name).sort() : undefined);
const sum = <T>(xs: readonly T[], f: (x: T) => number) => xs.reduce((a, x) => a + f(x), 0);

/**
 * `files`: the workspace the checks read imports from (path to text);
 * `packages`: the package files the Node checks read (the page's packages).
 */
export async function browserTypes(
  cases: readonly BrowserCase[],
  files: Record<string, string>,
  packages: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  if (!existsSync(CHROMIUM)) {
    console.log(`${CHROMIUM} not found: the browser part is skipped`);
    return { skipped: `${CHROMIUM} not found` };
  }
  ensureBuild(OUT, false);
  const server = await preview({
    root: join(import.meta.dirname, '..', '..'),
    configFile: join(import.meta.dirname, '..', '..', 'vite.config.ts'),
    configLoader: 'runner',
    mode: 'test',
    build: { outDir: OUT },
    preview: { port: PORT, strictPort: true },
    logLevel: 'error',
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const page = await browser.newPage();
    page.on('crash', () => progress('semantic-ts (browser): the page crashed'));
    await seed(page, { device: 'wasm', model: { id: 'fixture-valid', family: 'qwen2.5-coder', source: { kind: 'bundled' } } }, [
      { path: 'main.ts', content: 'export const x = 1;\n' },
    ]);
    await page.goto(`http://localhost:${PORT}/`);
    // The model loads and warms up in workers of its own: measured after that, not beside it.
    await page.getByTestId('model-status').and(page.locator('[data-state="ready"]')).waitFor({ timeout: 120_000 });
    await page.waitForTimeout(2000);
    // As a script, not a function: the bench's own transpiler would name the reader's function with a helper the page lacks.
    await page.evaluate(
      `window.__benchWorkspace = ((files) => (paths) => { const held = new Set(paths); return { text: (p) => (held.has(p) ? files[p] : undefined) }; })(${JSON.stringify(files)});`,
    );
    progress('semantic-ts (browser): starting the TypeScript worker');
    const coldMs = await page.evaluate(async () => {
      const t0 = performance.now();
      await (window as unknown as { __ide: { typesCheck: { warm(): Promise<void> } } }).__ide.typesCheck.warm();
      return performance.now() - t0;
    });
    // The packages' types are read in the background as checks ask for them: one pass over the cases first, so that
    // the measured checks see them as a workspace whose packages were read does (and as the Node checks did).
    const learnStart = performance.now();
    if (Object.keys(packages).length) {
      progress('semantic-ts (browser): reading the packages the checks import');
      await page.evaluate((p) => (window as unknown as BenchWindow).__ide.setPackageFiles(p), packages);
      for (const c of cases.filter((c) => c.kind === 'truth')) {
        await checkInPage(page, c);
        await page.evaluate(() => (window as unknown as BenchWindow).__ide.packagesLearnt());
      }
    }
    const packagesMs = performance.now() - learnStart;

    // CPU time per thread over all the checks: what they cost, apart from the waiting a loaded machine adds to wall times.
    // Playwright starts Chromium as a child of this process.
    const cpuBefore = threadCpu(process.pid);
    const answers: (Answer & { c: BrowserCase })[] = [];
    for (const [i, c] of cases.entries()) {
      if (i % 40 === 0) progress(`semantic-ts (browser): check ${i + 1}/${cases.length}`);
      answers.push({ ...(await checkInPage(page, c)), c });
    }
    const threads = busiest(cpuBefore, threadCpu(process.pid), 4).map((t) => ({ ...t, perCheckMs: t.ms / cases.length }));

    const truths = answers.filter((a) => a.c.kind === 'truth');
    const wall = summarize(truths.map((a) => a.ms));
    const wallAll = summarize(answers.map((a) => a.ms));
    // Per check (a check with a baseline made two calls): where its time went.
    const part = (f: (t: TypesCheckTiming) => number) => summarize(answers.map((a) => sum(a.timings, f)));
    const main = part((t) => t.mainMs);
    const program = part((t) => t.programMs);
    const checking = part((t) => t.checkMs);
    const messages = summarize(answers.map((a) => a.ms - sum(a.timings, (t) => t.mainMs + t.programMs + t.checkMs)));
    const withBaseline = answers.filter((a) => a.timings.some((t) => t.baseline)).length;
    const overBudget = answers.filter((a) => a.ms > APP_BUDGET_MS).length;
    const notChecked = answers.filter((a) => 'notChecked' in a.outcome).map((a) => (a.outcome as { notChecked: string }).notChecked);
    const disagree = answers
      .filter((a) => JSON.stringify(codes(a.outcome)) !== JSON.stringify([...a.c.nodeTypes].sort()))
      .map(
        (a) =>
          `${a.c.kind}: ${a.c.completion.trim()} -> browser ${codes(a.outcome)?.join(',') ?? 'not checked'}, node ${a.c.nodeTypes.join(',')}`,
      );
    const falseFlags = truths.filter((a) => (codes(a.outcome) ?? []).length > 0).length;
    const caught = (kind: BrowserCase['kind']) => {
      const of = answers.filter((a) => a.c.kind === kind);
      return { n: of.length, caught: of.filter((a) => (codes(a.outcome) ?? []).length > 0).length };
    };

    console.log(`\nIn Chromium (Monaco's TypeScript worker, the app's types check), ${answers.length} checks:\n`);
    console.log('| measure | p50 | p95 |\n|---|---|---|');
    console.log(`| types check, ground truths (${wall.n}) | ${fmtMs(wall.p50)} | ${fmtMs(wall.p95)} |`);
    console.log(`| types check, all checks (${wallAll.n}) | ${fmtMs(wallAll.p50)} | ${fmtMs(wallAll.p95)} |`);
    console.log(`| ...main thread (the hidden model's edit) | ${fmtMs(main.p50)} | ${fmtMs(main.p95)} |`);
    console.log(`| ...worker: program update (parse) | ${fmtMs(program.p50)} | ${fmtMs(program.p95)} |`);
    console.log(`| ...worker: region check | ${fmtMs(checking.p50)} | ${fmtMs(checking.p95)} |`);
    console.log(`| ...messages and waiting | ${fmtMs(messages.p50)} | ${fmtMs(messages.p95)} |`);
    console.log(`\nfirst check (worker start, compiler load, lib parse, warm-up): ${fmtMs(coldMs)}`);
    console.log(`reading and learning the packages' types (one pass over the ground truths): ${fmtMs(packagesMs)}`);
    console.log(
      `CPU per check, mean over the checks, busiest threads: ${threads.map((t) => `${t.thread} ${fmtMs(t.perCheckMs)}`).join(', ')}`,
    );
    console.log(`checks that also checked the baseline: ${withBaseline}; over the app's ${APP_BUDGET_MS} ms budget: ${overBudget}`);
    console.log(`answers that differ from the Node compiler's: ${disagree.length} of ${answers.length}`);
    for (const d of disagree.slice(0, 10)) console.log(`  ${d}`);
    return {
      checks: answers.length,
      wall,
      wallAll,
      main,
      program,
      check: checking,
      messages,
      coldMs,
      packagesMs,
      threads,
      withBaseline,
      overBudget,
      budgetMs: APP_BUDGET_MS,
      notChecked,
      disagree,
      falseFlags,
      mutants: { name: caught('name'), member: caught('member'), workspace: caught('workspace') },
    };
  } finally {
    await browser.close();
    await new Promise<void>((r) => server.httpServer.close(() => r()));
  }
}
