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
import namesJson from './python-names.json';
import type { LanguageChecker, SemanticFinding, SemanticInput } from './types';
import { languagesWhere } from '../languages/registry';

interface PythonNamesFile {
  builtins: string[];
  modules: Record<string, string[]>;
}

const NAMES = namesJson as PythonNamesFile;
const BUILTINS = new Set(NAMES.builtins);
const MODULES = new Map(Object.entries(NAMES.modules).map(([m, members]) => [m, new Set(members)]));

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

/** Calls that can bind names the text never shows: the file then gets no name findings. */
const DYNAMIC_CALLS = new Set(['exec', 'execfile', 'globals', 'locals', 'vars', '__import__']);

/** Target shapes whose identifiers are all bound. */
const PATTERNS = new Set([
  'pattern_list',
  'tuple_pattern',
  'list_pattern',
  'tuple',
  'list',
  'list_splat_pattern',
  'dictionary_splat_pattern',
  'parenthesized_expression',
  'as_pattern_target',
  'list_splat',
  'expression_list',
]);

type ScopeKind = 'module' | 'function' | 'class' | 'comprehension';

interface Scope {
  kind: ScopeKind;
  parent?: Scope;
  bound: Set<string>;
}

interface Reference {
  name: string;
  node: Node;
  scope: Scope;
}

interface MemberUse {
  /** The name the module is bound to (`m` in `import math as m`). */
  local: string;
  member: string;
  node: Node;
  scope: Scope;
}

interface ImportedMember {
  module: string;
  member: string;
  node: Node;
}

/** What one walk of a file finds. */
export interface PythonFacts {
  references: Reference[];
  members: MemberUse[];
  importedMembers: ImportedMember[];
  /** The file can make names appear at run time: name findings are off for it. */
  dynamic: boolean;
  /** Identifiers seen inside ERROR regions: counted as bound everywhere. */
  unsure: Set<string>;
  /** Local name -> module, for names bound only by imports of one module. */
  moduleNames: Map<string, string | null>;
  /** Names bound other than by an import, anywhere in the file. */
  otherwiseBound: Set<string>;
  /** `name.member` assigned somewhere (`math.tau2 = ...`). */
  assignedMembers: Set<string>;
  /** `from __future__ import annotations`: annotations are never evaluated, so a forward reference in one is fine. */
  lazyAnnotations: boolean;
}

