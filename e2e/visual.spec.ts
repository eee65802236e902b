// How the IDE looks, held steady: the main screens in both themes against
// committed baselines (docs/ui.md says how to update them on purpose), axe's
// full rule set in both themes, and no layout shift while the model loads or
// fails (the browser's own layout-shift entries).
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  CLOSED_ENDPOINT,
  expect,
  ghostText,
  type IdeSetup,
  modelInState,
  modelReady,
  test,
  typeAtEndOfLine,
} from '../testing/playwright/ide';
import { textFitProblems } from '../testing/playwright/text-fit';
import { startModelMirror } from '../testing/servers/model-mirror';

const SCHEMES = ['light', 'dark'] as const;
const FIXTURES = path.resolve(import.meta.dirname, '..', 'public', 'models', 'fixtures');
// A fixed address (never called): the toolbar names it, so it must not be a random port.
const ENDPOINT = CLOSED_ENDPOINT;

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'looks do not depend on the device'));
test.use({ viewport: { width: 1280, height: 720 } });

/** What changes from run to run (measured speeds, latencies, times) is masked; the rest must match. */
const volatile = (page: Page) => [
  page.getByTestId('model-status'),
  page.locator('.stat-grid'),
  page.locator('.stat-table'),
  page.locator('.share-chart'),
  page.locator('.ledger-list .time'),
  page.locator('.cursors-layer'),
];
/** The side panel's least width (its resize handle's minimum in App.tsx). */
const SIDE_PANEL_LEAST_PX = 240;
const snap = { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' } as const;

async function mainScreen(page: Page, openIde: (s: IdeSetup) => Promise<void>) {
  await openIde({
    model: 'fixture-valid',
    endpoint: ENDPOINT,
    files: [
      { path: 'main.py', content: 'def add(a, b):\n    return\n' },
      { path: 'demo/python/main.py', content: 'print(1)\n' },
    ],
  });
  await page.getByTestId('tree-item-demo').click();
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'local');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
}

