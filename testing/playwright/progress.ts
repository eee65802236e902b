// Waits that detect hangs, not slowness: a wait goes on for as long as the
// page makes progress, and fails once it has made none for a long while. A
// loaded machine (a laptop busy with other work, a shared CI host) loads the
// model several times slower than a quiet one, so a fixed bound on the whole
// wait fails there for no fault of the code.
//
// Progress is either something the user could see change (the model's load
// card: its state, its files and their bytes), or the browser working (CPU
// time of its processes, read through the DevTools protocol): a load in its
// silent steps (compiling the model, the warm-up run) changes nothing on
// screen for a long while, yet it is running. A page waiting on something
// that never comes uses next to no CPU. The time spent waiting while progress
// is made is added to the test's own timeout, so a slow load does not eat the
// time the rest of the test has; a ceiling still ends a wait that "progresses"
// forever (a busy loop).
import { test, type CDPSession, type Page } from '@playwright/test';

export interface ProgressWait {
  /** How long without any progress is a hang. */
  stallMs?: number;
  /** The longest the whole wait may take, progress or not. */
  ceilingMs?: number;
  /** What is awaited, for the failure message. */
  what: string;
}

/**
 * The browser at work: its processes together busy for this share of a core,
 * on average over CPU_WINDOW_MS. An idle page with the model loaded spends a
 * small fraction of that; a load, even one starved by other work, more.
 */
const CPU_WORKING_SHARE = 0.1;
const CPU_WINDOW_MS = 5000;
const LOOK_EVERY_MS = 500;

const browserSessions = new WeakMap<object, Promise<CDPSession | undefined>>();

/** CPU seconds the page's browser has used so far; undefined where the protocol cannot say. */
async function browserCpuSeconds(page: Page): Promise<number | undefined> {
  const browser = page.context().browser();
  if (!browser) return undefined;
  let session = browserSessions.get(browser);
  if (!session) {
    session = browser.newBrowserCDPSession().catch(() => undefined);
    browserSessions.set(browser, session);
  }
  const s = await session;
  if (!s) return undefined;
  try {
    const r = (await s.send('SystemInfo.getProcessInfo')) as { processInfo: { cpuTime: number }[] };
    return r.processInfo.reduce((sum, p) => sum + p.cpuTime, 0);
  } catch {
    return undefined;
  }
}

/**
 * Resolves once `done()` is true. `look()` describes what the page shows of
 * the awaited thing: a change in it is progress, as is the browser working.
 */
export async function waitWithProgress(
  page: Page,
  done: () => Promise<boolean>,
  look: () => Promise<string>,
  { stallMs = 90_000, ceilingMs = 15 * 60_000, what }: ProgressWait,
): Promise<void> {
  const info = test.info();
  const started = Date.now();
  let last = Date.now();
  let lastProgress = last;
  let seen = await look();
  const samples: { at: number; cpu: number }[] = [];
  for (;;) {
    if (await done()) return;
    await page.waitForTimeout(LOOK_EVERY_MS);
    const now = Date.now();
    const shown = await look();
    const cpu = await browserCpuSeconds(page);
    if (cpu !== undefined) samples.push({ at: now, cpu });
    // Keep one sample at or before the window's start: the rate is over the whole window.
    while (samples.length > 2 && samples[1].at <= now - CPU_WINDOW_MS) samples.shift();
    const first = samples[0];
    const worked =
      cpu !== undefined && now - first.at >= CPU_WINDOW_MS && (cpu - first.cpu) / ((now - first.at) / 1000) >= CPU_WORKING_SHARE;
    if (shown !== seen || worked) {
      seen = shown;
      lastProgress = now;
      // Progress made: the time it took is the wait's, not the test's.
      if (info.timeout > 0) info.setTimeout(info.timeout + (now - last));
    }
    last = now;
    if (now - lastProgress > stallMs) {
      throw new Error(
        `${what}: no progress for ${Math.round(stallMs / 1000)} s (nothing changed on screen, the browser idle); last seen: ${seen}`,
      );
    }
    if (now - started > ceilingMs) {
      throw new Error(
        `${what}: still not done after ${Math.round(ceilingMs / 1000)} s, though the browser kept working; last seen: ${seen}`,
      );
    }
  }
}

/** The model's load card as a user sees it: state, model, and each file's bytes. */
async function modelLoadLook(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const el = document.querySelector('[data-testid="model-status"]');
      if (!el) return 'no model status on the page';
      const rows = [...el.querySelectorAll('[data-testid="download-row"]')].map(
        (r) => `${r.getAttribute('data-loaded')}/${r.getAttribute('data-total')}${r.getAttribute('data-done') === 'true' ? ' done' : ''}`,
      );
      return `${el.getAttribute('data-state')} ${el.getAttribute('data-model') ?? ''} ${el.textContent?.trim() ?? ''} [${rows.join(', ')}]`;
    })
    .catch(() => 'page navigating');
}

/**
 * Waits until the local model's status is `state`: 'ready', or 'error' for a load that must fail. As long as its
 * load makes progress (see waitWithProgress): a failing load downloads, retries and compiles first, as slowly
 * as a busy machine makes it.
 */
export async function modelInState(page: Page, state: 'ready' | 'error', opts: Partial<ProgressWait> = {}): Promise<void> {
  const status = page.getByTestId('model-status');
  await whileModelLoads(page, async () => (await status.getAttribute('data-state', { timeout: 1000 }).catch(() => null)) === state, {
    what: state === 'ready' ? 'The local model did not become ready' : `The local model's load did not end in ${state}`,
    ...opts,
  });
}

/** Waits until `done()` for as long as the local model's load makes progress: for what a (re)load brings about, such as another device. */
export function whileModelLoads(page: Page, done: () => Promise<boolean>, opts: Partial<ProgressWait> & { what: string }): Promise<void> {
  return waitWithProgress(page, done, () => modelLoadLook(page), opts);
}

/** Waits until the local model is ready (the status bar's item), for as long as its load makes progress. */
export async function modelReady(page: Page, opts: Partial<ProgressWait> = {}): Promise<void> {
  await modelInState(page, 'ready', opts);
}

/**
 * Waits for the engine's notice to say `words`, for as long as the local model's load makes progress: a notice that
 * comes once a new worker has loaded the model again (a restart), however slowly a busy machine loads it.
 */
export function engineNoticeWhileModelLoads(page: Page, words: string, what: string): Promise<void> {
  const notice = page.getByTestId('engine-notice');
  return whileModelLoads(page, async () => ((await notice.textContent({ timeout: 1000 }).catch(() => null)) ?? '').includes(words), {
    what,
  });
}
