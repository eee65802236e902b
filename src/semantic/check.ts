// The semantic check's one entry: builds the completed text and the
// baseline (the document without the completion), parses both with the
// syntax room's tree-sitter, and hands them to the checkers registered for
// the language. Never a silent pass: a language no checker serves, a parse
// that ran out of time or a checker that failed is "not checked" with the
// reason.
//
// The differential is each checker's job (it gets both trees): only what
// the completion introduces is a finding, since a name the document already
// fails to resolve is not the completion's doing.

import type { Tree } from 'web-tree-sitter';
import type { LanguageId } from '../vocabulary/types';
import { ROUTER_SETTINGS } from '../vocabulary/settings';
import { javascriptNamesChecker } from './javascript';
import { pythonChecker } from './python';
import { TYPE_CHECKED_LANGUAGES } from './types-check';
import type { LanguageChecker, SemanticCheckKind, SemanticFinding, SemanticRequest, SemanticVerdict } from './types';

/** How the check gets its trees: the syntax room's parser (src/semantic/parse.ts). */
export interface SemanticParse {
  /** Loads the runtime and the grammar (once: not part of a check's budget). A string: why the language cannot be parsed. */
  ready(language: LanguageId): Promise<string | undefined>;
  /**
   * Parses `text` before `deadline` (a `performance.now()` time), from
   * `from`'s tree when given (a text that differs from this one in one
   * region: only that region is parsed again; `from.tree` is left as it
   * was). null: out of time.
   */
  parse(language: LanguageId, text: string, deadline: number, from?: { text: string; tree: Tree }): Promise<Tree | null>;
}

/**
 * The last check's document without its completion, per language, with its
 * tree: the next check (another candidate at the same spot: the same text;
 * the next keystroke: one region changed) parses from it instead of from
 * nothing. The cache owns its tree; a check works on copies (a tree copy
 * shares the nodes), so a check that replaces the entry never frees a tree
 * another check is reading.
 */
const lastBaseline = new Map<LanguageId, { text: string; tree: Tree }>();

/** Past this, a check answers "not checked (timed out)": the settings schema's default of router.semanticBudgetMs, for callers without a config. */
const DEFAULT_SEMANTIC_BUDGET_MS = ROUTER_SETTINGS.semanticBudgetMs.default;

const CHECKERS: readonly LanguageChecker[] = [pythonChecker, javascriptNamesChecker];

/**
 * The types check (TYPE_CHECKED_LANGUAGES) runs in this dispatcher only when
 * a caller passes it (the Node adapter, src/semantic/node.ts); the app runs
 * it in Monaco's TypeScript worker beside this check and merges the two
 * (types-check.ts). Otherwise the verdict says the types were not checked.
 */
const TYPES_NOT_HERE = 'no TypeScript service here';

const registry = new Map<LanguageId, LanguageChecker[]>();
for (const checker of CHECKERS)
  for (const language of checker.languages) registry.set(language, [...(registry.get(language) ?? []), checker]);

/** The checkers serving a language (none: its completions are "not checked"). */
export function checkersFor(language: LanguageId): readonly LanguageChecker[] {
  return registry.get(language) ?? [];
}

export function hasSemanticChecker(language: LanguageId): boolean {
  return checkersFor(language).length > 0;
}

export function uncheckedSemantic(language: LanguageId, reason: string, started: number): SemanticVerdict {
  return { language, checked: false, uncheckedReason: reason, findings: [], checks: [], ms: performance.now() - started };
}

function timedOut(language: LanguageId, budgetMs: number, started: number): SemanticVerdict {
  return uncheckedSemantic(language, `timed out (over ${budgetMs} ms)`, started);
}

function beforeDeadline<T>(p: Promise<T>, deadline: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - performance.now()));
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** A document's analysis ahead of its checks gets this long (it runs when the document opens, not while typing). */
const PRIME_BUDGET_MS = 2000;

