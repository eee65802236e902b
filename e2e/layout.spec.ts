// The workspace on a laptop: at 1024×700 the editor keeps most of the width
// (the side panel starts collapsed), nothing in the status bar or the toolbar
// is cut off, the privacy badge stays on screen and opens the details, and
// messages sit beside the editor's text, never over it. The panels resize by
// dragging, toggle with Ctrl/Cmd+B and Ctrl/Cmd+Alt+B (also from inside
// Monaco), and keep the user's choice across a reload.
import type { Page } from '@playwright/test';
import { editorText, expect, modelInState, modelReady, test, typeAtEndOfLine } from '../testing/playwright/ide';

test.beforeEach(({ device }) => test.skip(device !== 'wasm', 'the layout does not depend on the device'));

const FILES = [{ path: 'demo/python/main.py', content: 'def add(a, b):\n    return\n' }];

/** An element's on-screen box, by test id: 'tree' and 'side' are the panels (zero-wide when collapsed). */
const box = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
  });

/** Items whose text does not fit their box (truncated or spilling), with their sizes. */
const overflowing = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((els) =>
      els
        .filter((el) => el.scrollWidth > el.clientWidth + 0.5 || el.getBoundingClientRect().right > window.innerWidth)
        .map((el) => `${el.textContent?.trim()} (${el.scrollWidth} > ${el.clientWidth})`),
    );

async function openTreeFile(page: Page) {
  await page.getByTestId('tree-item-demo').click();
  await expect(page.getByTestId('active-path')).toHaveText('demo/python/main.py');
}

test.describe('at 1024×700', () => {
  test.use({ viewport: { width: 1024, height: 700 } });

  test('the editor keeps ≥ 60% of the width, the side panel starts collapsed, nothing in the bars is cut off, the badge is on screen', async ({
    page,
    openIde,
  }) => {
    await openIde({ model: 'fixture-valid', files: FILES });
    await openTreeFile(page);
    await typeAtEndOfLine(page, 2, ' ');
    await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'local');
    const editor = await box(page, 'editor-area');
    expect(editor.width).toBeGreaterThanOrEqual(0.6 * 1024);
    expect((await box(page, 'side')).width).toBeLessThan(1);
    await expect(page.getByTestId('side-panel')).toHaveAttribute('inert', '');
    // Every item of the status bar and the toolbar shows all its text.
    expect(await page.locator('.status-bar > :not(.spacer)').count()).toBeGreaterThanOrEqual(6);
    expect(await overflowing(page, '.status-bar > :not(.spacer), .status-bar .model-status b')).toEqual([]);
    expect(await overflowing(page, '.toolbar > :not(.spacer)')).toEqual([]);
    // What the narrow bar leaves out is in the tooltips.
    await expect(page.getByTestId('model-status')).toHaveAttribute('title', /window \d+ tokens/);
    await expect(page.getByTestId('lang-toggle').locator('..')).toHaveAttribute('title', 'Completions for python on');
    const badge = page.getByTestId('status-privacy');
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText(/Local/);
    await expect(badge).toHaveAttribute('aria-expanded', 'false');
  });

  test('clicking the status bar badge opens the side panel at the full badge and the details', async ({ page, openIde }) => {
    await openIde({ model: 'fixture-valid', files: FILES });
    await openTreeFile(page);
    await typeAtEndOfLine(page, 2, ' ');
    await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'local');
    await page.getByTestId('status-privacy').click();
    await expect(page.getByTestId('status-privacy')).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('side-panel')).not.toHaveAttribute('inert');
    await expect(page.getByTestId('privacy-badge')).toBeInViewport();
    await expect(page.getByTestId('completion-details')).toBeInViewport();
    await expect(page.getByTestId('side-panel')).toBeFocused();
    expect((await box(page, 'side')).width).toBeGreaterThanOrEqual(240);
  });

  test("the model's load error sits under the editor's text, never over it, and is whole", async ({ page, openIde }) => {
    await openIde({ model: 'fixture-valid', source: { kind: 'url', url: 'http://127.0.0.1:9/' }, waitReady: false, files: FILES });
    await modelInState(page, 'error');
    await openTreeFile(page);
    const card = await box(page, 'model-status');
    const text = await page.locator('.monaco-editor .lines-content').evaluate((el) => {
      const r = el.closest('.monaco-scrollable-element')!.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    });
    const overlaps = card.left < text.right && card.right > text.left && card.top < text.bottom && card.bottom > text.top;
    expect(overlaps, `card ${JSON.stringify(card)} over the text ${JSON.stringify(text)}`).toBe(false);
    expect(card.top).toBeGreaterThanOrEqual(text.bottom - 0.5);
    await expect(page.getByTestId('use-demo-model')).toBeInViewport({ ratio: 1 });
    // The editor still has room to work in.
    expect(text.bottom - text.top).toBeGreaterThan(200);
  });

  test("dragging the separator resizes the side panel; the width and the tree's state survive a reload", async ({ page, openIde }) => {
    await openIde({ model: 'fixture-valid', files: FILES });
    await page.keyboard.press('ControlOrMeta+Alt+b');
    await expect.poll(async () => (await box(page, 'side')).width).toBeGreaterThanOrEqual(240);
    const before = (await box(page, 'side')).width;
    const sep = await box(page, 'side-separator');
    const y = sep.top + sep.height / 2;
    await page.mouse.move(sep.left + sep.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(sep.left - 40, y, { steps: 5 });
    await page.mouse.move(sep.left - 60, y, { steps: 5 });
    await page.mouse.up();
    const after = (await box(page, 'side')).width;
    expect(after).toBeGreaterThan(before + 50);
    expect(after).toBeLessThan(before + 70);
    await page.keyboard.press('ControlOrMeta+b');
    await expect.poll(async () => (await box(page, 'tree')).width).toBeLessThan(1);
    await page.reload();
    await modelReady(page);
    expect(Math.abs((await box(page, 'side')).width - after)).toBeLessThanOrEqual(2);
    expect((await box(page, 'tree')).width).toBeLessThan(1);
  });
});

