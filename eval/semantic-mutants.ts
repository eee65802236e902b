// Semantic mutants of a ground-truth middle: code that still parses but
// uses something that is not there, the small model's typical
// valid-but-wrong completion. Four kinds, at most one of each per task,
// each changing one spot inside the middle:
//   near-miss       a name the middle reads, renamed to a near miss (a typo)
//   undefined-call  a call of a plain name, turned into a call of a helper defined nowhere
//   unknown-member  a member of an imported standard-library module, renamed to one it lacks
//   class-member    a call of a method of a class the file defines (`self.m()` in one of its
//                   methods, `x.m()` after `x = Cls(...)`), renamed to a method it lacks
// A mutant name never occurs anywhere in the text, is no keyword, builtin
// or workspace name: it is wrong for sure, so a checker that misses it
// misses a real error.
import type { Node, Tree } from 'web-tree-sitter';
import { pythonFacts, type PythonFacts, type Scope, pythonNames as namesJson } from '../src/semantic';

export type MutantKind = 'near-miss' | 'undefined-call' | 'unknown-member' | 'class-member';
export const MUTANT_KINDS: readonly MutantKind[] = ['near-miss', 'undefined-call', 'unknown-member', 'class-member'];

export interface SemanticMutant {
  kind: MutantKind;
  /** The middle with the one change. */
  completion: string;
  /** The name the mutant introduces (what a checker must report). */
  name: string;
  /** The name it replaced. */
  original: string;
}

const PY_KEYWORDS = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
  'match',
  'case',
  'type',
  'print',
  'exec',
]);
const names = namesJson as { builtins: string[]; modules: Record<string, string[]> };
const BUILTINS = new Set(names.builtins);
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Typos of `name`, nearest first: a doubled, dropped or swapped letter, a trailing `s`. */
export function nearMisses(name: string): string[] {
  const out: string[] = [];
  const mid = Math.max(1, Math.floor(name.length / 2));
  if (name.length >= 4) out.push(name.slice(0, mid) + name.slice(mid + 1));
  if (name.length >= 2) out.push(name.slice(0, mid - 1) + name[mid] + name[mid - 1] + name.slice(mid + 1));
  out.push(name.slice(0, mid) + name[mid - 1] + name.slice(mid));
  out.push(name + 's');
  out.push(name + '_');
  return out.filter((n) => n !== name && IDENT.test(n));
}

