// The Python semantic check: names the completion uses that resolve nowhere,
// and members of standard-library modules that do not exist (`math.sqroot`).
//
// The rule that outranks catching: never flag what could be valid. So the
// scopes are Python's (function, lambda, class, comprehension, module) but
// resolution is generous where Python is strict: a class body's names are
// visible to its methods, a name bound anywhere in a scope counts for all of
// it (no flow analysis: a use before the assignment is not flagged), every
// identifier in a region the parser could not make sense of counts as
// bound, and a file that can make names appear at run time (`from x import
// *`, exec, globals(), ...) gets no name findings at all. Members are only
// checked on a name whose every binding in the file is the import of a
// listed module, and never when the file assigns that member itself.
//
// Differential: only what lies in the completion's span counts, and a name
// (or module member) that resolves nowhere in the document without the
// completion either is not the completion's doing (a definition the
// window does not show, a name from another file).

import type { Node, Tree } from 'web-tree-sitter';
import type { PythonFacts, Scope } from './python-scope';
import { missingMembers, type MissingMember } from './python-members';
import { missingValueMembers, type MissingValueMember } from './python-values';
import { factsOf, PythonAnalyses } from './python-analysis';
import { MODULES, PYTHON_NAMES } from './python-walk';
import type { LanguageChecker, SemanticFinding, SemanticInput, WorkspaceClass } from './types';
import { languagesWhere } from '../languages/registry';

const BUILTINS = new Set(PYTHON_NAMES.builtins);

/** What a module's globals hold before its first line runs, and a class body's and method's implicit names. */
const IMPLICIT = new Set([
  '__name__',
  '__doc__',
  '__file__',
  '__package__',
  '__loader__',
  '__spec__',
  '__builtins__',
  '__cached__',
  '__annotations__',
  '__path__',
  '__qualname__',
  '__module__',
  '__class__',
  '__dict__',
  '__debug__',
  '__all__',
  '__version__',
  '__author__',
]);

function resolves(name: string, scope: Scope): boolean {
  for (let s: Scope | undefined = scope; s; s = s.parent) if (s.bound.has(name)) return true;
  return false;
}

const isDunder = (name: string) => name.startsWith('__') && name.endsWith('__');

/** The names used that resolve nowhere, and the module members that do not exist, of one file. */
interface PythonProblems {
  unresolved: { name: string; node: Node }[];
  unknownMembers: { module: string; local: string; member: string; node: Node }[];
  /** Methods called on a class known whole that it does not have (python-members.ts). */
  missingMethods: MissingMember[];
  facts: PythonFacts;
}

function pythonProblems(
  facts: PythonFacts,
  workspaceNames: ReadonlySet<string> = new Set(),
  workspaceClasses: readonly WorkspaceClass[] = [],
): PythonProblems {
  const known = (name: string) => BUILTINS.has(name) || IMPLICIT.has(name) || workspaceNames.has(name) || facts.unsure.has(name);
  const unresolved = facts.dynamic
    ? []
    : facts.references.filter((r) => !known(r.name) && !resolves(r.name, r.scope)).map(({ name, node }) => ({ name, node }));
  const unknownMembers: PythonProblems['unknownMembers'] = [];
  // A workspace module with a standard module's name (`random.py`) is what the import finds: its members are its own.
  const standard = (mod: string) => !workspaceNames.has(mod.split('.')[0]);
  for (const use of facts.members) {
    const mod = facts.moduleNames.get(use.local);
    if (!mod || !standard(mod) || facts.otherwiseBound.has(use.local) || facts.unsure.has(use.local)) continue;
    const members = MODULES.get(mod);
    if (!members || members.has(use.member) || isDunder(use.member) || facts.assignedMembers.has(`${use.local}.${use.member}`)) continue;
    if (platformGuarded(use.node)) continue;
    unknownMembers.push({ module: mod, local: use.local, member: use.member, node: use.node });
  }
  for (const imp of facts.importedMembers) {
    if (!standard(imp.module)) continue;
    const members = MODULES.get(imp.module);
    if (!members || members.has(imp.member) || isDunder(imp.member) || MODULES.has(`${imp.module}.${imp.member}`)) continue;
    if (platformGuarded(imp.node)) continue;
    unknownMembers.push({ module: imp.module, local: imp.member, member: imp.member, node: imp.node });
  }
  return { unresolved, unknownMembers, missingMethods: missingMembers(facts, workspaceClasses), facts };
}