test('Ctrl/Cmd+B toggles the file tree with focus in the editor and elsewhere; the text is untouched', async ({ page, openIde }) => {
  await openIde({ model: 'fixture-valid', files: FILES });
  await openTreeFile(page);
  await typeAtEndOfLine(page, 1, '');
  const text = await editorText(page);
  const tree = () => box(page, 'tree').then((b) => b.width);
  const open = await tree();
  expect(open).toBeGreaterThan(150);
  await page.keyboard.press('ControlOrMeta+b');
  await expect.poll(tree).toBeLessThan(1);
  await expect(page.getByTestId('file-tree-panel')).toHaveAttribute('inert', '');
  // Monaco kept the focus and saw nothing of the key.
  expect(await page.evaluate(() => document.activeElement?.closest('.monaco-editor') !== null)).toBe(true);
  expect(await editorText(page)).toBe(text);
  await page.keyboard.press('ControlOrMeta+b');
  await expect.poll(tree).toBeGreaterThan(open - 2);
  // Focus outside the editor: the toolbar's help button.
  await page.getByTestId('open-help').focus();
  await page.keyboard.press('ControlOrMeta+b');
  await expect.poll(tree).toBeLessThan(1);
  await page.keyboard.press('ControlOrMeta+b');
  await expect.poll(tree).toBeGreaterThan(open - 2);
});

test('Ctrl/Cmd+Alt+B toggles the side panel with focus in the editor and elsewhere; both keys are in the key list', async ({
  page,
  openIde,
}) => {
  await openIde({ model: 'fixture-valid', files: FILES });
  await openTreeFile(page);
  await typeAtEndOfLine(page, 1, '');
  const text = await editorText(page);
  const side = () => box(page, 'side').then((b) => b.width);
  const open = await side();
  expect(open).toBeGreaterThan(300); // the default at 1280 px wide
  await page.keyboard.press('ControlOrMeta+Alt+b');
  await expect.poll(side).toBeLessThan(1);
  expect(await page.evaluate(() => document.activeElement?.closest('.monaco-editor') !== null)).toBe(true);
  expect(await editorText(page)).toBe(text);
  await page.keyboard.press('ControlOrMeta+Alt+b');
  await expect.poll(side).toBeGreaterThan(open - 2);
  await page.getByTestId('new-file').focus();
  await page.keyboard.press('ControlOrMeta+Alt+b');
  await expect.poll(side).toBeLessThan(1);
  await page.getByTestId('open-help').click();
  const help = page.getByTestId('help');
  await expect(help).toContainText(/(Ctrl|⌘) \+ B\s*Show or hide the file tree/);
  await expect(help).toContainText(/(Ctrl|⌘) \+ Alt \+ B\s*Show or hide the side panel/);
});

test.describe('at 1400 px', () => {
  test.use({ viewport: { width: 1400, height: 800 } });

  test('the side panel is open by default, at its full width', async ({ page, openIde }) => {
    await openIde({ model: 'fixture-valid', files: FILES });
    expect((await box(page, 'side')).width).toBeGreaterThan(370);
    await expect(page.getByTestId('privacy-badge')).toBeInViewport();
    await expect(page.getByTestId('status-privacy')).toHaveAttribute('aria-expanded', 'true');
    expect((await box(page, 'editor-area')).width).toBeGreaterThanOrEqual(0.5 * 1400);
  });
});
