// Client-side demo: the sample workspace, the local model only, and a live "0 bytes left".
import { expect, ghostText, test, typeAtEndOfLine } from './fixtures/ide';
import { activeFile, openInTree, shot } from './fixtures/workspace';

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'device-independent'));

test('demo mode: sample Python/Java/C++ files added, local-only, completions run locally, 0 bytes left', async ({ page, openIde, server }) => {
  await openIde({ model: 'fixture-uncertain' });
  await page.getByTestId('start-demo').click();
  await expect(page.getByTestId('demo-bytes')).toContainText('0 bytes have left this machine');
  await expect(page.getByTestId('local-only-switch')).toBeChecked();
  await expect(page.getByTestId('egress-mode')).toContainText('Local only');
  await expect(page.getByTestId('tree-item-demo/python/main.py')).toBeVisible();
  await expect(page.getByTestId('file-count')).toHaveText('6 files');
  for (const p of ['demo/java/Main.java', 'demo/cpp/main.cpp']) await openInTree(page, p);
  expect(await activeFile(page)).toEqual({ path: 'demo/cpp/main.cpp', language: 'cpp' });
  await openInTree(page, 'demo/python/main.py');
  await expect(page.getByTestId('tree-item-main.py')).toBeVisible(); // the user's own file is still there
  await typeAtEndOfLine(page, 5, ' ');
  await expect(ghostText(page).first()).toBeVisible();
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'blocked');
  await expect(page.getByTestId('demo-bytes')).toContainText('0 bytes');
  expect(server.requests).toHaveLength(0);
  await shot(page, 'demo-mode');
});
