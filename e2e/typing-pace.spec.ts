// The wait before a request follows the person (src/completion/typing-pace.ts):
// after a run of quick keys, a pause far shorter than the configured wait is
// enough; with the adaptive wait off, the configured wait is always paid.
import { expect, test, typeAtEndOfLine } from '../testing/playwright/ide';

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'device-independent'));

const CONFIGURED_MS = 2000;

/** Types 12 quick keys, then measures from the last one to the first result on the badge. */
async function keyToResultMs(page: import('@playwright/test').Page): Promise<number> {
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-seq', '0');
  await typeAtEndOfLine(page, 2, '');
  await page.keyboard.type(' '.repeat(12), { delay: 40 });
  const lastKey = Date.now();
  await expect(badge).toHaveAttribute('data-seq', '1', { timeout: CONFIGURED_MS + 10_000 });
  return Date.now() - lastKey;
}

test('after quick typing, the request comes well before the configured wait', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', editor: { debounceMs: CONFIGURED_MS, adaptiveDebounce: true } });
  // 11 gaps of ~40 ms: 1.5 x their 90th percentile is under the 100 ms floor, so the wait is ~100 ms.
  expect(await keyToResultMs(page)).toBeLessThan(CONFIGURED_MS);
});

test('with the adaptive wait off, the configured wait is paid in full', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', editor: { debounceMs: CONFIGURED_MS, adaptiveDebounce: false } });
  expect(await keyToResultMs(page)).toBeGreaterThanOrEqual(CONFIGURED_MS);
});
