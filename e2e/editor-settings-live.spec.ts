// The editor's completion settings follow the config store
// (src/completion/browser/completion-settings.ts): a setting saved in the Settings panel
// reaches the next suggestion without a reload and without a new editor.
import type { Page } from '@playwright/test';
import { expect, ghostText, pageTime, test, typeAtEndOfLine } from '../testing/playwright/ide';

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'device-independent'));

/** The suggestions the editor began computing ahead of an accept (the controller's own count). */
function predictionsStarted(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { __ide: { predictionStats: () => { started: number } } }).__ide.predictionStats().started,
  );
}

test('unticking "Prepare the next suggestion" in Settings stops the predictions from the next suggestion on, with no reload', async ({
  page,
  openIde,
}) => {
  await openIde({ model: 'fixture-valid', endpoint: null });
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');
  await expect.poll(() => predictionsStarted(page)).toBe(1);
  await page.keyboard.press('Escape');

  await page.getByTestId('open-settings').click();
  await page.getByTestId('predict-on-accept').uncheck();
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings')).toBeHidden();

  await typeAtEndOfLine(page, 2, 'z');
  await expect(ghostText(page).first()).toContainText('a + b');
  // Time for a prediction to start, had one been asked for, in the page's own time however busy the machine.
  await pageTime(page, 500);
  expect(await predictionsStarted(page)).toBe(1);
});
