// No uncaught error on a page: every test's context is watched (the noPageErrors fixture in
// testing/playwright/ide.ts), and a spec that provokes one on purpose names it in allowedPageErrors.
import { expect, ghostText, test, typeAtEndOfLine } from '../testing/playwright/ide';

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'device-independent'));

test('a normal load, a suggestion, its accept and the next one log no uncaught error', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid' });
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');
  await page.keyboard.press('Tab');
  // A suggestion replaced by the next one, and on reload the editors disposed: where Monaco's cancellations surfaced.
  await expect(page.getByTestId('stats-panel').getByTestId('stats-results')).toHaveText('2');
  await page.reload();
  await expect(page.getByTestId('model-status')).toHaveAttribute('data-state', /loading|ready/);
});

test('the fixture fails a test on an uncaught error it did not allow', async ({ page }) => {
  test.fail(true, 'the noPageErrors fixture must fail this test');
  await page.goto('/config.json');
  const reported = page.waitForEvent('pageerror');
  await page.evaluate(() => void Promise.reject(new Error('unexpected')));
  await reported;
});
