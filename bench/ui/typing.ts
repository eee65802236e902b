// Typing into the built app as a person does, and what each keystroke costs
// the page: keystroke to the next painted frame, main-thread long tasks,
// keystroke to ghost text, and memory. One case = one file, one language,
// completions on or off, in a fresh browser context (its own localStorage
// and IndexedDB); or both in one page (`runPairedCase`). docs/benchmarks.md ("Editor shell and typing") explains
// the method. UI_BENCH_DEBUG=1 prints each key's input delay and frame
// latency to stderr.
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { chromiumMemoryMB } from '../inference/proc-memory';
import { median, percentile } from '../stats';
import type { BenchFile } from './files';

export interface TypingOptions {
  /** Keystrokes timed per case after the first burst (whole bursts: rounded up to a burst's length). */
  keys: number;
  /** Time between keystrokes in a burst. */
  keyMs: number;
  /** How long to wait for ghost text after a burst before typing on without it. */
  ghostTimeoutMs: number;
  /** Pause after a burst with completions off (and after accepting a suggestion). */
  pauseMs: number;
  /** The setting `model.wasmThreads`; the app's default when absent. */
  wasmThreads?: number;
}

/** The model part of the settings (the bundled demo model, or a twin from a mirror). */
export interface ModelChoice {
  label: string;
  model: Record<string, unknown>;
  /** How long loading may take. */
  loadTimeoutMs: number;
}

/** What one case measured, before it is summarised: several rounds of a case pool these (`poolCases`). */
export interface CaseSamples {
  /** Keystroke to the next frame, per timed key. */
  frames: number[];
  /** Keydown's timestamp to its handler, per timed key. */
  delays: number[];
  /** Long tasks while typing (after the first burst): their durations, and how many started inside a burst. */
  longTasks: number[];
  longTasksInBurst: number;
  ghosts: number[];
  answers: number[];
  bursts: number;
  first: { frames: number[]; longTaskMax: number; ghost?: number | null };
  loadMs: number;
  heapMb: number;
  rendererMb?: number;
}

export interface CaseResult {
  language: string;
  mode: 'on' | 'off';
  file: { path: string; lines: number; bytes: number };
  /** How many rounds of the case were pooled, when more than one. */
  rounds?: number;
  /** Each round's own frame p95, in the order run, when more than one: the targets are judged on their median. */
  round_frame_p95_ms?: number[];
  keys: number;
  frame_p50_ms: number;
  frame_p95_ms: number;
  frame_max_ms: number;
  /** Keydown's timestamp to its handler: time the key waited for the main thread. */
  input_delay_p95_ms: number;
  longtask_count: number;
  longtask_max_ms: number;
  /** Long tasks that started while a burst was being typed (the rest came in the pauses). */
  longtask_in_burst_count: number;
  /**
   * The first burst after the file opened, apart: its keys run the typing
   * path for the first time (V8 compiling it, Monaco's first layouts), a
   * cost paid once per page, not per keystroke. With on and off in one page,
   * off's first burst after the switch.
   */
  first_burst: { keys: number; frame_p50_ms: number; frame_max_ms: number; longtask_max_ms: number; ghost_ms?: number | null };
  /** null: no burst showed ghost text within the wait. */
  ghost_p50_ms?: number | null;
  ghost_shown?: number;
  /** Keystroke to the badge's answer, shown as ghost text or not; null: no answer within the wait. */
  answer_p50_ms?: number | null;
  answered?: number;
  bursts: number;
  /** Navigation to the model ready, the cursor placed and the syntax worker's first parse of the file done. */
  load_ms: number;
  /** Main-thread JS heap after typing (CDP Runtime.getHeapUsage). */
  heap_mb: number;
  /** The renderer's resident memory (/proc; it holds the workers too). */
  renderer_mb?: number;
}

/** Ghost text p50 (shown of bursts), and the answer's p50 where some answers were not shown as ghost text. */
export function ghostCell(
  c: Pick<CaseResult, 'ghost_p50_ms' | 'ghost_shown' | 'answer_p50_ms' | 'answered' | 'bursts'>,
  ms: (x: number) => string,
): string {
  const fmt = (x: number | null | undefined) => (typeof x === 'number' ? ms(x) : 'none');
  const ghost = `${fmt(c.ghost_p50_ms)} (${c.ghost_shown ?? 0}/${c.bursts})`;
  const hidden = c.answered !== undefined && c.answered > (c.ghost_shown ?? 0);
  return hidden ? `${ghost}; answer ${fmt(c.answer_p50_ms)} (${c.answered}/${c.bursts})` : ghost;
}

