// Bad input gets a clear message and the editor keeps working; nothing typed is lost.
import { editorText, expect, ghostText, modelInState, modelReady, test, typeAtEndOfLine } from '../testing/playwright/ide';

test('a model that fails to load: clear message, typing works, the demo model rescues', async ({ page, openIde }) => {
  await openIde({ model: 'no-such-model', waitReady: false });
  const status = page.getByTestId('model-status');
  await modelInState(page, 'error');
  await expect(status).toContainText('no-such-model');
  await typeAtEndOfLine(page, 2, ' x');
  expect(await editorText(page)).toBe('def add(a, b):\n    return x\n');
  await page.getByTestId('use-demo-model').click();
  await modelReady(page);
  await expect(status).toContainText('Demo model');
  await expect(status).toHaveAttribute('data-model', 'fixture-valid');
  await typeAtEndOfLine(page, 2, ''); // the click moved focus to the button
  await page.keyboard.press('Backspace');
  await expect(ghostText(page).first()).toContainText('a + b');
});

test('a file in a language without a grammar is completed but marked "not checked"', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', files: [{ path: 'notes.txt', content: 'total = \n' }] });
  await typeAtEndOfLine(page, 1, 'x ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'local');
  await expect(badge).toContainText('syntax not checked (no grammar for plaintext)');
});

test('a malformed endpoint URL is refused in Settings with the reason', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', endpoint: null });
  await page.getByTestId('open-settings').click();
  await page.getByTestId('endpoint-on').check();
  await page.getByTestId('endpoint-url').fill('gpu-box:8000');
  await page.getByTestId('endpoint-model').fill('big');
  await expect(page.getByTestId('settings').getByRole('alert')).toContainText('endpoint.url');
  await expect(page.getByTestId('settings-save')).toBeDisabled();
  await page.getByTestId('endpoint-url').fill('http://127.0.0.1:9/v1');
  await expect(page.getByTestId('settings-save')).toBeEnabled();
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('egress-mode')).toContainText('Escalation to 127.0.0.1:9');
});

test('what was typed survives a reload', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid' });
  await typeAtEndOfLine(page, 2, ' a * b  # kept');
  await page.reload();
  await modelReady(page);
  expect(await editorText(page)).toBe('def add(a, b):\n    return a * b  # kept\n');
});

test('WebGPU missing: the IDE falls back to WASM and says why', async ({ page, openIde, device }) => {
  test.skip(device !== 'wasm', 'runs in the browser started without WebGPU');
  await openIde({ model: 'fixture-valid', device: 'auto' });
  await expect(page.getByTestId('device')).toHaveText('WASM');
  await expect(page.getByTestId('device-fallback')).toContainText(/WebGPU/);
});

test("a model that fails to load clears the badge's last verdict (it was another model's)", async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid' });
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'local');
  await page.getByTestId('open-settings').click();
  // A hub model: its download cannot start here, so the load fails.
  await page.getByTestId('model-picker').selectOption('onnx-community/Qwen2.5-Coder-1.5B');
  await page.keyboard.press('Escape');
  await modelInState(page, 'error');
  await expect(badge).toHaveAttribute('data-route', 'none');
  await expect(badge).not.toContainText('confidence');
});

test('the model picker lists the catalog and switches the local model', async ({ page, openIde }) => {
  await openIde({ model: 'no-such-model', waitReady: false });
  await modelInState(page, 'error');
  await page.getByTestId('open-settings').click();
  const picker = page.getByTestId('model-picker');
  await expect(picker.locator('option')).toContainText(['Qwen2.5-Coder 1.5B (base, FIM)']);
  await picker.selectOption('fixture-valid');
  await modelReady(page);
  await typeAtEndOfLine(page, 2, ' ');
  await expect(ghostText(page).first()).toContainText('a + b');
});
