// The types check as the app runs it: beside the names check (which the
// syntax worker runs on its tree-sitter trees), on a compiler service that
// lives in a worker of its own (Monaco's TypeScript worker, where the one
// rule, type-diagnostics.ts, runs: src/editor/typescript-worker.ts). Here is
// what a service shared by every request needs: the whole document or
// nothing (window.ts), one check at a time (they share the service's file),
// a budget (a check past it says "not checked: over budget", never a pass),
// a warm-up (the first check parses the lib files, the next ones run cold),
// the workspace the caller passes on to the service (which reads the files
// the checked file imports: type-imports.ts), and the merge into the names
// check's verdict.
import { languagesWhere } from '../languages/registry';
import type { LanguageId } from '../vocabulary/types';
import { ROUTER_SETTINGS } from '../vocabulary/settings';
import { typesInput, type TypesInput } from './type-diagnostics';
import type { SemanticFinding, SemanticRequest, SemanticVerdict, WorkspaceFiles } from './types';
import { partialWindow } from './window';

/** The languages the types check serves (their registry records say so). */
export const TYPE_CHECKED_LANGUAGES: readonly LanguageId[] = languagesWhere((s) => s.semantic.types !== null);

/** Past this (the whole semantic check's default budget, router.semanticBudgetMs), a types check is "not checked: over budget". */
const DEFAULT_TYPES_BUDGET_MS = ROUTER_SETTINGS.semanticBudgetMs.default;

/** What one types check gave: its findings, or why it has none to give. */
export type TypesOutcome = { findings: SemanticFinding[]; ms: number } | { notChecked: string; ms: number };

export interface TypesCheck {
  /**
   * The type errors `req`'s completion introduces, within `req.budgetMs`
   * (default DEFAULT_TYPES_BUDGET_MS). With the workspace, and `req.file`,
   * the workspace files the file imports are in the program.
   */
  check(req: SemanticRequest, workspace?: WorkspaceFiles): Promise<TypesOutcome>;
  /** Loads the service and its lib files (the first check's cost) ahead of the first request; once. */
  warm(): Promise<void>;
  /** Whether the warm-up has finished (the app starts it when a TypeScript or JavaScript file opens). */
  isWarm(): boolean;
}

/**
 * The type errors a completion introduces (type-diagnostics.ts's typeFindings,
 * wherever its compiler runs); with the workspace, the files `input.file`
 * imports are in its program.
 */
export type FindTypeErrors = (input: TypesInput, workspace?: WorkspaceFiles) => Promise<SemanticFinding[]>;

/** What the warm-up checks: a completion without a type error, then one with (the baseline's path too), then browser code. */
const WARM_UP = ['xs.reduce((a, b) => a + b, 0)', 'xs.sum()', 'xs.length']
  .map((completion) => ({
    language: 'typescript',
    prefix: 'const xs = [1, 2, 3];\nexport function total(): number {\n  return ',
    completion,
    suffix: ';\n}\n',
  }))
  .concat([
    // Browser code is checked with the DOM lib (browser-code.ts), by a service of its own that parses it on its first check.
    { language: 'typescript', prefix: 'export const title = ', completion: 'document.title', suffix: ';\n' },
  ]);

export function createTypesCheck(find: FindTypeErrors, defaultBudgetMs = DEFAULT_TYPES_BUDGET_MS): TypesCheck {
  // Checks share the service's file: each waits for the one before, even one past its own budget.
  let tail: Promise<unknown> = Promise.resolve();
  let warming: Promise<void> | undefined;
  let warmed = false;
  const queued = <T>(run: () => Promise<T>): Promise<T> => {
    const next = tail.then(run, run);
    tail = next.catch(() => undefined);
    return next;
  };
  return {
    check(req, workspace) {
      const started = performance.now();
      const budgetMs = req.budgetMs ?? defaultBudgetMs;
      const deadline = started + budgetMs;
      const overBudget = () => ({ notChecked: `over budget (${budgetMs} ms)`, ms: performance.now() - started });
      const partial = partialWindow(req);
      if (partial) return Promise.resolve({ notChecked: partial.replace(/^not checked: /, ''), ms: performance.now() - started });
      const run = queued(async (): Promise<TypesOutcome> => {
        // Its turn came too late: the check before it (or the warm-up) took the budget.
        if (performance.now() >= deadline) return overBudget();
        try {
          return { findings: await find(typesInput(req), workspace), ms: performance.now() - started };
        } catch (error) {
          const message = (error as Error)?.message ?? String(error);
          return { notChecked: message.replace(/^not checked: /, ''), ms: performance.now() - started };
        }
      });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<TypesOutcome>((resolve) => {
        timer = setTimeout(() => resolve(overBudget()), Math.max(0, deadline - performance.now()));
      });
      return Promise.race([run, late]).finally(() => clearTimeout(timer));
    },
    warm() {
      if (!warming) {
        // The first check parses the lib files; the next ones are what the compiler's first real checks cost before it runs hot.
        warming = queued(async () => {
          for (const req of WARM_UP) await find(typesInput(req));
          warmed = true;
        });
        warming.catch(() => (warming = undefined));
      }
      return warming;
    },
    isWarm: () => warmed,
  };
}

/**
 * The names check's verdict with the types check's outcome in it: its
 * findings added, or the reason it has none listed under `notChecked`. A
 * names check that could not run stays "not checked" unless the types check
 * found something (a found type error is never hidden).
 */
export function withTypes(v: SemanticVerdict, types: TypesOutcome): SemanticVerdict {
  const notChecked = (v.notChecked ?? []).filter((n) => n.kind !== 'types');
  const merged: SemanticVerdict = { ...v, ms: Math.max(v.ms, types.ms), typesMs: types.ms };
  if ('notChecked' in types) notChecked.push({ kind: 'types', reason: types.notChecked });
  else if (v.checked || types.findings.length) {
    merged.findings = [...v.findings, ...types.findings];
    merged.checks = [...new Set([...v.checks, 'types' as const])];
    if (!v.checked) {
      merged.checked = true;
      delete merged.uncheckedReason;
      notChecked.push({ kind: 'names', reason: v.uncheckedReason ?? 'not checked' });
    }
  }
  if (notChecked.length) merged.notChecked = notChecked;
  else delete merged.notChecked;
  return merged;
}
