// Numbers the user can see, persisted; the route change announced to screen readers.
import { expect, ghostText, test, typeAtEndOfLine } from '../testing/playwright/ide';
import { shot } from '../testing/playwright/workspace';

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'device-independent'));

test('shown counts after 750 ms on screen, accepted, rate, share, bytes; history persists across reloads', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid' });
  const panel = page.getByTestId('stats-panel');
  await expect(panel.getByTestId('stats-shown')).toHaveText('0');
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');
  await expect(panel.getByTestId('stats-results')).toHaveText('1');
  // not yet "shown": it has not been on screen 750 ms
  await expect(panel.getByTestId('stats-shown')).toHaveText('0');
  await expect(panel.getByTestId('stats-shown')).toHaveText('1', { timeout: 3000 });
  await page.keyboard.press('Tab');
  await expect(panel.getByTestId('stats-accepted')).toHaveText('1');
  await expect(panel.getByTestId('stats-rate')).toHaveText('100%');
  await expect(panel.getByTestId('stats-share-local')).toHaveText('100%');
  await expect(panel.getByTestId('stats-bytes')).toHaveText('0');
  await expect(panel.getByTestId('stats-saved')).toContainText('assumed');
  await expect(page.getByTestId('route-announcer')).toHaveText(/Suggestion route changed\. Local/);
  await shot(page, 'stats-panel');
  await page.reload();
  await expect(page.getByTestId('model-status')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(panel.getByTestId('stats-shown')).toHaveText('0');
  await panel.getByTestId('stats-all').check();
  await expect(panel.getByTestId('stats-shown')).toHaveText('1');
  await expect(panel.getByTestId('stats-accepted')).toHaveText('1');
});

test('an escalation shows in the share, bytes and latency; dismissing quickly never counts as shown', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-invalid' });
  await typeAtEndOfLine(page, 2, ' ');
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'escalated');
  await expect(ghostText(page).first()).toBeVisible();
  await page.keyboard.press('Escape');
  const panel = page.getByTestId('stats-panel');
  await expect(panel.getByTestId('stats-share-escalated')).toHaveText('100%');
  await expect(panel.getByTestId('stats-bytes')).not.toHaveText('0');
  await expect(panel.getByTestId('stats-route-escalated')).toContainText('ms');
  await expect(page.getByTestId('route-announcer')).toContainText('Escalated');
  await page.waitForTimeout(1000);
  await expect(panel.getByTestId('stats-shown')).toHaveText('0');
});
