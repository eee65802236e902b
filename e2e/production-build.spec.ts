// The production build (`npm run build`, served on the port after the test
// build's) carries no test seams: nothing on the page reaches the engine, and
// the inference worker has no fault injection. Its CSP names escalation
// origins exactly (none, with the shipped config.json), never a port range.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PROD_PORT } from '../playwright.config';

const PROD_DIST = process.env.E2E_PROD_DIST ?? 'dist';
const built = existsSync(join(PROD_DIST, 'index.html'));

test.skip(!built, `the production build is missing: run \`npm run build\` (npm test does) to write ${PROD_DIST}/`);

test('the production build has no window.__ide and no fault injection; its CSP allows no loopback range', async ({ page }) => {
  const res = await page.goto(`http://localhost:${PROD_PORT}/`);
  await expect(page.getByTestId('model-status')).toBeVisible({ timeout: 60_000 });
  expect(await page.evaluate(() => typeof (window as unknown as { __ide?: unknown }).__ide)).toBe('undefined');
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  // vite preview sends the policy of the page it serves (read from the build), the one the meta tag carries.
  expect(res!.headers()['content-security-policy']).toBe(csp);
  const connect = csp!
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('connect-src'))!;
  expect(connect).not.toMatch(/127\.0\.0\.1|localhost/);

  // The bundle itself: no seam's code in any script (a test build has both).
  const scripts = readdirSync(join(PROD_DIST, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(PROD_DIST, 'assets', f), 'utf8'));
  expect(scripts.filter((s) => /\b__ide\b/.test(s))).toEqual([]);
  expect(scripts.filter((s) => s.includes('lose-device'))).toEqual([]);
});

test('the test build the other specs drive does have the seams (so the check above can fail)', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('model-status')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => page.evaluate(() => typeof (window as unknown as { __ide?: { engine?: unknown } }).__ide?.engine)).toBe('object');
});
