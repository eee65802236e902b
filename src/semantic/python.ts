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
import { newScope, type PythonFacts, type Scope, type TypedBinding } from './python-scope';
import namesJson from './python-names.json';
import { DYNAMIC_MEMBERS, missingMembers, type MissingMember } from './python-members';
import { missingValueMembers } from './python-values';
import type { LanguageChecker, SemanticFinding, SemanticInput, WorkspaceClass } from './types';
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

/** Walks a Python tree once: its scopes, the names they bind, and every name and module member it uses. */
export function pythonFacts(tree: Tree): PythonFacts {
  const facts: PythonFacts = {
    references: [],
    members: [],
    attributes: [],
    declaredElsewhere: new Set(),
    importedMembers: [],
    dynamic: false,
    unsure: new Set(),
    moduleNames: new Map(),
    otherwiseBound: new Set(),
    assignedMembers: new Set(),
    lazyAnnotations: false,
    classScopes: new Map(),
    storedAttributes: new Set(),
    dynamicMembers: false,
    module: newScope('module'),
  };
  const module = facts.module;

  const count = (name: string, scope: Scope) => {
    scope.bound.add(name);
    scope.counts.set(name, (scope.counts.get(name) ?? 0) + 1);
  };
  const bindModule = (local: string, mod: string, scope: Scope) => {
    count(local, scope);
    scope.other.add(local);
    const known = facts.moduleNames.get(local);
    facts.moduleNames.set(local, known === undefined || known === mod ? mod : null);
  };
  const bind = (name: string, scope: Scope) => {
    count(name, scope);
    scope.other.add(name);
    facts.otherwiseBound.add(name);
  };
  /** `name = Cls(...)`: bound, and remembered as an instance of what `Cls` names. */
  const bindConstructed = (name: string, cls: string, scope: Scope) => {
    count(name, scope);
    facts.otherwiseBound.add(name);
    const classes = scope.constructed.get(name) ?? new Set<string>();
    scope.constructed.set(name, classes.add(cls));
  };
  /** `from module import name as local`. */
  const bindImported = (local: string, mod: string, name: string, scope: Scope) => {
    count(local, scope);
    facts.otherwiseBound.add(local);
    const known = scope.imported.get(local);
    scope.imported.set(local, known === undefined || (known?.module === mod && known.name === name) ? { module: mod, name } : null);
  };
  const typed = (name: string, binding: TypedBinding, scope: Scope) => {
    const list = scope.typed.get(name);
    if (list) list.push(binding);
    else scope.typed.set(name, [binding]);
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
      if (attribute) facts.storedAttributes.add(attribute.text);
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
          if (name?.type === 'identifier' && type) typed(name.text, { kind: 'value', value, annotation: type }, inner);
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
          const name = p.namedChild(0);
          const type = p.childForFieldName('type');
          if (name?.type === 'identifier' && type) typed(name.text, { kind: 'value', value: null, annotation: type }, inner);
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
        if (DYNAMIC_MEMBERS.has(node.text)) facts.dynamicMembers = true;
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
        if (name) typed(name.text, { kind: 'def', node }, scope);
        if (name && DYNAMIC_MEMBERS.has(name.text)) facts.dynamicMembers = true;
        const inner = newScope('function', scope, node);
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
        const inner = newScope('function', scope, node);
        bindParameters(node.childForFieldName('parameters'), scope, inner);
        const body = node.childForFieldName('body');
        if (body) visit(body, inner);
        return;
      }
      case 'class_definition': {
        const name = node.childForFieldName('name');
        if (name) bind(name.text, scope);
        const inner = newScope('class', scope, node);
        facts.classScopes.set(node.id, inner);
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
        const inner = newScope('comprehension', scope);
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
        const cls =
          node.type === 'assignment' && left?.type === 'identifier' ? constructorCalled(node.childForFieldName('right')) : undefined;
        if (left && cls) bindConstructed(left.text, cls, scope);
        else if (left) bindTarget(left, scope);
        if (left?.type === 'identifier')
          typed(
            left.text,
            node.type === 'assignment'
              ? { kind: 'value', value: node.childForFieldName('right'), annotation: node.childForFieldName('type') }
              : { kind: 'augmented' },
            scope,
          );
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
        if (object && attribute) facts.attributes.push({ object, member: attribute.text, node: attribute, scope });
        if (attribute && DYNAMIC_MEMBERS.has(attribute.text)) facts.dynamicMembers = true;
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
        for (const c of node.namedChildren) if (c?.type === 'identifier') facts.declaredElsewhere.add(c.text);
        return;
      case 'nonlocal_statement':
        for (const c of node.namedChildren) if (c?.type === 'identifier') bind(c.text, scope);
        for (const c of node.namedChildren) if (c?.type === 'identifier') facts.declaredElsewhere.add(c.text);
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
          else if (from) bindImported(local.text, from.text.replace(/\s+/g, ''), member, scope);
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

/** `Cls` when `value` is a call of a plain name (`Cls(...)`): what the assigned name may be an instance of. */
function constructorCalled(value: Node | null): string | undefined {
  if (value?.type !== 'call') return undefined;
  const fn = value.childForFieldName('function');
  return fn?.type === 'identifier' ? fn.text : undefined;
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
interface PythonProblems {
  unresolved: { name: string; node: Node }[];
  unknownMembers: { module: string; local: string; member: string; node: Node }[];
  /** Methods called on a class known whole that it does not have (python-members.ts). */
  missingMethods: MissingMember[];
  facts: PythonFacts;
}

function pythonProblems(
  tree: Tree,
  workspaceNames: ReadonlySet<string> = new Set(),
  workspaceClasses: readonly WorkspaceClass[] = [],
): PythonProblems {
  const facts = pythonFacts(tree);
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
  return { unresolved, unknownMembers, missingMethods: missingMembers(tree, facts, workspaceClasses), facts };
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
  check(input: SemanticInput): SemanticFinding[] {
    const workspace = new Set(input.request.workspaceNames ?? []);
    const classes = input.request.workspaceClasses ?? [];
    const after = pythonProblems(input.tree, workspace, classes);
    const span = (n: Node) => inSpan(n, input.completionStart, input.completionEnd);
    const unresolved = after.unresolved.filter((u) => span(u.node));
    const unknownMembers = after.unknownMembers.filter((m) => span(m.node));
    const missingMethods = after.missingMethods.filter((m) => span(m.node));
    const values = missingValueMembers(after.facts, (_, n) => span(n), valueGuarded);
    // Most completions introduce nothing: the baseline is read only when there is something to tell apart.
    if (!unresolved.length && !unknownMembers.length && !missingMethods.length && !values.length) return [];
    const before = pythonProblems(input.baseline.tree, workspace, classes);
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
  },
};
