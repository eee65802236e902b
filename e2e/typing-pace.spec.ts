// The wait before a request follows the person (src/completion/common/typing-pace.ts):
// after a run of quick keys, a pause far shorter than the configured wait is
// enough; with the adaptive wait off, the configured wait is always paid.
import type { Page } from '@playwright/test';
import { expect, test, typeAtEndOfLine, watchRequests } from '../testing/playwright/ide';

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'device-independent'));

const CONFIGURED_MS = 2000;

/**
 * Types 12 quick keys, then measures, in the page's own clock, from the last key to the request it made: the wait
 * itself, not the model's work after it, which a busy machine slows down.
 */
async function keyToRequestMs(page: Page): Promise<number> {
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-seq', '0');
  const requests = await watchRequests(page);
  await page.evaluate(() => {
    const w = window as unknown as { lastKeyAt?: number };
    document.addEventListener('keydown', () => (w.lastKeyAt = performance.now()), { capture: true });
  });
  await typeAtEndOfLine(page, 2, '');
  // On a fixed schedule, as a person types: each key sent when its time comes, not after the page handled the last.
  const sent: Promise<void>[] = [];
  for (let i = 0; i < 12; i++) {
    sent.push(page.keyboard.type(' '));
    await new Promise((r) => setTimeout(r, 20));
  }
  await Promise.all(sent);
  const lastKeyAt = await page.evaluate(() => (window as unknown as { lastKeyAt: number }).lastKeyAt);
  // The request for the text as typed to the end (a slow gap between keys may have asked, and the next key cancelled it).
  const after = async () => (await requests()).find((t) => t > lastKeyAt);
  await expect.poll(after, { timeout: CONFIGURED_MS + 20_000 }).toBeDefined();
  await expect(badge).toHaveAttribute('data-seq', '1');
  return (await after())! - lastKeyAt;
}

test("after quick typing, the request comes at the pace's floor, well before the configured wait", async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', editor: { debounceMs: CONFIGURED_MS, adaptiveDebounce: true } });
  // 11 gaps of ~20 ms: 1.5 x their 90th percentile is under the 100 ms floor, so the wait is ~100 ms. Monaco asks the
  // provider only once 50 ms pass without a key: the pace learns these gaps from the editor's edits, or not at all.
  // The floor and Monaco's 50 ms: well under 450 ms, where the configured wait, or the pace's 600 ms ceiling, is not.
  expect(await keyToRequestMs(page)).toBeLessThan(450);
});

test('with the adaptive wait off, the configured wait is paid in full', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', editor: { debounceMs: CONFIGURED_MS, adaptiveDebounce: false } });
  expect(await keyToRequestMs(page)).toBeGreaterThanOrEqual(CONFIGURED_MS);
});