const GHOST_SELECTOR = '.ghost-text-decoration, .ghost-text';

interface KeyRecord {
  key: string;
  down: number;
  handled: number;
  frame: number;
}
interface PageState {
  keys: KeyRecord[];
  longTasks: { start: number; dur: number }[];
  ghostAt: number;
  /** The badge's first new result after the burst: ghost text, or an answer the router did not show (a twin's random tokens). */
  answerAt: number;
  armGhost(): void;
  disarm(): void;
}

/**
 * In the page before the app: timestamps every keydown (the event's own
 * timestamp, set when the browser received the key, so the wait for a busy
 * main thread counts), the first frame after it (requestAnimationFrame, then
 * a message posted from the frame callback: it runs once the frame's style,
 * layout and paint are done), main-thread long tasks, and on request the
 * first frame that shows ghost text. A string, not a function: the bench's
 * TypeScript loader would wrap named functions in a helper the page lacks.
 */
const INSTRUMENT = `(() => {
  const st = {
    keys: [], longTasks: [], ghostAt: 0, answerAt: 0, armed: false,
    armGhost() {
      st.ghostAt = 0;
      st.answerAt = 0;
      st.armed = true;
      const seq = () => document.querySelector('[data-testid="privacy-badge"]')?.getAttribute('data-seq');
      const before = seq();
      const tick = () => {
        if (!st.armed) return;
        if (!st.answerAt && seq() !== before) st.answerAt = performance.now();
        if (document.querySelector(${JSON.stringify(GHOST_SELECTOR)})) {
          st.ghostAt = performance.now();
          st.answerAt ||= st.ghostAt;
          st.armed = false;
          return;
        }
        requestAnimationFrame(tick);
      };
      tick();
    },
    disarm() { st.armed = false; },
  };
  window.__typing = st;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) st.longTasks.push({ start: e.startTime, dur: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  addEventListener('keydown', (e) => {
    // Accepting (Tab) and dismissing (Escape) a suggestion are not typing.
    if (e.key === 'Tab' || e.key === 'Escape') return;
    const rec = { key: e.key, down: e.timeStamp, handled: performance.now(), frame: 0 };
    st.keys.push(rec);
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => { rec.frame = performance.now(); ch.port1.close(); };
      ch.port2.postMessage(null);
    });
  }, true);
})();`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const r1 = (x: number) => Math.round(x * 10) / 10;

/**
 * What one burst types: a new line, then the start of an assignment the model
 * completes with `a + b`; in the middle of a long line (`inline`), a
 * statement's end instead of the new line, as in minified code.
 */
function burstKeys(language: string, n: number, inline: boolean): string[] {
  const text = language === 'python' ? `value_${n} = ` : `const v${n} = `;
  return [inline ? ';' : 'Enter', ...text];
}

/** The first burst (numbered 0), then bursts until at least `keys` keystrokes. */
function burstsFor(language: string, keys: number, inline = false): string[][] {
  const out: string[][] = [burstKeys(language, 0, inline)];
  for (let n = 1, total = 0; total < keys; n++) {
    const b = burstKeys(language, n, inline);
    out.push(b);
    total += b.length;
  }
  return out;
}

/**
 * Types `burst` at `keyMs` a key on a fixed schedule: each key is sent when
 * its time comes, whether or not the page has handled the one before (a
 * person does not wait for the screen), then waits for all of them.
 */
async function typeBurst(page: Page, burst: string[], keyMs: number): Promise<void> {
  const t0 = Date.now();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < burst.length; i++) {
    const wait = t0 + i * keyMs - Date.now();
    if (wait > 0) await sleep(wait);
    const k = burst[i];
    sent.push(k.length > 1 ? page.keyboard.press(k) : page.keyboard.type(k));
  }
  await Promise.all(sent);
}

export interface CaseHooks {
  /** Called with the page and its CDP session right before the first timed key, and after the last. */
  beforeTyping?(cdp: CDPSession, page: Page): Promise<void>;
  afterTyping?(cdp: CDPSession, page: Page): Promise<void>;
}

