// Numbers the user can see, persisted; the route change announced to screen readers.
import type { Page } from '@playwright/test';
import { expect, ghostText, modelReady, test, typeAtEndOfLine } from '../testing/playwright/ide';
import { shot } from '../testing/playwright/workspace';

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'device-independent'));

/** The stats history this browser kept (written when the page is idle or hidden). */
async function storedEvents(page: Page): Promise<{ k: string; t: number; route?: string }[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('router-ide.stats') ?? '[]'));
}

test('shown counts after 750 ms on screen, accepted, rate, share, bytes; history persists across reloads', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid' });
  const panel = page.getByTestId('stats-panel');
  await expect(panel.getByTestId('stats-shown')).toHaveText('0');
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');
  await expect(panel.getByTestId('stats-results')).toHaveText('1');
  await expect(panel.getByTestId('stats-shown')).toHaveText('1');
  await page.keyboard.press('Tab');
  await expect(panel.getByTestId('stats-accepted')).toHaveText('1');
  // The suggestion for the text after the accept (prepared while the first was on screen) comes on screen and, left
  // there, is a second one shown. Waiting for it keeps the numbers below the same however fast the machine is.
  await expect(panel.getByTestId('stats-results')).toHaveText('2');
  await expect(panel.getByTestId('stats-shown')).toHaveText('2');
  await expect(panel.getByTestId('stats-rate')).toHaveText('50%');
  await expect(panel.getByTestId('stats-share-local')).toHaveText('100%');
  await expect(panel.getByTestId('stats-bytes')).toHaveText('0');
  await expect(panel.getByTestId('stats-saved')).toContainText('assumed');
  await expect(page.getByTestId('route-announcer')).toHaveText(/Suggestion route changed\. Local/);
  await shot(page, 'stats-panel');
  await page.reload();
  await modelReady(page);
  await expect(panel.getByTestId('stats-shown')).toHaveText('0');
  await panel.getByTestId('stats-all').check();
  await expect(panel.getByTestId('stats-shown')).toHaveText('2');
  await expect(panel.getByTestId('stats-accepted')).toHaveText('1');
  // "Shown" is 750 ms on screen: the history's own times say so (each result was put on screen no earlier than its
  // event), not how soon this test happened to look.
  const events = (await storedEvents(page)).filter((e) => e.k !== 'prediction');
  expect(events.map((e) => e.k)).toEqual(['result', 'shown', 'accepted', 'result', 'shown']);
  for (const i of [1, 4]) expect(events[i].t - events[i - 1].t).toBeGreaterThanOrEqual(749);
});

test('an escalation shows in the share, bytes and latency; dismissing quickly never counts as shown', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-invalid' });
  // Dismissed in the task that draws it: as quickly as a person could, whatever this machine's speed.
  await page.evaluate(() => {
    const w = window as unknown as { __dismissedAt?: number; __ide: { editor: { trigger(s: string, id: string, a: unknown): void } } };
    const seen = new MutationObserver(() => {
      if (![...document.querySelectorAll('.ghost-text-decoration, .ghost-text')].some((e) => e.textContent?.trim())) return;
      seen.disconnect();
      w.__ide.editor.trigger('test', 'editor.action.inlineSuggest.hide', {});
      w.__dismissedAt = Date.now();
    });
    seen.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await typeAtEndOfLine(page, 2, ' ');
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'escalated');
  const dismissedAt = Number(
    await page.waitForFunction(() => (window as unknown as { __dismissedAt?: number }).__dismissedAt).then((h) => h.jsonValue()),
  );
  const panel = page.getByTestId('stats-panel');
  await expect(panel.getByTestId('stats-share-escalated')).toHaveText('100%');
  await expect(panel.getByTestId('stats-bytes')).not.toHaveText('0');
  await expect(panel.getByTestId('stats-route-escalated')).toContainText('ms');
  await expect(page.getByTestId('route-announcer')).toContainText('Escalated');
  // It was on screen for less than 750 ms: it went up no earlier than its result event.
  await expect.poll(async () => (await storedEvents(page)).filter((e) => e.k === 'result')).toHaveLength(1);
  expect(dismissedAt - (await storedEvents(page)).find((e) => e.k === 'result')!.t).toBeLessThan(750);
  // A page timer set after the dismissal runs after the 750 ms one would have, however late both run.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 1000)));
  await expect(panel.getByTestId('stats-shown')).toHaveText('0');
  expect((await storedEvents(page)).filter((e) => e.k === 'shown')).toEqual([]);
});
