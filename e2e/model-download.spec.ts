// Models from an organisation's mirror (hub layout): progress, caching, and
// a clear way out when the mirror is unreachable.
import path from 'node:path';
import { expect, ghostText, modelInState, modelReady, test, typeAtEndOfLine } from '../testing/playwright/ide';
import { startModelMirror, type MirrorHandle } from '../testing/servers/model-mirror';

const FIXTURES = path.resolve(import.meta.dirname, '..', 'public', 'models', 'fixtures');
let mirror: MirrorHandle;
test.beforeEach(async () => {
  mirror = await startModelMirror(FIXTURES, { delayMs: 300 });
});
test.afterEach(async () => {
  await mirror.close();
});

test("a model from the organisation's URL downloads with progress, completes, and is cached for the next load", async ({
  page,
  openIde,
}) => {
  await openIde({ model: 'fixture-valid', source: { kind: 'url', url: mirror.url }, waitReady: false });
  const status = page.getByTestId('model-status');
  // The mirror is slow enough that the progress rows are seen.
  await expect(status.locator('progress').first()).toBeVisible();
  await expect(status).toContainText('%');
  await modelReady(page);
  expect(mirror.gets).toContain('fixture-valid/onnx/model.onnx');
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');

  const before = mirror.gets.filter((g) => g.endsWith('model.onnx')).length;
  await page.reload();
  await modelReady(page);
  expect(mirror.gets.filter((g) => g.endsWith('model.onnx')).length).toBe(before);
});

test('an unreachable model URL: clear message and the demo model offered', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', source: { kind: 'url', url: 'http://127.0.0.1:9/' }, waitReady: false });
  const status = page.getByTestId('model-status');
  await modelInState(page, 'error');
  await expect(status).toContainText('unreachable');
  await page.getByTestId('use-demo-model').click();
  await modelReady(page);
});

test('while a model downloads, each file shows its real bytes, the demo model its name; 100% only when complete', async ({
  page,
  openIde,
}) => {
  await openIde({ model: 'fixture-valid', source: { kind: 'url', url: mirror.url }, waitReady: false });
  const status = page.getByTestId('model-status');
  await expect(status).toHaveAttribute('data-model', 'fixture-valid');
  await expect(status.getByTestId('model-name')).toHaveText('Demo model (bundled, always "a + b")');
  await expect(page.getByTestId('status-model-pending')).toContainText('Loading Demo model');
  const onnx = status.getByTestId('download-row').filter({ hasText: 'model.onnx' });
  await expect(onnx).toBeVisible();
  const line = onnx.getByTestId('download-bytes');
  await expect(line).not.toContainText('0.0 MB');
  // The text says what the row's numbers are: its loaded bytes, of its total, and the share floored.
  const [loaded, total, text] = await Promise.all([onnx.getAttribute('data-loaded'), onnx.getAttribute('data-total'), line.textContent()]);
  if (Number(total) > 0) {
    expect(text).toMatch(/^\d+(\.\d)? (B|KB|MB) \/ \d+(\.\d)? (B|KB|MB) \(\d+%\)$/);
    if (text!.includes('(100%)')) expect(Number(loaded)).toBeGreaterThanOrEqual(Number(total));
  } else expect(text).toContain('size unknown');
  await modelReady(page);
  await expect(status.getByTestId('model-name')).toHaveText('Demo model (bundled, always "a + b")');
  await expect(status).toHaveAttribute('data-model', 'fixture-valid');
});