interface OpenCase {
  page: Page;
  cdp: CDPSession;
  /** Navigation to the model ready, the cursor placed and the syntax worker's first parse of the file done. */
  loadMs: number;
}

/** The syntax worker's copy of the open file up to date (none is kept for a language with completions off). */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const ide = (
      window as unknown as {
        __ide: { editor: { getModel(): { uri: { toString(): string } } }; engine?: { whenDocumentSettled(uri: string): Promise<void> } };
      }
    ).__ide;
    await ide.engine?.whenDocumentSettled(ide.editor.getModel().uri.toString());
  });
}

/** The page done with what came before (loading, a switch moved): 1.5 s without a long task, at most 60 s. */
async function quiet(page: Page): Promise<void> {
  for (const until = Date.now() + 60_000; Date.now() < until;) {
    const done = await page.evaluate(() => {
      const st = (window as unknown as { __typing: PageState }).__typing;
      const last = st.longTasks.at(-1);
      return !last || performance.now() - (last.start + last.dur) > 1500;
    });
    if (done) return;
    await sleep(250);
  }
}

/** The app loaded in a fresh context with completions `mode` for the file's language, the file imported, the cursor placed. */
async function openCase(
  browser: Browser,
  origin: string,
  file: BenchFile,
  mode: 'on' | 'off',
  model: ModelChoice,
  opts: TypingOptions,
): Promise<OpenCase & { context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const settings = {
    device: 'wasm',
    model: { ...model.model, ...(opts.wasmThreads && { wasmThreads: opts.wasmThreads }) },
    endpoint: null,
    privacy: { mode: 'local-only' },
  };
  // A one-line main.py, so the workspace is not the sample one; the file under test comes in
  // through Add files, as a user brings one (localStorage holds too little for the 5 MB file).
  await page.addInitScript(
    ([s, off]) => {
      if (sessionStorage.getItem('bench-seeded')) return;
      localStorage.setItem('router-ide.settings', s);
      localStorage.setItem('router-ide.files', JSON.stringify([{ path: 'main.py', content: 'x = 1\n' }]));
      localStorage.setItem('router-ide.completions-off', off);
      sessionStorage.setItem('bench-seeded', '1');
    },
    [JSON.stringify(settings), JSON.stringify(mode === 'off' ? [file.language] : [])] as const,
  );
  await page.addInitScript({ content: INSTRUMENT });
  const cdp = await context.newCDPSession(page);

  const t0 = Date.now();
  await page.goto(origin);
  await page.locator('[data-testid="model-status"][data-state="ready"]').waitFor({ timeout: model.loadTimeoutMs });
  await page.getByTestId('import-files').setInputFiles({ name: file.path, mimeType: 'text/plain', buffer: Buffer.from(file.content) });
  await page.waitForFunction(
    (p) => {
      const ide = (window as unknown as { __ide?: { activePath?: () => string | null } }).__ide;
      return ide?.activePath?.() === p;
    },
    file.path,
    { timeout: model.loadTimeoutMs },
  );
  await page.evaluate(
    ([line, column]) => {
      const { editor } = (
        window as unknown as {
          __ide: {
            editor: {
              focus(): void;
              setPosition(p: object): void;
              revealLineInCenter(l: number): void;
              getModel(): { getLineMaxColumn(l: number): number };
            };
          };
        }
      ).__ide;
      editor.focus();
      editor.setPosition({ lineNumber: line, column: column ?? editor.getModel().getLineMaxColumn(line) });
      editor.revealLineInCenter(line);
    },
    [file.cursorLine, file.cursorColumn] as const,
  );
  // The syntax worker's first parse of the file runs on its own thread, where the page's long tasks do not show it:
  // waited for, or a 5 MB file's typing competes with its opening for the cores.
  await settled(page);
  const loadMs = Date.now() - t0;
  // Let loading finish on the page too (tokenizing, saving the import).
  await quiet(page);
  return { context, page, cdp, loadMs };
}

/**
 * Completions for the file's language switched `mode` with the status bar's switch, as a user does, and the
 * page let finish what that starts (switched on, the syntax worker takes a copy of the file again) before the
 * next key; the keyboard back in the editor.
 */
