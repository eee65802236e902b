// Shared end-to-end fixtures: the device under test (per project), a loopback
// OpenAI-compatible server per test, and helpers to open the IDE and type.
import { test as base, expect, type Page } from '@playwright/test';
import { startOpenAIServer, type FakeServerHandle } from '../servers/openai-server';
import { cursorToEndOfLine } from './editor-cursor';
import { engineNoticeWhileModelLoads, modelInState, modelReady, waitWithProgress, whileModelLoads } from './progress';

export interface IdeSetup {
  model: string;
  /** Where the model comes from; the app's bundled fixtures by default. */
  source?: { kind: 'bundled' } | { kind: 'url'; url: string };
  /** `null`: no endpoint configured. 'server': the test's loopback server. Or any URL. */
  endpoint?: 'server' | null | string;
  timeoutMs?: number;
  apiKey?: string;
  /** More endpoint fields (protocol, model ...). */
  endpointExtra?: Record<string, unknown>;
  mode?: 'escalate' | 'local-only';
  files?: { path: string; content: string }[];
  /** Inference watchdog (ms) for recovery tests. */
  watchdogMs?: number;
  /** The device setting; defaults to the project's. */
  device?: 'auto' | 'webgpu' | 'wasm';
  /** false: do not wait for the model (for load-failure tests). */
  waitReady?: boolean;
  /** More model fields (reuseCache, maxPromptTokens, latencyTargetMs ...). */
  modelExtra?: Record<string, unknown>;
  /** Editor fields over the tests' default (a fixed 150 ms wait). */
  editor?: { debounceMs?: number; adaptiveDebounce?: boolean };
  /** Git settings (server, user, token, author). */
  git?: Record<string, unknown>;
  /** Router fields over the defaults (policy, semanticCheck ...). */
  router?: Record<string, unknown>;
}

type Fixtures = {
  device: 'webgpu' | 'wasm';
  server: FakeServerHandle;
  openIde: (s: IdeSetup) => Promise<void>;
  /**
   * Uncaught errors a spec provokes on purpose (`test.use({ allowedPageErrors: [/.../] })`), matched against
   * "name: message". Any other uncaught error on a page of the test's context fails the test.
   */
  allowedPageErrors: RegExp[];
  noPageErrors: void;
};

export const test = base.extend<Fixtures>({
  device: ['wasm', { option: true }],
  allowedPageErrors: [[], { option: true }],
  // Every test, whether it looks for them or not: an uncaught error on a normal load is a bug the user's console shows.
  noPageErrors: [
    async ({ context, allowedPageErrors }, use) => {
      const errors: string[] = [];
      const watch = (p: Page) =>
        p.on('pageerror', (e) => {
          const said = `${e.name}: ${e.message}`;
          if (!allowedPageErrors.some((r) => r.test(said))) errors.push(`${said} (${p.url()})`);
        });
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      expect(errors, 'uncaught errors on the page; a spec that provokes one on purpose lists it in allowedPageErrors').toEqual([]);
    },
    { auto: true },
  ],
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const s = await startOpenAIServer({ kind: 'ok', text: 'a + b' });
    await use(s);
    await s.close();
  },
  openIde: async ({ page, device, server }, use) => {
    await use(async (s) => {
      const endpoint = s.endpoint === undefined || s.endpoint === 'server' ? server.url : s.endpoint;
      const settings = {
        device: s.device ?? device,
        model: {
          id: s.model,
          family: 'qwen2.5-coder',
          source: s.source ?? { kind: 'bundled' },
          dtype: { webgpu: 'fp32', wasm: 'fp32' },
          ...(s.watchdogMs && { watchdogMs: s.watchdogMs }),
          ...s.modelExtra,
        },
        endpoint:
          endpoint === null
            ? null
            : {
                url: endpoint,
                model: 'big-coder',
                family: 'qwen2.5-coder',
                timeoutMs: s.timeoutMs ?? 4000,
                maxTokens: 32,
                apiKey: s.apiKey,
                ...s.endpointExtra,
              },
        privacy: { mode: s.mode ?? 'escalate' },
        editor: { debounceMs: 150, ...s.editor },
        ...(s.git && { git: s.git }),
        ...(s.router && { router: s.router }),
      };
      const files = s.files ?? [{ path: 'main.py', content: 'def add(a, b):\n    return\n' }];
      await seedStorage(page, { 'router-ide.settings': JSON.stringify(settings), 'router-ide.files': JSON.stringify(files) });
      await page.goto('/');
      await ghostTextWarmedUp(page);
      if (s.waitReady === false) return;
      await modelReady(page);
      if (!s.device) await expect(page.getByTestId('device')).toHaveText(device === 'webgpu' ? 'WebGPU' : 'WASM');
    });
  },
});