/** Walks a Python tree once: its scopes, the names they bind, and every name and module member it uses. */
export function pythonFacts(tree: Tree): PythonFacts {
  const facts: PythonFacts = {
    references: [],
    members: [],
    importedMembers: [],
    dynamic: false,
    unsure: new Set(),
    moduleNames: new Map(),
    otherwiseBound: new Set(),
    assignedMembers: new Set(),
    lazyAnnotations: false,
  };
  const module: Scope = { kind: 'module', bound: new Set() };

  const bindModule = (local: string, mod: string, scope: Scope) => {
    scope.bound.add(local);
    const known = facts.moduleNames.get(local);
    facts.moduleNames.set(local, known === undefined || known === mod ? mod : null);
  };
  const bind = (name: string, scope: Scope) => {
    scope.bound.add(name);
    facts.otherwiseBound.add(name);
  };
  const functionScope = (scope: Scope) => {
    let s = scope;
    while (s.kind === 'comprehension' && s.parent) s = s.parent;
    return s;
  };

  /** Binds what an assignment-like target names; the rest of it (`a[i]`, `a.b`) is read. */
  const bindTarget = (node: Node, scope: Scope): void => {
    if (node.type === 'identifier') return bind(node.text, scope);
    if (PATTERNS.has(node.type)) {
      for (const c of node.namedChildren) if (c) bindTarget(c, scope);
      return;
    }
    if (node.type === 'attribute') {
      const object = node.childForFieldName('object');
      const attribute = node.childForFieldName('attribute');
      if (object?.type === 'identifier' && attribute) facts.assignedMembers.add(`${object.text}.${attribute.text}`);
    }
    visit(node, scope);
  };

  const bindAllIdentifiers = (node: Node, scope: Scope) => {
    if (node.type === 'identifier') bind(node.text, scope);
    for (const c of node.namedChildren) if (c) bindAllIdentifiers(c, scope);
  };

  const visitChildren = (node: Node, scope: Scope, skip?: Set<string>) => {
    for (let i = 0; i < node.namedChildCount; i++) {
      const c = node.namedChild(i);
      if (!c) continue;
      if (skip && skip.has(node.fieldNameForNamedChild(i) ?? '')) continue;
      visit(c, scope);
    }
  };

  const bindParameters = (params: Node | null, outer: Scope, inner: Scope) => {
    if (!params) return;
    for (const p of params.namedChildren) {
      if (!p) continue;
      switch (p.type) {
        case 'identifier':
          bind(p.text, inner);
          break;
        case 'default_parameter':
        case 'typed_default_parameter': {
          const name = p.childForFieldName('name');
          if (name) bindTarget(name, inner);
          const type = p.childForFieldName('type');
          const value = p.childForFieldName('value');
          if (type) visit(type, outer);
          if (value) visit(value, outer);
          break;
        }
        case 'typed_parameter': {
          for (const c of p.namedChildren) {
            if (!c) continue;
            if (c.type === 'type') visit(c, outer);
            else bindAllIdentifiers(c, inner);
          }
          break;
        }
        default:
          bindAllIdentifiers(p, inner);
      }
    }
  };

  const visit = (node: Node, scope: Scope): void => {
    switch (node.type) {
      case 'ERROR':
        collectUnsure(node, facts.unsure);
        return;
      case 'identifier':
        facts.references.push({ name: node.text, node, scope });
        return;
      case 'comment':
      case 'string_content':
        return;
      case 'type':
        if (!facts.lazyAnnotations) visitChildren(node, scope);
        return;
      case 'function_definition': {
        const name = node.childForFieldName('name');
        if (name) bind(name.text, scope);
        const inner: Scope = { kind: 'function', parent: scope, bound: new Set() };
        const typeParams = node.childForFieldName('type_parameters');
        if (typeParams) bindAllIdentifiers(typeParams, inner);
        bindParameters(node.childForFieldName('parameters'), scope, inner);
        const ret = node.childForFieldName('return_type');
        if (ret) visit(ret, inner);
        const body = node.childForFieldName('body');
        if (body) visit(body, inner);
        return;
      }
      case 'lambda': {
        const inner: Scope = { kind: 'function', parent: scope, bound: new Set() };
        bindParameters(node.childForFieldName('parameters'), scope, inner);
        const body = node.childForFieldName('body');
        if (body) visit(body, inner);
        return;
      }
      case 'class_definition': {
        const name = node.childForFieldName('name');
        if (name) bind(name.text, scope);
        const inner: Scope = { kind: 'class', parent: scope, bound: new Set() };
        const typeParams = node.childForFieldName('type_parameters');
        if (typeParams) bindAllIdentifiers(typeParams, inner);
        const supers = node.childForFieldName('superclasses');
        if (supers) visit(supers, scope);
        const body = node.childForFieldName('body');
        if (body) visit(body, inner);
        return;
      }
      case 'list_comprehension':
      case 'set_comprehension':
      case 'dictionary_comprehension':
      case 'generator_expression': {
        const inner: Scope = { kind: 'comprehension', parent: scope, bound: new Set() };
        for (const c of node.namedChildren) {
          if (c?.type !== 'for_in_clause') continue;
          const left = c.childForFieldName('left');
          if (left) bindTarget(left, inner);
        }
        for (const c of node.namedChildren) {
          if (!c) continue;
          if (c.type === 'for_in_clause') visitChildren(c, inner, new Set(['left']));
          else visit(c, inner);
        }
        return;
      }
      case 'named_expression': {
        const name = node.childForFieldName('name');
        if (name) {
          bind(name.text, scope);
          bind(name.text, functionScope(scope));
        }
        const value = node.childForFieldName('value');
        if (value) visit(value, scope);
        return;
      }
      case 'assignment':
      case 'augmented_assignment': {
        const left = node.childForFieldName('left');
        if (left) bindTarget(left, scope);
        visitChildren(node, scope, new Set(['left']));
        return;
      }
      case 'for_statement': {
        const left = node.childForFieldName('left');
        if (left) bindTarget(left, scope);
        visitChildren(node, scope, new Set(['left']));
        return;
      }
      case 'as_pattern': {
        // `with open(p) as f`, `except E as e`: the alias is bound, the rest read.
        for (const c of node.namedChildren) {
          if (!c) continue;
          if (c.type === 'as_pattern_target') bindTarget(c, scope);
          else visit(c, scope);
        }
        return;
      }
      case 'case_pattern':
        // A capture, a class or a value pattern look alike: bind every name, read none.
        bindAllIdentifiers(node, scope);
        return;
      case 'keyword_argument': {
        const value = node.childForFieldName('value');
        if (value) visit(value, scope);
        return;
      }
      case 'attribute': {
        const object = node.childForFieldName('object');
        const attribute = node.childForFieldName('attribute');
        if (object?.type === 'identifier' && attribute)
          facts.members.push({ local: object.text, member: attribute.text, node: attribute, scope });
        if (object) visit(object, scope);
        return;
      }
      case 'call': {
        const fn = node.childForFieldName('function');
        if (fn?.type === 'identifier' && DYNAMIC_CALLS.has(fn.text)) facts.dynamic = true;
        visitChildren(node, scope);
        return;
      }
      case 'exec_statement':
        facts.dynamic = true;
        visitChildren(node, scope);
        return;
      case 'global_statement':
        for (const c of node.namedChildren) if (c?.type === 'identifier') bind(c.text, module);
        return;
      case 'nonlocal_statement':
        for (const c of node.namedChildren) if (c?.type === 'identifier') bind(c.text, scope);
        return;
      case 'import_statement':
        for (const c of node.namedChildren) {
          if (!c) continue;
          if (c.type === 'aliased_import') {
            const alias = c.childForFieldName('alias');
            const name = c.childForFieldName('name');
            if (alias && name) bindModule(alias.text, dottedText(name), scope);
          } else if (c.type === 'dotted_name') {
            const first = c.namedChild(0);
            if (first) bindModule(first.text, first.text, scope);
          }
        }
        return;
      case 'import_from_statement':
      case 'future_import_statement': {
        const from = node.childForFieldName('module_name');
        const mod = from?.type === 'dotted_name' ? dottedText(from) : undefined;
        if (node.type === 'future_import_statement' && node.text.includes('annotations')) facts.lazyAnnotations = true;
        for (let i = 0; i < node.namedChildCount; i++) {
          const c = node.namedChild(i);
          if (!c || node.fieldNameForNamedChild(i) === 'module_name') continue;
          if (c.type === 'wildcard_import') {
            facts.dynamic = true;
            continue;
          }
          const imported = c.type === 'aliased_import' ? c.childForFieldName('name') : c;
          const local = c.type === 'aliased_import' ? c.childForFieldName('alias') : c;
          if (!imported || !local || imported.type !== 'dotted_name') continue;
          const member = dottedText(imported);
          if (mod && MODULES.has(`${mod}.${member}`)) bindModule(local.text, `${mod}.${member}`, scope);
          else bind(local.text, scope);
          if (mod) facts.importedMembers.push({ module: mod, member, node: imported });
        }
        return;
      }
      case 'type_alias_statement': {
        const left = node.namedChild(0);
        if (left) bindAllIdentifiers(left, scope);
        visitChildren(node, scope);
        return;
      }
      default:
        visitChildren(node, scope);
    }
  };

  visit(tree.rootNode, module);
  return facts;
}