async function switchCompletions(page: Page, mode: 'on' | 'off'): Promise<void> {
  await page.getByTestId('lang-toggle').setChecked(mode === 'on');
  await page.evaluate(() => (window as unknown as { __ide: { editor: { focus(): void } } }).__ide.editor.focus());
  await settled(page);
  await quiet(page);
}

/** What the page recorded while a run of bursts was typed in one mode. */
interface Block {
  keys: KeyRecord[];
  longTasks: { start: number; dur: number }[];
  /** Each burst's start and end (page time). */
  windows: [number, number][];
  ghosts: number[];
  answers: number[];
}

/**
 * Types `bursts` in `mode`, each followed by what a person does next: with completions on, waits for the
 * suggestion and takes it (Tab), or types the line's end without one; with them off, pauses and types it.
 * Only what happened from its first key on counts.
 */
async function typeBlock(page: Page, bursts: readonly string[][], mode: 'on' | 'off', opts: TypingOptions): Promise<Block> {
  await page.evaluate(() => {
    const t = (window as unknown as { __typing: PageState }).__typing;
    t.keys.length = 0;
    t.longTasks.length = 0;
  });
  const from = await page.evaluate(() => performance.now());
  const block: Block = { keys: [], longTasks: [], windows: [], ghosts: [], answers: [] };
  for (const burst of bursts) {
    const start = await page.evaluate(() => performance.now());
    await typeBurst(page, burst, opts.keyMs);
    if (mode === 'on') await page.evaluate(() => (window as unknown as { __typing: PageState }).__typing.armGhost());
    block.windows.push([start, await page.evaluate(() => performance.now())]);
    let shown = false;
    if (mode === 'on') {
      let answeredAt = 0;
      for (const until = Date.now() + opts.ghostTimeoutMs; Date.now() < until;) {
        const at = await page.evaluate(() => {
          const st = (window as unknown as { __typing: PageState }).__typing;
          const last = st.keys[st.keys.length - 1].down;
          return { ghost: st.ghostAt ? st.ghostAt - last : 0, answer: st.answerAt ? st.answerAt - last : 0 };
        });
        if (at.ghost) {
          block.ghosts.push(at.ghost);
          block.answers.push(at.answer);
          shown = true;
          break;
        }
        // An answer without ghost text: give its rendering a moment, then type on.
        if (at.answer && !answeredAt) answeredAt = Date.now();
        if (answeredAt && Date.now() - answeredAt > 500) {
          block.answers.push(at.answer);
          break;
        }
        await sleep(50);
      }
      await page.evaluate(() => (window as unknown as { __typing: PageState }).__typing.disarm());
    } else {
      await sleep(opts.pauseMs);
    }
    // The line is finished the same way in both modes: the suggestion taken, or typed in one go.
    if (shown) await page.keyboard.press('Tab');
    else {
      if (mode === 'on') await page.keyboard.press('Escape');
      await page.evaluate(() =>
        (window as unknown as { __ide: { editor: { trigger(s: string, id: string, a: object): void } } }).__ide.editor.trigger(
          'bench',
          'type',
          { text: 'a + b' },
        ),
      );
    }
    await sleep(opts.pauseMs);
  }
  const st = await page.evaluate(() => {
    const s = (window as unknown as { __typing: PageState }).__typing;
    return { keys: s.keys, longTasks: s.longTasks };
  });
  return { ...block, keys: st.keys.filter((k) => k.frame > 0), longTasks: st.longTasks.filter((t) => t.start >= from) };
}

interface Memory {
  heapMb: number;
  rendererMb?: number;
}

/** Memory now: the main thread's JS heap, and the renderer's resident memory (it holds the workers too). */
async function memory(cdp: CDPSession): Promise<Memory> {
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const mem = chromiumMemoryMB();
  return { heapMb: Math.round(heap.usedSize / 2 ** 20), ...(mem && { rendererMb: mem.rendererMB }) };
}

/** The highest of several readings. */
function highest(ms: readonly Memory[]): Memory {
  const renderer = ms.map((m) => m.rendererMb).filter((m): m is number => m !== undefined);
  return { heapMb: Math.max(0, ...ms.map((m) => m.heapMb)), ...(renderer.length && { rendererMb: Math.max(...renderer) }) };
}

