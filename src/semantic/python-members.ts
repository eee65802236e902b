// Methods called on a class the check knows whole: a module-level class of
// the file, or a class the file imports from another workspace file (the
// app's summary of it, src/completion/common/workspace-context/python-classes.ts).
// `self.m()` in one of its methods, `x.m()` where every binding of `x` in
// its scope is `x = Cls(...)`, and `Cls.m()`, when the class has no `m`.
//
// Only the sure cases, since Python can add a member in many ways the text
// does not show: a class is known whole when its bases are known whole too
// (or `object`), its decorators add no member (`@dataclass`,
// `@total_ordering`), and the file never makes or looks up attributes at
// run time (`setattr`, `__dict__`, `__getattr__` ...). Its members are every
// name its body binds and every attribute the file stores on anything
// (`obj.extra = 1` may be on one of its instances). `self.m()` is not judged
// in a class that looks like a template for others (a `Base...`,
// `Abstract...` or `...Mixin`, one another class of the file derives from,
// or one with a method left empty): a subclass may bring `m`. Only calls are
// judged (an attribute read may be a data member set elsewhere), never a
// dunder or a private `__name`.
import type { Node } from 'web-tree-sitter';
import type { PythonFacts, Scope } from './python-scope';
import type { WorkspaceClass } from './types';

/** Names whose mention means an object's attributes are made or looked up at run time. */
export const DYNAMIC_MEMBERS = new Set(['setattr', '__dict__', '__getattr__', '__getattribute__', '__slots__', '__setattr__']);

/** Decorators that add no member a completion could call. */
export const HARMLESS_DECORATORS = new Set(['dataclass', 'dataclasses.dataclass', 'total_ordering', 'functools.total_ordering']);

interface KnownClass {
  name: string;
  /** Where it is defined, for the finding's detail. */
  where: string;
  /** Whether every member is known (see the header). */
  sure: boolean;
  members: ReadonlySet<string>;
  /** `self.m()` inside it is not judged: a subclass may bring `m`. */
  template: boolean;
}

export interface MissingMember {
  /** The class and where it is defined. */
  cls: string;
  where: string;
  member: string;
  /** The member's name in the call. */
  node: Node;
}

const isPrivateOrDunder = (name: string) => name.startsWith('__');

/** The decorators' names of a definition (`dataclass`, `functools.total_ordering`); a call's function counts by its name. */
function decoratorNames(definition: Node): string[] {
  const parent = definition.parent;
  if (parent?.type !== 'decorated_definition') return [];
  return parent.namedChildren
    .filter((c): c is Node => c?.type === 'decorator')
    .map((d) => {
      const e = d.namedChild(0);
      const target = e?.type === 'call' ? e.childForFieldName('function') : e;
      return target?.text.replace(/\s+/g, '') ?? '';
    });
}

