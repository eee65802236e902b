// The types check in an end-to-end test: warm, and without its wall-clock
// budget. A test of what the check finds must not depend on how busy the
// machine is: on a loaded one every check can run past the budget and say
// "not checked: over budget", however many keys are typed. What the budget
// itself does (over it: not checked, never a pass) is pinned by
// src/semantic/types-check.test.ts.
import type { Page } from '@playwright/test';
import type { CompletionEngine } from '../../src/engine/completion-engine';
import type { TypesCheck } from '../../src/semantic/types-check';

type Seams = { __ide: { engine: CompletionEngine; typesCheck: TypesCheck } };

/** The app's types check, warmed, then attached to the engine with a budget no machine reaches. */
export async function typesCheckWithoutBudget(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const { engine, typesCheck } = (window as unknown as Seams).__ide;
    await typesCheck.warm();
    engine.attachTypesCheck({ ...typesCheck, check: (req, workspace) => typesCheck.check({ ...req, budgetMs: 600_000 }, workspace) });
  });
}