for (const scheme of SCHEMES) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test(`main screens match their baselines (${scheme})`, async ({ page, openIde }) => {
      await mainScreen(page, openIde);
      // Monaco follows the OS theme too.
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('.monaco-editor')!).backgroundColor)).toBe(
        scheme === 'dark' ? 'rgb(30, 30, 30)' : 'rgb(255, 255, 254)',
      );
      await expect(page).toHaveScreenshot(`editor-${scheme}.png`, { ...snap, mask: volatile(page) });
      // The dialogs leave a strip of the side panel visible: clear the stats so no latency shows through.
      // Dismiss the suggestion first: the prediction made for its accept ends then, a stat event before the clear.
      await page.keyboard.press('Escape');
      await expect(ghostText(page)).toHaveCount(0);
      await page.getByTestId('stats-clear').click();
      await expect(page.getByTestId('stats-results')).toHaveText('0');
      await page.getByTestId('open-settings').click();
      // Dialogs cover the side panel: only the status bar's model item varies under them.
      await expect(page).toHaveScreenshot(`settings-${scheme}.png`, { ...snap, mask: [page.getByTestId('model-status')] });
      await page.keyboard.press('Escape');
      await page.getByTestId('open-help').click();
      await expect(page).toHaveScreenshot(`keys-${scheme}.png`, { ...snap, mask: [page.getByTestId('model-status')] });
    });

    test(`the model's load error matches its baseline (${scheme})`, async ({ page, openIde }) => {
      await openIde({ model: 'fixture-valid', source: { kind: 'url', url: 'http://127.0.0.1:9/' }, endpoint: ENDPOINT, waitReady: false });
      await modelInState(page, 'error');
      await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
      await expect(page).toHaveScreenshot(`model-error-${scheme}.png`, { ...snap, mask: volatile(page).slice(1) });
    });

    // A laptop and a wide screen: the side panel starts collapsed below 1280 px (the badge stays in the status bar) and open above.
    test(`the workspace at 1024 and 1400 px wide matches its baselines (${scheme})`, async ({ page, openIde }) => {
      test.slow(); // the model loads twice, once per width
      await page.setViewportSize({ width: 1024, height: 700 });
      await mainScreen(page, openIde);
      await expect(page).toHaveScreenshot(`workspace-1024-${scheme}.png`, { ...snap, mask: volatile(page) });
      expect(await textFitProblems(page), 'every word whole, every cut text with a tooltip at 1024 px').toEqual([]);
      await page.getByTestId('status-privacy').click(); // the side panel, opened from the badge
      expect(await textFitProblems(page), 'the side panel at 1024 px').toEqual([]);
      await page.setViewportSize({ width: 1400, height: 800 });
      await page.reload();
      await modelReady(page);
      await expect(page.getByTestId('active-path')).toHaveText('main.py'); // the tab open before the reload
      await typeAtEndOfLine(page, 2, '');
      await page.keyboard.press('Alt+Backslash'); // ask now, after the space typed before the reload
      await expect(ghostText(page).first()).toContainText('a + b');
      await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
      await expect(page).toHaveScreenshot(`workspace-1400-${scheme}.png`, { ...snap, mask: volatile(page) });
      expect(await textFitProblems(page), 'every word whole, every cut text with a tooltip at 1400 px').toEqual([]);
      await page.keyboard.press('Tab');
      await expect(page.locator('.stat-table')).toBeVisible();
      expect(await textFitProblems(page), 'the stats table at 1400 px').toEqual([]);
    });

    test(`the badge's longest title and the stats table keep every word whole in the narrowest side panel (${scheme})`, async ({
      page,
      openIde,
    }) => {
      await page.setViewportSize({ width: 1400, height: 800 });
      await openIde({ model: 'fixture-valid', endpoint: null });
      await typeAtEndOfLine(page, 2, ' ');
      await expect(ghostText(page).first()).toContainText('a + b');
      // The panel at the least width its handle allows: words wrap whole or the panel scrolls, never split.
      await page.addStyleTag({ content: `.side-panel { max-width: ${SIDE_PANEL_LEAST_PX}px }` });
      await page.keyboard.press('Alt+BracketRight'); // no large model: the local model's second-best start
      await expect(page.getByTestId('badge-alternative')).toContainText('second-best');
      expect(await textFitProblems(page), "the badge naming the local model's second-best suggestion").toEqual([]);
      await page.keyboard.press('Tab');
      await expect(page.locator('.stat-table')).toBeVisible();
      expect(await textFitProblems(page), 'the stats table').toEqual([]);
    });

    test(`axe's full rule set passes (${scheme})`, async ({ page, openIde }) => {
      const violations = async (what: string) => {
        // Monaco's own DOM is its theme's; our chrome is what we own.
        const r = await new AxeBuilder({ page }).exclude('.monaco-editor').analyze();
        expect(r.passes.length, `${what}: axe looked at something`).toBeGreaterThan(10);
        return r.violations.map((v) => `${what}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      };
      await openIde({ model: 'fixture-invalid', endpoint: ENDPOINT });
      await typeAtEndOfLine(page, 2, ' ');
      await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'failed');
      await page.getByTestId('ledger-entry').locator('summary').click();
      await page.getByTestId('completion-details').locator('summary').click();
      const found = await violations('editor, failed escalation, ledger and details open');
      await page.getByTestId('open-settings').click();
      found.push(...(await violations('settings')));
      await page.keyboard.press('Escape');
      await page.getByTestId('open-help').click();
      found.push(...(await violations('keys')));
      await page.keyboard.press('Escape');
      await page.getByTestId('view-review').click();
      found.push(...(await violations('review a diff')));
      expect(found).toEqual([]);
    });
  });
}

/** Sum of the page's layout-shift values not caused by input: stricter than CLS, which keeps only the worst 5 s window. */
async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: { total: number; sources: string[] } };
    w.__shift = { total: 0, sources: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (e.hadRecentInput) continue;
        w.__shift.total += e.value;
        for (const s of e.sources ?? [])
          w.__shift.sources.push(`${(s.node as Element | undefined)?.className ?? s.node?.nodeName} ${e.value.toFixed(4)}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const shift = (page: Page) => page.evaluate(() => (window as unknown as { __shift: { total: number; sources: string[] } }).__shift);

test('no layout shift while a model downloads (progress shown) until it is ready: CLS ≤ 0.1', async ({ page, openIde }) => {
  const mirror = await startModelMirror(FIXTURES, { delayMs: 300 });
  try {
    await watchLayoutShift(page);
    await openIde({ model: 'fixture-valid', source: { kind: 'url', url: mirror.url }, endpoint: ENDPOINT, waitReady: false });
    await expect(page.getByTestId('model-status').locator('progress').first()).toBeVisible();
    await modelReady(page);
    const s = await shift(page);
    console.log(`layout shift, navigation to a loaded model: ${s.total.toFixed(4)} ${JSON.stringify(s.sources)}`);
    expect(s.total).toBeLessThanOrEqual(0.1);
  } finally {
    await mirror.close();
  }
});

test("no layout shift from navigation to the model's load error: CLS ≤ 0.1", async ({ page, openIde }) => {
  await watchLayoutShift(page);
  await openIde({ model: 'fixture-valid', source: { kind: 'url', url: 'http://127.0.0.1:9/' }, endpoint: ENDPOINT, waitReady: false });
  await modelInState(page, 'error');
  const s = await shift(page);
  console.log(`layout shift, navigation to the load error: ${s.total.toFixed(4)} ${JSON.stringify(s.sources)}`);
  expect(s.total).toBeLessThanOrEqual(0.1);
});
