// Client-side demo: the sample workspace, the local model only, and a live "0 bytes left".
import { expect, ghostText, test, typeAtEndOfLine } from '../testing/playwright/ide';
import { activeFile, openInTree, shot } from '../testing/playwright/workspace';

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'device-independent'));

test('demo mode: sample Python/Java/C++ files added, local-only, completions run locally, 0 bytes left', async ({
  page,
  openIde,
  server,
}) => {
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

test('demo on the fresh sample workspace adds no second copy; on another workspace it adds demo/ once', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', files: [] }); // nothing stored: the first-run samples
  await expect(page.getByTestId('file-count')).toHaveText('5 files');
  await page.getByTestId('start-demo').click();
  await expect(page.getByTestId('demo-bytes')).toContainText('0 bytes have left this machine');
  expect(await activeFile(page)).toEqual({ path: 'python/main.py', language: 'python' });
  await expect(page.getByTestId('file-count')).toHaveText('5 files');
  await expect(page.getByTestId('tree-item-demo')).toHaveCount(0);
  // A deleted sample comes back where the others are, not under demo/.
  await page.getByTestId('tree-item-README.md').click();
  await page.getByTestId('delete').click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('file-count')).toHaveText('4 files');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await page.reload(); // the Demo button is offered once per session
  await page.getByTestId('start-demo').click();
  await expect(page.getByTestId('file-count')).toHaveText('5 files');
  await expect(page.getByTestId('tree-item-README.md')).toBeVisible();
  await expect(page.getByTestId('tree-item-demo')).toHaveCount(0);
});

test('demo twice on a workspace of your own: the samples once, under demo/', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid' });
  await page.getByTestId('start-demo').click();
  await expect(page.getByTestId('file-count')).toHaveText('6 files');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await page.reload(); // the Demo button is offered once per session
  await page.getByTestId('start-demo').click();
  await expect(page.getByTestId('file-count')).toHaveText('6 files');
  expect(await activeFile(page)).toEqual({ path: 'demo/python/main.py', language: 'python' });
});