export { engineNoticeWhileModelLoads, expect, modelInState, modelReady, whileModelLoads };

/**
 * Waits until the hidden editor that warms the ghost text up (src/completion/browser/ghost-text-warm-up.ts) is gone, so a test
 * sees the app's one editor only, and its timings do not include the warm-up. As long as the page makes progress
 * (testing/playwright/progress.ts): a page without cross-origin isolation waits for the isolating service worker
 * before it shows the editor, and the model loads meanwhile.
 */
export async function ghostTextWarmedUp(page: Page): Promise<void> {
  const outcome = () =>
    page
      .evaluate(() => (window as unknown as { __ide?: { ghostTextWarmUp?: () => string } }).__ide?.ghostTextWarmUp?.() ?? 'no hook yet')
      .catch(() => 'page navigating');
  await waitWithProgress(page, async () => /^(shown|timed-out|failed)$/.test(await outcome()), outcome, {
    what: 'The ghost text warm-up did not end',
  });
}

/**
 * Waits `ms` of the page's own time: `steps` timers in a row inside the page. Where a test shows that nothing
 * happens within some wait of the app's (a debounce), a fixed wait in the test can end on a loaded machine
 * before the page has even run that timer; each of these fires only after every page timer of up to ms / steps
 * set before it, so the app's chain of such waits has run first, however busy the machine. A page that
 * navigates away meanwhile fails the wait.
 */
export async function pageTime(page: Page, ms: number, steps = 4): Promise<void> {
  await page.evaluate(
    async ([step, n]) => {
      for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, step));
    },
    [ms / steps, steps] as const,
  );
}

/**
 * Records each completion request the editor makes from now on (each call of the engine's `complete`, as it
 * starts, before any model work): the returned function gives their start times, in the page's clock
 * (`performance.now()`). A request counts the moment it is made, however slowly its result comes.
 */
export async function watchRequests(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    type Ide = { engine: { complete: (...a: unknown[]) => unknown }; requestTimes?: number[] };
    const ide = (window as unknown as { __ide: Ide }).__ide;
    const times: number[] = [];
    ide.requestTimes = times;
    const complete = ide.engine.complete.bind(ide.engine);
    ide.engine.complete = (...a: unknown[]) => {
      times.push(performance.now());
      return complete(...a);
    };
  });
  return () => page.evaluate(() => [...(window as unknown as { __ide: { requestTimes: number[] } }).__ide.requestTimes]);
}

/**
 * Sends a GET from the page to `${base}/marker`, its answer ignored. What the page sent before it is on its way
 * first: a test that waits for the marker to arrive at a server knows that anything else bound there has arrived
 * too, however busy the machine, where a fixed wait could end first.
 */
export async function sendMarker(page: Page, base: string): Promise<void> {
  await page.evaluate(
    (url) =>
      fetch(url, { mode: 'no-cors', cache: 'no-store' }).then(
        () => undefined,
        () => undefined,
      ),
    `${base}/marker`,
  );
}

/**
 * Stores `items` in the page's localStorage before its first load only, so a
 * reload sees what the app saved since. `once`: per tab, or per browser
 * context (a test that opens the app again in another tab).
 */
export async function seedStorage(page: Page, items: Record<string, string>, once: 'tab' | 'context' = 'tab'): Promise<void> {
  await page.addInitScript(
    ([entries, perContext]) => {
      const marker = perContext ? localStorage : sessionStorage;
      if (marker.getItem('e2e-seeded')) return;
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      marker.setItem('e2e-seeded', '1');
    },
    [items, once === 'context'] as const,
  );
}

/** The bundled demo model on WASM and no endpoint: the production-build specs download nothing else. */
export const DEMO_WASM_SETTINGS = {
  device: 'wasm',
  model: { id: 'fixture-valid', family: 'qwen2.5-coder', source: { kind: 'bundled' }, dtype: { webgpu: 'fp32', wasm: 'fp32' } },
  endpoint: null,
};

/**
 * An endpoint nothing listens on, on a port browsers do try (not one of the
 * Fetch standard's blocked ports, such as 9 or 6000, which fail before any
 * connection with their own message): a real refused connection.
 */
export const CLOSED_ENDPOINT = 'http://127.0.0.1:59/v1';

/** Put the cursor at the end of line `line` (1-based) and type `text`. */
export async function typeAtEndOfLine(page: Page, line: number, text: string): Promise<void> {
  await cursorToEndOfLine(page, line);
  await page.keyboard.type(text);
}

export async function editorText(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { __ide: { editor: { getValue(): string } } }).__ide.editor.getValue());
}

/** The ghost text Monaco is showing, as rendered. */
export function ghostText(page: Page) {
  return page.locator('.ghost-text-decoration, .ghost-text');
}