/** A method whose body does nothing (`pass`, `...`, a docstring, `raise NotImplementedError`): one for a subclass to fill. */
function leftEmpty(fn: Node): boolean {
  const body = fn.childForFieldName('body');
  if (!body) return false;
  const statements = body.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
  return statements.every(
    (s) =>
      s.type === 'pass_statement' ||
      (s.type === 'expression_statement' && /^(\.\.\.|(['"]|[rRuUbBfF]+['"])[\s\S]*)$/.test(s.text)) ||
      (s.type === 'raise_statement' && /^raise\s+NotImplementedError\b/.test(s.text)),
  );
}

/** The module-level classes of a file and the workspace classes it imports, as far as they are known whole. */
function knownClasses(facts: PythonFacts, workspace: readonly WorkspaceClass[]): Map<string, KnownClass> {
  const module = facts.module;
  const defs = new Map<string, Node[]>();
  for (const top of facts.statements) {
    const def = top?.type === 'decorated_definition' ? top.childForFieldName('definition') : top;
    if (def?.type !== 'class_definition') continue;
    const name = def.childForFieldName('name')?.text;
    if (name) defs.set(name, [...(defs.get(name) ?? []), def]);
  }
  const derived = new Set<string>();
  for (const [, [def]] of defs)
    for (const base of def.childForFieldName('superclasses')?.namedChildren ?? []) if (base) derived.add(base.text);

  const known = new Map<string, KnownClass>();
  const resolving = new Set<string>();
  const resolve = (name: string): KnownClass | undefined => {
    if (known.has(name)) return known.get(name);
    if (resolving.has(name)) return undefined;
    resolving.add(name);
    const found = fileClass(name) ?? workspaceClass(name);
    resolving.delete(name);
    if (found) known.set(name, found);
    return found;
  };
  const fileClass = (name: string): KnownClass | undefined => {
    const list = defs.get(name);
    // Defined once, and bound by nothing else at module level.
    if (list?.length !== 1 || module.counts.get(name) !== 1) return undefined;
    const def = list[0];
    const scope = facts.classScopes.get(def.id);
    if (!scope) return undefined;
    const members = new Set(scope.bound);
    let sure = decoratorNames(def).every((d) => HARMLESS_DECORATORS.has(d));
    for (const base of def.childForFieldName('superclasses')?.namedChildren ?? []) {
      if (!base) continue;
      if (base.type !== 'identifier') sure = false;
      else if (base.text !== 'object') {
        const b = resolve(base.text);
        if (!b?.sure) sure = false;
        else for (const m of b.members) members.add(m);
      }
    }
    const methods = def.childForFieldName('body')?.namedChildren ?? [];
    const template =
      /Mixin$|^(Base|Abstract)([A-Z_]|$)/.test(name) ||
      derived.has(name) ||
      methods.some((m) => {
        const fn = m?.type === 'decorated_definition' ? m.childForFieldName('definition') : m;
        return fn?.type === 'function_definition' && leftEmpty(fn);
      });
    return { name, where: 'this file', sure, members, template };
  };
  const workspaceClass = (local: string): KnownClass | undefined => {
    const imported = module.imported.get(local);
    // Bound only by one from-import, of the module the summary is for.
    if (!imported || module.other.has(local) || module.constructed.has(local)) return undefined;
    const w = workspace.find((c) => c.local === local && c.module.replace(/\s+/g, '') === imported.module && c.name === imported.name);
    return w && { name: w.name, where: w.file, sure: true, members: new Set(w.members), template: false };
  };
  for (const name of [...defs.keys(), ...workspace.map((w) => w.local)]) resolve(name);
  return known;
}

/** The scope a name used in `scope` resolves to: class bodies are seen only from themselves, as Python does. */
function bindingScope(name: string, scope: Scope): Scope | undefined {
  for (let s: Scope | undefined = scope; s; s = s.parent) if ((s === scope || s.kind !== 'class') && s.bound.has(name)) return s;
  return undefined;
}

/** The parameter a method receives its instance (or class) in: the first, unless it is a static method. */
function receiverParameter(fn: Node): string | undefined {
  if (decoratorNames(fn).includes('staticmethod')) return undefined;
  const first = fn.childForFieldName('parameters')?.namedChild(0);
  if (first?.type === 'identifier') return first.text;
  if (first?.type === 'typed_parameter') return first.namedChild(0)?.type === 'identifier' ? first.namedChild(0)!.text : undefined;
  return undefined;
}

/** The class a call's receiver is known to be (an instance of), if any. */
function receiverClass(local: string, scope: Scope, facts: PythonFacts, known: Map<string, KnownClass>): KnownClass | undefined {
  // `self.m()`: in a method of a module-level class, its receiver parameter, never rebound.
  let fn = scope;
  while (fn.kind === 'comprehension' && fn.parent) fn = fn.parent;
  const owner = fn.parent;
  if (fn.node?.type === 'function_definition' && owner?.kind === 'class' && owner.parent === facts.module) {
    if (receiverParameter(fn.node) === local && fn.counts.get(local) === 1) {
      const cls = known.get(owner.node?.childForFieldName('name')?.text ?? '');
      return cls && !cls.template ? cls : undefined;
    }
  }
  const s = bindingScope(local, scope);
  if (!s) return undefined;
  // `x.m()` where every binding of `x` is `x = Cls(...)`, `Cls` being the module's.
  const classes = s.constructed.get(local);
  if (classes?.size === 1 && !s.other.has(local) && !s.imported.has(local)) {
    const [name] = classes;
    return bindingScope(name, s) === facts.module ? known.get(name) : undefined;
  }
  // `Cls.m()` on the class itself.
  return s === facts.module ? known.get(local) : undefined;
}

/** Calls, in the file, of a method its receiver's class does not have. */
export function missingMembers(facts: PythonFacts, workspace: readonly WorkspaceClass[] = []): MissingMember[] {
  if (facts.dynamic || facts.dynamicMembers) return [];
  // Most checks call no method: the classes are worked out only when a call is there to judge.
  if (!facts.members.some((use) => use.node.parent?.parent?.type === 'call')) return [];
  const known = knownClasses(facts, workspace);
  if (!known.size) return [];
  const out: MissingMember[] = [];
  for (const use of facts.members) {
    const attribute = use.node.parent;
    const call = attribute?.parent;
    if (call?.type !== 'call' || call.childForFieldName('function')?.id !== attribute!.id) continue;
    if (isPrivateOrDunder(use.member) || facts.storedAttributes.has(use.member) || facts.unsure.has(use.local)) continue;
    const cls = receiverClass(use.local, use.scope, facts, known);
    if (!cls?.sure || cls.members.has(use.member)) continue;
    out.push({ cls: cls.name, where: cls.where, member: use.member, node: use.node });
  }
  return out;
}
