// The semantic policy in the built app: the check runs in the syntax worker
// (names) and Monaco's TypeScript worker (types), a confident, valid
// completion that uses names defined nowhere or introduces a type error is
// escalated for `semantic`, and the details name what is missing or wrong.
import type { TypesCheck } from '../src/semantic/types-check';
import { expect, ghostText, test, typeAtEndOfLine } from '../testing/playwright/ide';
import { SEMANTIC_ROUTER, warmTypesCheck } from '../testing/playwright/types-check';

const semantic = SEMANTIC_ROUTER;

test('a valid, confident completion using names defined nowhere is escalated for semantic, naming them', async ({
  page,
  openIde,
  server,
}) => {
  server.setMode({ kind: 'ok', text: 'x + y' });
  // The fixture model writes `a + b`: here the parameters are x and y.
  await openIde({ model: 'fixture-valid', router: semantic, files: [{ path: 'main.py', content: 'def add(x, y):\n    return\n' }] });
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'escalated');
  await expect(badge).toHaveAttribute('data-reasons', 'semantic');
  await expect(ghostText(page).first()).toContainText('x + y');
  expect(server.requests).toHaveLength(1);
  await page.getByTestId('completion-details').locator('summary').click();
  await expect(page.getByTestId('semantic-names')).toHaveText(' missing: a, b');
  await expect(page.getByTestId('completion-details')).toContainText('Semantic check 2 finding(s)');
});

test('the same completion where its names resolve stays local; with the check off nothing is asked', async ({ page, openIde, server }) => {
  await openIde({ model: 'fixture-valid', router: semantic });
  await typeAtEndOfLine(page, 2, ' ');
  const badge = page.getByTestId('privacy-badge');
  await expect(badge).toHaveAttribute('data-route', 'local');
  await expect(ghostText(page).first()).toContainText('a + b');
  await page.getByTestId('completion-details').locator('summary').click();
  await expect(page.locator('li[data-kind="semantic"]')).toHaveAttribute('data-status', 'pass');
  expect(server.requests).toHaveLength(0);
});

test('names another workspace file defines reach the check: the same completion stays local', async ({ page, openIde, server }) => {
  // As in the first test the parameters are x and y, but another file of the workspace defines `a` and `b`.
  await openIde({
    model: 'fixture-valid',
    router: semantic,
    files: [
      { path: 'main.py', content: 'def add(x, y):\n    return\n' },
      { path: 'helpers.py', content: 'def a():\n    return 1\n\nb = 2\n' },
    ],
  });
  await typeAtEndOfLine(page, 2, ' ');
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'local');
  await page.getByTestId('completion-details').locator('summary').click();
  await expect(page.locator('li[data-kind="semantic"]')).toHaveAttribute('data-status', 'pass');
  expect(server.requests).toHaveLength(0);
});

test('turned off, the policy says not checked and keeps the completion', async ({ page, openIde, server }) => {
  await openIde({
    model: 'fixture-valid',
    router: { ...semantic, semanticCheck: false },
    files: [{ path: 'main.py', content: 'def add(x, y):\n    return\n' }],
  });
  await typeAtEndOfLine(page, 2, ' ');
  await expect(page.getByTestId('privacy-badge')).toHaveAttribute('data-route', 'local');
  await page.getByTestId('completion-details').locator('summary').click();
  await expect(page.locator('li[data-kind="semantic"]')).toContainText('not checked: the semantic check is off');
  expect(server.requests).toHaveLength(0);
});

test('TypeScript: a completion that introduces a type error is escalated for semantic, its error in the details', async ({
  page,
  openIde,
  server,
}) => {
  server.setMode({ kind: 'ok', text: 'a.x + 1' });
  // The fixture model writes `a + b`: the names resolve, but `b` is an object and `+` does not take it.
  await openIde({
    model: 'fixture-valid',
    router: semantic,
    files: [{ path: 'main.ts', content: 'export function add(a: number, b: { x: number }): number {\n  return\n}\n' }],
  });
  await warmTypesCheck(page);
  const badge = page.getByTestId('privacy-badge');
  const details = page.getByTestId('completion-details');
  await typeAtEndOfLine(page, 2, ' ');
  await expect(badge).toHaveAttribute('data-route', 'escalated');
  await expect(badge).toHaveAttribute('data-reasons', 'semantic');
  await details.locator('summary').click();
  await expect(page.getByTestId('semantic-type-errors')).toContainText('TS2365');
  await expect(page.locator('li[data-kind="semantic"]')).toContainText('introduces 1 type error(s)');
  await expect(page.getByTestId('completion-details')).toContainText(/\(types [\d.]+ ms\)/);
});

test('TypeScript: a member the imported workspace type lacks is a type error in the details', async ({ page, openIde, server }) => {
  server.setMode({ kind: 'ok', text: 'box.aa + b' });
  // The fixture model writes `a + b` after `box.`: `Box` comes from the other file, and has `aa`, not `a`.
  await openIde({
    model: 'fixture-valid',
    router: semantic,
    files: [
      {
        path: 'src/main.ts',
        content: `import type { Box } from './shapes/box';\nexport function f(box: Box, b: number): number {\n  return box.\n}\n`,
      },
      { path: 'src/shapes/box.ts', content: 'export interface Box {\n  aa: number;\n  size: number;\n}\n' },
    ],
  });
  await warmTypesCheck(page);
  const badge = page.getByTestId('privacy-badge');
  const details = page.getByTestId('completion-details');
  await typeAtEndOfLine(page, 3, ' ');
  await expect(badge).toHaveAttribute('data-route', 'escalated');
  await expect(badge).toHaveAttribute('data-reasons', 'semantic');
  await details.locator('summary').click();
  await expect(page.getByTestId('semantic-type-errors')).toContainText("Property 'a' does not exist on type 'Box'");
});

test('TypeScript: opening a TypeScript file under the semantic policy warms the types check before any key is typed', async ({
  page,
  openIde,
}) => {
  await openIde({
    model: 'fixture-valid',
    router: semantic,
    files: [{ path: 'main.ts', content: 'export function add(a: number, b: number): number {\n  return a + b;\n}\n' }],
  });
  // Nothing is typed: only the file's opening can have started the warm-up (a read-ahead needs a key).
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __ide: { typesCheck: TypesCheck } }).__ide.typesCheck.isWarm()), {
      timeout: 120_000,
    })
    .toBe(true);
});