/** Every identifier written in the text: a mutant name must be none of them. */
function wordsOf(text: string): Set<string> {
  return new Set(text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
}

function fresh(candidates: readonly string[], taken: ReadonlySet<string>, isMember?: (n: string) => boolean): string | undefined {
  return candidates.find((n) => !taken.has(n) && !PY_KEYWORDS.has(n) && !BUILTINS.has(n) && !n.startsWith('__') && !isMember?.(n));
}

/**
 * The mutants of a middle at [start, end) of `text` (prefix + middle +
 * suffix), found on its tree. Kinds with no spot in the middle are absent.
 */
export function semanticMutants(
  text: string,
  start: number,
  end: number,
  tree: Tree,
  workspaceNames: readonly string[] = [],
): SemanticMutant[] {
  const facts = pythonFacts(tree);
  if (facts.dynamic) return [];
  const taken = new Set([...wordsOf(text), ...workspaceNames]);
  const middle = text.slice(start, end);
  const inMiddle = (n: { startIndex: number; endIndex: number }) => n.startIndex >= start && n.endIndex <= end;
  const replace = (n: { startIndex: number; endIndex: number }, by: string) =>
    middle.slice(0, n.startIndex - start) + by + middle.slice(n.endIndex - start);
  const out: SemanticMutant[] = [];

  const isCallee = (n: { parent: { type: string; childForFieldName(f: string): { id: number } | null } | null; id: number }) =>
    n.parent?.type === 'call' && n.parent.childForFieldName('function')?.id === n.id;

  const reads = facts.references.filter((r) => inMiddle(r.node) && !facts.unsure.has(r.name));
  const read = reads.find((r) => !isCallee(r.node)) ?? reads[0];
  const typo = read && fresh(nearMisses(read.name), taken);
  if (read && typo) out.push({ kind: 'near-miss', completion: replace(read.node, typo), name: typo, original: read.name });

  const call = reads.find((r) => isCallee(r.node));
  const helper = call && fresh([`${call.name}_helper`, `compute_${call.name}`, `do_${call.name}`], taken);
  if (call && helper) out.push({ kind: 'undefined-call', completion: replace(call.node, helper), name: helper, original: call.name });

  for (const use of facts.members) {
    if (!inMiddle(use.node)) continue;
    const mod = facts.moduleNames.get(use.local);
    const members = mod ? names.modules[mod] : undefined;
    if (!mod || !members || facts.otherwiseBound.has(use.local) || !members.includes(use.member)) continue;
    const missing = fresh(nearMisses(use.member), taken, (n) => members.includes(n));
    if (!missing) continue;
    out.push({ kind: 'unknown-member', completion: replace(use.node, missing), name: missing, original: `${mod}.${use.member}` });
    break;
  }

  const method = methodCallIn(tree, facts, inMiddle);
  const renamed = method && fresh(nearMisses(method.member), taken, (n) => method.members.has(n));
  if (method && renamed)
    out.push({
      kind: 'class-member',
      completion: replace(method.node, renamed),
      name: renamed,
      original: `${method.cls}.${method.member}`,
    });
  return out;
}

/**
 * A call in the middle of a method that a plain class of the file defines
 * (a module-level class with no base but `object` and no decorator, in a
 * file that makes no attribute at run time), on `self` in one of its
 * methods (when no class of the file derives from it) or on a name whose
 * every binding in its scope is `x = Cls(...)`: renamed to a name the class
 * lacks and the text never writes, the call is wrong. Found on the tree,
 * not through the checker's own rules (which refuse more: a class that
 * looks like a template for subclasses elsewhere).
 */
function methodCallIn(tree: Tree, facts: PythonFacts, inMiddle: (n: Node) => boolean) {
  if (facts.dynamicMembers) return undefined;
  const plain = new Map<string, { members: Set<string>; methods: Set<string>; scope: Scope }>();
  // A class another one of the file derives from may get `m` from it: `self.m()` there is not certainly wrong.
  const derived = new Set<string>();
  for (const top of tree.rootNode.namedChildren)
    if (top?.type === 'class_definition')
      for (const b of top.childForFieldName('superclasses')?.namedChildren ?? []) if (b) derived.add(b.text);
  for (const top of tree.rootNode.namedChildren) {
    if (top?.type !== 'class_definition') continue;
    const name = top.childForFieldName('name')?.text;
    const supers = top.childForFieldName('superclasses')?.namedChildren ?? [];
    const scope = facts.classScopes.get(top.id);
    if (!name || !scope || supers.some((b) => b?.text !== 'object') || plain.has(name)) continue;
    const methods = new Set<string>();
    for (const c of top.childForFieldName('body')?.namedChildren ?? []) {
      const fn = c?.type === 'decorated_definition' ? c.childForFieldName('definition') : c;
      const fname = fn?.type === 'function_definition' ? fn.childForFieldName('name')?.text : undefined;
      if (fname) methods.add(fname);
    }
    plain.set(name, { members: new Set([...scope.bound, ...facts.storedAttributes]), methods, scope });
  }
  for (const use of facts.members) {
    const attribute = use.node.parent;
    const call = attribute?.parent;
    if (!inMiddle(use.node) || call?.type !== 'call' || call.childForFieldName('function')?.id !== attribute!.id) continue;
    let cls: string | undefined;
    const owner = use.scope.parent;
    if (use.local === 'self' && use.scope.node?.type === 'function_definition' && owner?.kind === 'class')
      cls = [...plain].find(([name, c]) => c.scope === owner && !derived.has(name))?.[0];
    else {
      const built = use.scope.constructed.get(use.local);
      if (built?.size === 1 && !use.scope.other.has(use.local) && use.scope.counts.get(use.local) === 1) cls = [...built][0];
    }
    const c = cls !== undefined ? plain.get(cls) : undefined;
    if (c?.methods.has(use.member) && !use.member.startsWith('__'))
      return { cls: cls!, member: use.member, members: c.members, node: use.node };
  }
  return undefined;
}