/** A test of the platform or of what a module has: the members lists are one platform's and one version's. */
const PLATFORM_TEST = /\b_?(?:sys\.platform|os\.name|platform\.system|sys\.version_info)\b|\bhasattr\b/;

/**
 * Whether `node` runs only where the code has asked what the platform or the
 * module offers (inside `if sys.platform == "win32":`, `if hasattr(os, ...)`,
 * after such a test in the same block that leaves it, the module under an alias like
 * `_sys` too, or in the body of a `try` that catches AttributeError or
 * ImportError): a member other
 * platforms have (`os.startfile`) is then no error.
 */
function platformGuarded(node: Node): boolean {
  return guardedBy(node, PLATFORM_TEST);
}

/** A test of what a value has, or of the version (a built-in type's members are one version's; the platform does not change them). */
const VALUE_TEST = /\bhasattr\b|\b_?sys\.version_info\b/;

/** Whether `node` runs only after a test of what a value has, or in the body of a `try` that catches AttributeError. */
function valueGuarded(node: Node): boolean {
  return guardedBy(node, VALUE_TEST);
}

/** Whether `node` runs only where a condition matching `test` holds, or in a `try` body that catches AttributeError or ImportError. */
function guardedBy(node: Node, test: RegExp): boolean {
  for (let n: Node | null = node.parent, child: Node = node; n; child = n, n = n.parent) {
    // An earlier test in the same block that leaves it (`if not hasattr(sys, "last_type"): raise ...`) guards what follows.
    for (let before = child.previousNamedSibling; before; before = before.previousNamedSibling) {
      if (before.type !== 'if_statement') continue;
      const condition = before.childForFieldName('condition');
      const last = before.childForFieldName('consequence')?.lastNamedChild?.type;
      if (condition && test.test(condition.text) && (last === 'raise_statement' || last === 'return_statement')) return true;
    }
    if (n.type === 'if_statement' || n.type === 'elif_clause' || n.type === 'while_statement' || n.type === 'conditional_expression') {
      const condition = n.type === 'conditional_expression' ? n : n.childForFieldName('condition');
      if (condition && test.test(condition.text)) return true;
    }
    if (n.type === 'else_clause' && n.parent?.type === 'if_statement') {
      const condition = n.parent.childForFieldName('condition');
      if (condition && test.test(condition.text)) return true;
    }
    if (
      n.type === 'try_statement' &&
      // Only the try's own body: an `except`, `else` or `finally` clause is not guarded by it.
      n.childForFieldName('body')?.id === child.id &&
      n.namedChildren.some((c) => c?.type === 'except_clause' && /\b(?:AttributeError|ImportError)\b/.test(c.text.split('\n')[0]))
    )
      return true;
  }
  return false;
}

/** Whether a node overlaps the completion's span (an identifier the completion finished counts). */
function inSpan(node: Node, start: number, end: number): boolean {
  if (start === end) return false;
  return node.startIndex < end && node.endIndex > start;
}