function dottedText(node: Node): string {
  return node.namedChildren.map((c) => c?.text ?? '').join('.');
}

function collectUnsure(node: Node, into: Set<string>): void {
  if (node.type === 'identifier') into.add(node.text);
  for (const c of node.namedChildren) if (c) collectUnsure(c, into);
}

function resolves(name: string, scope: Scope): boolean {
  for (let s: Scope | undefined = scope; s; s = s.parent) if (s.bound.has(name)) return true;
  return false;
}

const isDunder = (name: string) => name.startsWith('__') && name.endsWith('__');

/** The names used that resolve nowhere, and the module members that do not exist, of one file. */
export interface PythonProblems {
  unresolved: { name: string; node: Node }[];
  unknownMembers: { module: string; local: string; member: string; node: Node }[];
}

function pythonProblems(tree: Tree, workspaceNames: ReadonlySet<string> = new Set()): PythonProblems {
  const facts = pythonFacts(tree);
  const known = (name: string) => BUILTINS.has(name) || IMPLICIT.has(name) || workspaceNames.has(name) || facts.unsure.has(name);
  const unresolved = facts.dynamic
    ? []
    : facts.references.filter((r) => !known(r.name) && !resolves(r.name, r.scope)).map(({ name, node }) => ({ name, node }));
  const unknownMembers: PythonProblems['unknownMembers'] = [];
  for (const use of facts.members) {
    const mod = facts.moduleNames.get(use.local);
    if (!mod || facts.otherwiseBound.has(use.local) || facts.unsure.has(use.local)) continue;
    const members = MODULES.get(mod);
    if (!members || members.has(use.member) || isDunder(use.member) || facts.assignedMembers.has(`${use.local}.${use.member}`)) continue;
    unknownMembers.push({ module: mod, local: use.local, member: use.member, node: use.node });
  }
  for (const imp of facts.importedMembers) {
    const members = MODULES.get(imp.module);
    if (!members || members.has(imp.member) || isDunder(imp.member) || MODULES.has(`${imp.module}.${imp.member}`)) continue;
    unknownMembers.push({ module: imp.module, local: imp.member, member: imp.member, node: imp.node });
  }
  return { unresolved, unknownMembers };
}

