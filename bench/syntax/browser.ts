// The syntax worker in Chromium (`npx tsx bench/index.ts syntax --browser-only`,
// also the last part of `npm run bench syntax`): a 5 MB Python document is
// opened in a syntax worker while a 100-line Java document is checked every
// 50 ms, with the parse's pauses made by setTimeout(0) (the validator's
// default), by a message to the worker itself (what the app passes, see
// src/platform/message-yield.ts) and without pauses (the parse in one go),
// plus the app's own worker; and each open once more with no checks (what
// the pauses alone cost). The variants alternate, each in its own worker, all
// in one page of the app on this repo's Vite dev server.
import { chromium, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { progress, startVite } from '../inference/browser';
import { fmtMs, median, summarize } from '../stats';
import { ARGS, seed } from '../ui';
import type { OpenRun, Variant } from './page-probe';
import { CHROMIUM_PATH as CHROMIUM } from '../../testing/playwright/chromium';

const PORT = 5197;
const ORIGIN = `http://localhost:${PORT}`;
const REPS = Number(process.env.SYNTAX_BROWSER_REPS ?? 5);
const VARIANTS: Variant[] = ['setTimeout', 'MessageChannel', 'app worker', 'one go'];

const call = <T>(page: Page, expr: string) => page.evaluate(expr) as Promise<T>;

async function openApp(page: Page): Promise<void> {
  const ready = () => page.getByTestId('model-status').and(page.locator('[data-state="ready"]')).waitFor({ timeout: 120_000 });
  const install = () => call(page, `import('/bench/syntax/page-probe.ts').then((m) => m.install())`);
  const warm = async () => {
    for (const v of VARIANTS) await call(page, `__syntaxBench.warm(${JSON.stringify(v)})`);
  };
  // A warm-up visit first: Vite pre-bundles what it discovers on first use
  // and then reloads the page, which must not happen mid-measurement.
  await page.goto(`${ORIGIN}/`);
  await ready();
  await install();
  await warm();
  await page.waitForTimeout(1000);
  await page.reload();
  await ready();
  await install();
  await warm();
}

export async function browserPath(): Promise<Record<string, unknown>> {
  if (!existsSync(CHROMIUM)) {
    console.log(`${CHROMIUM} not found: the browser part is skipped`);
    return { skipped: `${CHROMIUM} not found` };
  }
  const server = await startVite(PORT);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const page = await browser.newPage();
    page.on('crash', () => progress('syntax: the page crashed'));
    await seed(page, { device: 'wasm', model: { id: 'fixture-valid', family: 'qwen2.5-coder', source: { kind: 'bundled' } } }, [
      { path: 'main.py', content: 'x = 1\n' },
    ]);
    progress('syntax (browser): opening the app, warming the workers');
    await openApp(page);
    const codeUnits = await call<number>(page, '__syntaxBench.codeUnits()');
    const runs = Object.fromEntries(VARIANTS.map((v) => [v, [] as OpenRun[]])) as Record<Variant, OpenRun[]>;
    const alone = Object.fromEntries(VARIANTS.map((v) => [v, [] as number[]])) as Record<Variant, number[]>;
    // Rep 0 is a warm-up (the worker's wasm memory grows to hold a 5 MB tree);
    // the order rotates, so no variant always follows another.
    for (let r = 0; r <= REPS; r++) {
      progress(`syntax (browser): rep ${r}/${REPS}${r ? '' : ' (warm-up)'}`);
      for (let k = 0; k < VARIANTS.length; k++) {
        const v = VARIANTS[(k + r) % VARIANTS.length];
        const run = await call<OpenRun>(page, `__syntaxBench.open(${JSON.stringify(v)})`);
        await page.waitForTimeout(300);
        const bare = await call<OpenRun>(page, `__syntaxBench.open(${JSON.stringify(v)}, 0)`);
        await page.waitForTimeout(300);
        if (!run.opened || !bare.opened) throw new Error(`${v}: the 5 MB document was not opened`);
        if (r > 0) {
          runs[v].push(run);
          alone[v].push(bare.openMs);
        }
      }
    }

    const out: Record<string, unknown> = { chromium: browser.version(), codeUnits, reps: REPS, everyMs: 50 };
    const openMedian = (v: Variant) => median(runs[v].map((x) => x.openMs));
    const aloneMedian = (v: Variant) => median(alone[v]);
    const oneGo = aloneMedian('one go');
    console.log(
      `\nChromium ${browser.version()}, ${(codeUnits / 1e6).toFixed(2)} M code units of Python opened in a syntax worker, ${REPS} runs per variant (alternating), a 100-line Java check sent every 50 ms meanwhile; times from the page:\n`,
    );
    console.log(
      '| pause between slices | open alone, median (min-max) | vs one go | open while checked, median | small-check latency p50 / p95 / max (n) | wrong verdicts |',
    );
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const v of VARIANTS) {
      const open = runs[v].map((x) => x.openMs);
      const a = alone[v];
      const checks = runs[v].flatMap((x) => x.checks);
      const s = summarize(checks);
      const max = Math.max(...checks);
      const wrong = runs[v].reduce((n, x) => n + x.wrong, 0);
      console.log(
        `| ${v} | ${fmtMs(median(a))} (${fmtMs(Math.min(...a))}-${fmtMs(Math.max(...a))}) | ${(median(a) / oneGo).toFixed(3)}x | ${fmtMs(median(open))} | ${fmtMs(s.p50)} / ${fmtMs(s.p95)} / ${fmtMs(max)} (${s.n}) | ${wrong} |`,
      );
      out[v] = {
        openAloneMs: { median: median(a), runs: a },
        openAloneVsOneGo: median(a) / oneGo,
        openWhileCheckedMs: { median: median(open), runs: open },
        smallCheck: { ...s, max },
        wrongVerdicts: wrong,
      };
    }
    const ratio = (f: (v: Variant) => number) => f('setTimeout') / f('MessageChannel');
    const checkStat = (p: 'p50' | 'p95') => (v: Variant) => summarize(runs[v].flatMap((x) => x.checks))[p];
    const ratios = {
      openAlone: ratio(aloneMedian),
      openWhileChecked: ratio(openMedian),
      smallCheckP50: ratio(checkStat('p50')),
      smallCheckP95: ratio(checkStat('p95')),
    };
    console.log(
      `\nsetTimeout / MessageChannel: open alone ${ratios.openAlone.toFixed(3)}x, open while checked ${ratios.openWhileChecked.toFixed(3)}x, small-check p50 ${ratios.smallCheckP50.toFixed(2)}x, p95 ${ratios.smallCheckP95.toFixed(2)}x`,
    );
    out.setTimeoutVsMessageChannel = ratios;
    out.loadAverage = loadavg();
    out.at = new Date().toISOString();
    return out;
  } finally {
    await browser.close();
    await server.close();
  }
}
