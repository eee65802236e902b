// Per-keystroke and per-request state (the pending flag, the result, the
// ledger, the stats, the save state) lives in stores the components showing
// it subscribe to: a completion must not re-render the app, the editor pane
// or the file tree. Test builds count their renders (countRender in
// src/platform/test-seams.ts).
import { expect, test, typeAtEndOfLine } from '../testing/playwright/ide';
import type { Page } from '@playwright/test';

type Renders = Record<string, number>;
const renders = (page: Page) => page.evaluate(() => ({ ...(window as unknown as { __ide: { renders?: Renders } }).__ide.renders }));

test('typing until an escalated suggestion, its ledger entry and stats arrive renders neither App, EditorPane nor FileTree', async ({
  page,
  openIde,
  server,
}) => {
  server.setMode({ kind: 'ok', text: 'a - b' });
  await openIde({ model: 'fixture-invalid' });
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-seq', '0');
  const before = await renders(page);
  expect(before.App).toBeGreaterThan(0);
  expect(before.EditorPane).toBeGreaterThan(0);
  expect(before.FileTree).toBeGreaterThan(0);

  await typeAtEndOfLine(page, 2, ' ');
  // The badge, the ledger, the stats and the save state all changed...
  await expect(badge).toHaveAttribute('data-route', 'escalated');
  await expect(badge).toHaveAttribute('data-seq', '1');
  await expect(page.getByTestId('ledger-count')).toHaveText('1');
  await expect(page.getByTestId('ledger-entry').first()).toHaveAttribute('data-outcome', 'ok');
  await expect(page.getByTestId('stats-results')).toHaveText('1');
  await expect(page.getByTestId('status-privacy')).toHaveAttribute('data-route', 'escalated');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await page.keyboard.type('x');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');

  // ...and none of them rendered the app's tree.
  const after = await renders(page);
  expect({ App: after.App, EditorPane: after.EditorPane, FileTree: after.FileTree }).toEqual({
    App: before.App,
    EditorPane: before.EditorPane,
    FileTree: before.FileTree,
  });
});