/** One mode's samples from the blocks of bursts set apart (`firsts`) and the timed ones. */
function samplesOf(mode: 'on' | 'off', firsts: readonly Block[], timed: readonly Block[], loadMs: number, mem: Memory): CaseSamples {
  const keys = timed.flatMap((b) => b.keys);
  const tasks = timed.flatMap((b) => b.longTasks);
  const windows = timed.flatMap((b) => b.windows);
  if (process.env.UI_BENCH_DEBUG)
    console.error(
      mode,
      keys.map((k) => `${k.key}:${Math.round(k.handled - k.down)}/${Math.round(k.frame - k.down)}`).join(' '),
      JSON.stringify(tasks),
    );
  return {
    frames: keys.map((k) => k.frame - k.down),
    delays: keys.map((k) => k.handled - k.down),
    longTasks: tasks.map((t) => t.dur),
    longTasksInBurst: tasks.filter((t) => windows.some(([a, b]) => t.start >= a && t.start <= b)).length,
    ghosts: timed.flatMap((b) => b.ghosts),
    answers: timed.flatMap((b) => b.answers),
    bursts: windows.length,
    first: {
      frames: firsts.flatMap((b) => b.keys.map((k) => k.frame - k.down)),
      longTaskMax: Math.max(0, ...firsts.flatMap((b) => b.longTasks.map((t) => t.dur))),
      ...(mode === 'on' && { ghost: firsts[0]?.ghosts[0] ?? null }),
    },
    loadMs,
    ...mem,
  };
}

export async function runCase(
  browser: Browser,
  origin: string,
  file: BenchFile,
  mode: 'on' | 'off',
  model: ModelChoice,
  opts: TypingOptions,
  hooks: CaseHooks = {},
): Promise<CaseResult & { samples: CaseSamples }> {
  const { context, page, cdp, loadMs } = await openCase(browser, origin, file, mode, model, opts);
  try {
    const [firstBurst, ...bursts] = burstsFor(file.language, opts.keys, file.cursorColumn !== undefined);
    await hooks.beforeTyping?.(cdp, page);
    // The first burst's keys and long tasks are its own figures; the timed ones start after it.
    const first = await typeBlock(page, [firstBurst], mode, opts);
    const timed = await typeBlock(page, bursts, mode, opts);
    await hooks.afterTyping?.(cdp, page);
    const samples = samplesOf(mode, [first], [timed], loadMs, await memory(cdp));
    return { ...summarizeCase(file, mode, [samples]), samples };
  } finally {
    await context.close();
  }
}

/**
 * The runs of bursts of a page with completions on and off (`runPairedCase`): on as the page opened, then
 * off, `perMode` timed bursts each; each run also starts with a burst set apart. Not on again after off: on
 * is measured where a user types it, in a file just opened, and the syntax worker's copy taken again when
 * the switch goes back on is a state of its own (docs/performance.md).
 */
export function pairedRuns(perMode: number): { mode: 'on' | 'off'; timed: number }[] {
  return [
    { mode: 'on', timed: perMode },
    { mode: 'off', timed: perMode },
  ];
}

/**
 * Completions on and off in one page: on as the page opened, then off, switched with the status bar's switch
 * (`pairedRuns`). A page load the machine slows moves both modes: their ratio measures what completions cost,
 * not which page got the cores. Each run starts with a burst set apart, as a case's first burst is (the file
 * has just opened; the syntax worker has just dropped its copy). Memory is each mode's highest after its run.
 */
export async function runPairedCase(
  browser: Browser,
  origin: string,
  file: BenchFile,
  model: ModelChoice,
  opts: TypingOptions,
): Promise<Record<'on' | 'off', CaseSamples>> {
  const { context, page, cdp, loadMs } = await openCase(browser, origin, file, 'on', model, opts);
  try {
    const inline = file.cursorColumn !== undefined;
    // Timed bursts per mode, as in a case of its own; numbered on through the page, so no line is typed twice.
    const perMode = burstsFor(file.language, opts.keys, inline).length - 1;
    let n = 0;
    const bursts = (count: number) => Array.from({ length: count }, () => burstKeys(file.language, n++, inline));
    const firsts = { on: [] as Block[], off: [] as Block[] };
    const timed = { on: [] as Block[], off: [] as Block[] };
    const mem: Record<'on' | 'off', Memory[]> = { on: [], off: [] };
    const run = async (mode: 'on' | 'off', count: number) => {
      firsts[mode].push(await typeBlock(page, bursts(1), mode, opts));
      if (count) timed[mode].push(await typeBlock(page, bursts(count), mode, opts));
      mem[mode].push(await memory(cdp));
    };
    for (const [i, { mode, timed: count }] of pairedRuns(perMode).entries()) {
      if (i) await switchCompletions(page, mode);
      await run(mode, count);
    }
    return {
      on: samplesOf('on', firsts.on, timed.on, loadMs, highest(mem.on)),
      off: samplesOf('off', firsts.off, timed.off, loadMs, highest(mem.off)),
    };
  } finally {
    await context.close();
  }
}

