// WCAG AA colour contrast of the main screens, checked by axe-core.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, typeAtEndOfLine } from './fixtures/ide';

async function contrastViolations(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).withRules(['color-contrast'])
    // Monaco's token colours are its theme's; our own chrome is what we own.
    .exclude('.monaco-editor').analyze();
  // Not vacuous: the rule must have looked at text on this screen.
  expect(r.passes.flatMap((p) => p.nodes).length).toBeGreaterThan(5);
  return r.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`));
}

test('main screens pass WCAG AA colour contrast', async ({ page, openIde, device }) => {
  test.skip(device !== 'wasm', 'colours do not depend on the device');
  await openIde({ model: 'fixture-invalid', mode: 'local-only' });
  await typeAtEndOfLine(page, 2, ' ');
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'blocked');
  expect(await contrastViolations(page), 'editor with a blocked badge').toEqual([]);

  await page.getByTestId('open-help').click();
  expect(await contrastViolations(page), 'help overlay').toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByTestId('open-settings').click();
  expect(await contrastViolations(page), 'settings').toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByTestId('view-review').click();
  expect(await contrastViolations(page), 'review sandbox').toEqual([]);
});
