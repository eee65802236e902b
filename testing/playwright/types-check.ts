// The types check in an end-to-end test: warmed before the first key, as the
// app warms it when a TypeScript file opens, so that the compiler's lib parse
// is not what the test's first check waits for. The tests give the semantic
// check a budget (router.semanticBudgetMs) no loaded machine reaches: what the
// budget itself does (over it: not checked, never a pass) is pinned by
// src/semantic/types-check.test.ts.
import type { Page } from '@playwright/test';
import type { TypesCheck } from '../../src/semantic';

/** The semantic policy with a budget a busy machine does not run past. */
export const SEMANTIC_ROUTER = { policy: 'syntax+confidence+semantic', semanticBudgetMs: 10_000 } as const;

/** Loads the app's types check and its lib files. */
export async function warmTypesCheck(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { __ide: { typesCheck: TypesCheck } }).__ide.typesCheck.warm());
}
