// Makes the README's screenshot from the real app. Not a check: it runs only
// when asked, and writes docs/screenshot.png. Regenerate it on purpose after a
// visible change (docs/ui.md):
//   npm run build && README_SCREENSHOT=1 E2E_PORT=4181 npx playwright test e2e/readme-screenshot.spec.ts --project wasm
import path from 'node:path';
import { expect, ghostText, test, typeAtEndOfLine } from '../testing/playwright/ide';

const OUT = path.resolve(import.meta.dirname, '..', 'docs', 'screenshot.png');

test.use({ viewport: { width: 1200, height: 640 }, colorScheme: 'light' });

test('README screenshot: the demo workspace with a local suggestion on screen', async ({ page, openIde, device }) => {
  test.skip(device !== 'wasm' || !process.env.README_SCREENSHOT, 'only with README_SCREENSHOT=1 (it writes docs/screenshot.png)');
  await openIde({ model: 'fixture-valid', endpoint: 'http://127.0.0.1:9/v1' });
  await page.getByTestId('start-demo').click();
  // At 1200 px the side panel starts collapsed: the picture shows it open, with the badge, the ledger and the stats.
  await page.keyboard.press('ControlOrMeta+Alt+b');
  await typeAtEndOfLine(page, 5, ''); // after `return `
  await page.keyboard.press('Alt+Backslash'); // ask now
  await expect(ghostText(page).first()).toBeVisible();
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'local');
  // (The editor keeps focus: Monaco shows a suggestion only in a focused editor.)
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await page.screenshot({ path: OUT, caret: 'hide', animations: 'disabled' });
});