/**
 * One case's figures from the samples of one or more rounds of it, pooled:
 * percentiles over all the rounds' keys, the longest task of any, memory at
 * its highest. More keys make a p95 steadier than one round's.
 */
export function summarizeCase(file: BenchFile, mode: 'on' | 'off', rounds: readonly CaseSamples[]): CaseResult {
  const all = <T>(f: (r: CaseSamples) => readonly T[]) => rounds.flatMap(f);
  const frames = all((r) => r.frames);
  const tasks = all((r) => r.longTasks);
  const ghosts = all((r) => r.ghosts);
  const answers = all((r) => r.answers);
  const firstFrames = all((r) => r.first.frames);
  const firstGhosts = rounds.map((r) => r.first.ghost).filter((g): g is number => typeof g === 'number');
  const renderer = rounds.map((r) => r.rendererMb).filter((m): m is number => m !== undefined);
  return {
    language: file.language,
    mode,
    file: { path: file.path, lines: file.lines, bytes: file.bytes },
    ...(rounds.length > 1 && { rounds: rounds.length, round_frame_p95_ms: rounds.map((r) => r1(percentile(r.frames, 95))) }),
    keys: frames.length,
    frame_p50_ms: r1(percentile(frames, 50)),
    frame_p95_ms: r1(percentile(frames, 95)),
    frame_max_ms: r1(Math.max(...frames)),
    input_delay_p95_ms: r1(
      percentile(
        all((r) => r.delays),
        95,
      ),
    ),
    longtask_count: tasks.length,
    longtask_max_ms: r1(Math.max(0, ...tasks)),
    longtask_in_burst_count: rounds.reduce((n, r) => n + r.longTasksInBurst, 0),
    ...(mode === 'on' && {
      ghost_p50_ms: ghosts.length ? r1(percentile(ghosts, 50)) : null,
      ghost_shown: ghosts.length,
      answer_p50_ms: answers.length ? r1(percentile(answers, 50)) : null,
      answered: answers.length,
    }),
    bursts: rounds.reduce((n, r) => n + r.bursts, 0),
    first_burst: {
      keys: firstFrames.length,
      frame_p50_ms: r1(percentile(firstFrames, 50)),
      frame_max_ms: r1(Math.max(0, ...firstFrames)),
      longtask_max_ms: r1(Math.max(...rounds.map((r) => r.first.longTaskMax))),
      ...(mode === 'on' && { ghost_ms: firstGhosts.length ? percentile(firstGhosts, 50) : null }),
    },
    load_ms: Math.max(...rounds.map((r) => r.loadMs)),
    heap_mb: Math.max(...rounds.map((r) => r.heapMb)),
    ...(renderer.length === rounds.length && { renderer_mb: Math.max(...renderer) }),
  };
}

/**
 * A frame p95 target's figure for one language: with several rounds, the median of the rounds' own p95s, so
 * that one round the machine slowed (it happens on either mode, on any commit) does not decide it; the
 * pooled p95 stays in the tables. One round: its p95.
 */
export function steadyP95(c: CaseResult): number {
  return c.round_frame_p95_ms?.length ? median(c.round_frame_p95_ms) : c.frame_p95_ms;
}

/**
 * On against off in one language: with rounds on both sides, each round's on p95 over the off p95 of the same
 * round (the same page, or pages run one after the other), and the median of those; otherwise the pooled p95s' ratio.
 */
export function onOffRatio(on: CaseResult, off: CaseResult): { r: number; rounds?: number[] } {
  const a = on.round_frame_p95_ms;
  const b = off.round_frame_p95_ms;
  if (!a?.length || a.length !== b?.length) return { r: on.frame_p95_ms / off.frame_p95_ms };
  const rounds = a.map((x, i) => x / b[i]);
  return { r: median(rounds), rounds };
}