/**
 * Parses and analyses a document when it opens, before any completion is
 * checked in it: the checkers that keep a per-document analysis (Python's)
 * make it now, and the parse is the one the first check's starts from, so
 * that check only works on the region the completion changes.
 */
export async function primeSemantics(
  language: LanguageId,
  text: string,
  parse: SemanticParse,
  checkers: readonly LanguageChecker[] = checkersFor(language),
): Promise<void> {
  const primers = checkers.filter((c) => c.prime);
  if (!primers.length || (await parse.ready(language))) return;
  const tree = await parse.parse(language, text, performance.now() + PRIME_BUDGET_MS, lastBaseline.get(language));
  if (!tree) return;
  try {
    lastBaseline.get(language)?.tree.delete();
    lastBaseline.set(language, { text, tree: tree.copy() });
    for (const c of primers) c.prime!(text, tree);
  } finally {
    tree.delete();
  }
}

export async function checkSemantics(
  req: SemanticRequest,
  parse: SemanticParse,
  checkers: readonly LanguageChecker[] = checkersFor(req.language),
): Promise<SemanticVerdict> {
  const started = performance.now();
  const language = req.language;
  if (!checkers.length) return uncheckedSemantic(language, `no semantic checker for ${language}`, started);
  const budgetMs = req.budgetMs ?? DEFAULT_SEMANTIC_BUDGET_MS;
  const notReady = await parse.ready(language);
  if (notReady) return uncheckedSemantic(language, notReady, started);
  const deadline = performance.now() + budgetMs;
  const text = req.prefix + req.completion + req.suffix;
  const baselineText = req.prefix + req.suffix;
  const trees: Tree[] = [];
  try {
    const cached = lastBaseline.get(language);
    let baseline: Tree | null;
    if (cached?.text === baselineText) baseline = cached.tree.copy();
    else {
      baseline = await parse.parse(language, baselineText, deadline, cached);
      if (baseline) {
        lastBaseline.get(language)?.tree.delete();
        lastBaseline.set(language, { text: baselineText, tree: baseline.copy() });
      }
    }
    if (!baseline) return timedOut(language, budgetMs, started);
    trees.push(baseline);
    // The completed text is the baseline with the completion put in: one region.
    const tree = await parse.parse(language, text, deadline, { text: baselineText, tree: baseline });
    if (!tree) return timedOut(language, budgetMs, started);
    trees.push(tree);
    const findings: SemanticFinding[] = [];
    const checks: SemanticCheckKind[] = [];
    const notChecked: { kind: SemanticCheckKind; reason: string }[] = [];
    if (TYPE_CHECKED_LANGUAGES.includes(language) && !checkers.some((c) => c.kind === 'types'))
      notChecked.push({ kind: 'types', reason: TYPES_NOT_HERE });
    const input = {
      request: req,
      text,
      completionStart: req.prefix.length,
      completionEnd: req.prefix.length + req.completion.length,
      tree,
      baseline: { text: baselineText, tree: baseline },
    };
    for (const checker of checkers) {
      const unavailable = checker.unavailableReason?.();
      if (unavailable) {
        notChecked.push({ kind: checker.kind, reason: unavailable });
        continue;
      }
      // A synchronous checker that has finished is used whatever it took (dropping a
      // finished answer helps nobody); an asynchronous one gets what is left of the budget.
      const answer = checker.check(input);
      const found = answer instanceof Promise ? await beforeDeadline(answer, deadline) : answer;
      if (!found) return timedOut(language, budgetMs, started);
      findings.push(...found);
      checks.push(checker.kind);
    }
    return {
      language,
      checked: true,
      findings,
      checks: [...new Set(checks)],
      ...(notChecked.length && { notChecked }),
      ms: performance.now() - started,
    };
  } catch (error) {
    return uncheckedSemantic(language, `the semantic check failed: ${(error as Error)?.message ?? String(error)}`, started);
  } finally {
    for (const t of trees) t.delete();
  }
}