export const pythonChecker: LanguageChecker = {
  languages: languagesWhere((s) => s.semantic.names === 'python'),
  kind: 'names',
  prime(text: string, tree: Tree): void {
    analyses.analyse(text, tree, { keep: true });
  },
  check(input: SemanticInput): SemanticFinding[] {
    const workspace = new Set(input.request.workspaceNames ?? []);
    const classes = input.request.workspaceClasses ?? [];
    const span = (n: Node) => inSpan(n, input.completionStart, input.completionEnd);
    // The document without the completion is kept for the next checks; the completed text is
    // that analysis with the statements around the completion walked again.
    const baseline = analyses.analyse(input.baseline.text, input.baseline.tree, { keep: true });
    const completed = analyses.analyse(input.text, input.tree, {
      from: baseline,
      walk: [input.completionStart, input.completionEnd],
    });
    try {
      // Only the statements walked for the completed text can hold the completion's span.
      const after = pythonProblems(factsOf(completed, 'walked'), workspace, classes);
      const unresolved = after.unresolved.filter((u) => span(u.node));
      const unknownMembers = after.unknownMembers.filter((m) => span(m.node));
      const missingMethods = after.missingMethods.filter((m) => span(m.node));
      const values = missingValueMembers(after.facts, (_, n) => span(n), valueGuarded);
      // Most completions introduce nothing: the baseline is read only when there is something to tell apart.
      if (!unresolved.length && !unknownMembers.length && !missingMethods.length && !values.length) return [];
      return differential(pythonProblems(factsOf(baseline, 'all'), workspace, classes), {
        unresolved,
        unknownMembers,
        missingMethods,
        values,
      });
    } finally {
      analyses.release(completed);
    }
  },
};

/** The analyses of the documents checked lately, kept between checks. */
const analyses = new PythonAnalyses();

/** The completion's problems that the document without it does not have, as findings. */
function differential(
  before: PythonProblems,
  after: Pick<PythonProblems, 'unresolved' | 'unknownMembers' | 'missingMethods'> & { values: MissingValueMember[] },
): SemanticFinding[] {
  const { unresolved, unknownMembers, missingMethods, values } = after;
  const unresolvedBefore = new Set(before.unresolved.map((u) => u.name));
  const membersBefore = new Set(before.unknownMembers.map((m) => `${m.module}.${m.member}`));
  const methodsBefore = new Set(before.missingMethods.map((m) => `${m.cls}.${m.member}`));
  // The baseline is asked only about the value members the completion got wrong.
  const asked = new Set(values.map((v) => v.member));
  const valuesBefore = new Set(missingValueMembers(before.facts, (m) => asked.has(m), valueGuarded).map((v) => `${v.type}.${v.member}`));
  const findings: SemanticFinding[] = [];
  const seen = new Set<string>();
  const push = (f: SemanticFinding, key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    findings.push(f);
  };
  for (const u of unresolved) {
    if (unresolvedBefore.has(u.name)) continue;
    const { row, column } = u.node.startPosition;
    push(
      {
        kind: 'unresolved-name',
        name: u.name,
        row,
        column,
        detail: `\`${u.name}\` is not defined in its scope, the file, its imports, the builtins or the workspace`,
      },
      `n:${u.name}`,
    );
  }
  for (const m of unknownMembers) {
    if (membersBefore.has(`${m.module}.${m.member}`)) continue;
    const { row, column } = m.node.startPosition;
    push(
      { kind: 'unknown-member', name: m.member, row, column, detail: `module \`${m.module}\` has no member \`${m.member}\`` },
      `m:${m.module}.${m.member}`,
    );
  }
  for (const m of missingMethods) {
    if (methodsBefore.has(`${m.cls}.${m.member}`)) continue;
    const { row, column } = m.node.startPosition;
    push(
      { kind: 'unknown-member', name: m.member, row, column, detail: `class \`${m.cls}\` (${m.where}) has no member \`${m.member}\`` },
      `c:${m.cls}.${m.member}`,
    );
  }
  for (const v of values) {
    if (valuesBefore.has(`${v.type}.${v.member}`)) continue;
    const { row, column } = v.node.startPosition;
    push(
      { kind: 'unknown-member', name: v.member, row, column, detail: `a \`${v.type}\` value has no member \`${v.member}\`` },
      `v:${v.type}.${v.member}`,
    );
  }
  return findings;
}
