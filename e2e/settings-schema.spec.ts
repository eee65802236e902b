// A row the Settings panel renders from the settings schema
// (src/vocabulary/settings.ts): its range is checked in the panel, a valid
// value is saved, survives a reload and reaches the engine through the config store.
import { expect, test } from '../testing/playwright/ide';

/** The engine's current config as the page has it (the test seam exposes the engine). */
function engineBudget(page: import('@playwright/test').Page): Promise<unknown> {
  return page.evaluate(
    () =>
      (window as unknown as { __ide: { engine: { config: { router: { semanticBudgetMs?: number } } } } }).__ide.engine.config.router
        .semanticBudgetMs,
  );
}

test("a schema row (the semantic check's budget): checked, saved, kept over a reload, and the engine hears of it", async ({
  page,
  openIde,
}) => {
  await openIde({ model: 'fixture-valid', endpoint: null });
  expect(await engineBudget(page)).toBe(50);
  await page.getByTestId('open-settings').click();
  const budget = page.getByTestId('semantic-budget');
  await expect(budget).toHaveValue('50');
  await budget.fill('0');
  await expect(page.getByTestId('settings').getByRole('alert')).toContainText('router.semanticBudgetMs 0 must be a number from 1 to 10000');
  await expect(page.getByTestId('settings-save')).toBeDisabled();
  await budget.fill('200');
  await page.getByTestId('settings-save').click();
  await expect.poll(() => engineBudget(page)).toBe(200);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('router-ide.settings') ?? '{}'));
  expect(saved.router.semanticBudgetMs).toBe(200);
  await page.reload();
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('semantic-budget')).toHaveValue('200');
  expect(await engineBudget(page)).toBe(200);
});