/** Whether a node overlaps the completion's span (an identifier the completion finished counts). */
function inSpan(node: Node, start: number, end: number): boolean {
  if (start === end) return false;
  return node.startIndex < end && node.endIndex > start;
}

export const pythonChecker: LanguageChecker = {
  languages: languagesWhere((s) => s.semantic.names === 'python'),
  kind: 'names',
  check(input: SemanticInput): SemanticFinding[] {
    const workspace = new Set(input.request.workspaceNames ?? []);
    const after = pythonProblems(input.tree, workspace);
    const before = pythonProblems(input.baseline.tree, workspace);
    const unresolvedBefore = new Set(before.unresolved.map((u) => u.name));
    const membersBefore = new Set(before.unknownMembers.map((m) => `${m.module}.${m.member}`));
    const findings: SemanticFinding[] = [];
    const seen = new Set<string>();
    const push = (f: SemanticFinding, key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      findings.push(f);
    };
    for (const u of after.unresolved) {
      if (!inSpan(u.node, input.completionStart, input.completionEnd) || unresolvedBefore.has(u.name)) continue;
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
    for (const m of after.unknownMembers) {
      if (!inSpan(m.node, input.completionStart, input.completionEnd) || membersBefore.has(`${m.module}.${m.member}`)) continue;
      const { row, column } = m.node.startPosition;
      push(
        { kind: 'unknown-member', name: m.member, row, column, detail: `module \`${m.module}\` has no member \`${m.member}\`` },
        `m:${m.module}.${m.member}`,
      );
    }
    return findings;
  },
};
