// One walk of a Python statement: the scopes it opens, the names it binds
// and every name and member it uses (python-scope.ts says what each fact
// is). The checks (python.ts, python-members.ts, python-values.ts) read the
// facts of a whole file, merged from its top-level statements' walks by
// python-analysis.ts.

import type { Node } from 'web-tree-sitter';
import { newScope, type ChunkFacts, type Scope, type TypedBinding } from './python-scope';
import namesJson from './python-names.json';
import { DYNAMIC_MEMBERS } from './python-members';

interface PythonNamesFile {
  builtins: string[];
  modules: Record<string, string[]>;
}

export const PYTHON_NAMES = namesJson as PythonNamesFile;
/** The standard modules whose members are listed, with their members. */
export const MODULES = new Map(Object.entries(PYTHON_NAMES.modules).map(([m, members]) => [m, new Set(members)]));

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

/** How a statement is walked as a part of a file whose other parts are walked apart. */
export interface WalkOptions {
  /** The statement is in the body of this (top-level) class: what it binds there goes to `classBindings`. */
  container?: Scope;
  /**
   * The statement is a top-level class (decorated or not): walk all but its
   * body, whose statements are walked one by one with it as the container;
   * the class's scope is `header.scope` when given (the one its earlier
   * walk made), and is returned in `header.scope` and its body in `header.body`.
   */
  header?: { scope?: Scope; body?: Node | null };
}

/**
 * Walks one top-level statement (or, for a tree that is not a module, the
 * whole tree): its scopes, the names it binds, every name and member it uses.
 * Inner scopes hang off `module`, the file's scope, but what the statement
 * binds there goes to its own `moduleBindings` (and into a top-level class
 * it is part of, to `classBindings`): a file's module scope is the merge of
 * its statements' (python-analysis.ts), so a statement the edit did not
 * touch is never walked again. `lazyAnnotations`: an earlier statement
 * imported `annotations` from `__future__`.
 */
export function walkStatement(node: Node, module: Scope, lazyAnnotations: boolean, options: WalkOptions = {}): ChunkFacts {
  const moduleBindings = newScope('module');
  const classBindings = newScope('class');
  let container = options.container;
  const header = options.header;
  const facts: ChunkFacts = {
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
    lazyAnnotations,
    classScopes: new Map(),
    storedAttributes: new Set(),
    dynamicMembers: false,
    moduleBindings,
    classBindings,
  };
  /** Where a binding in `scope` is written: the module's and the container's go to this statement's own. */
  const into = (scope: Scope) => (scope === module ? moduleBindings : scope === container ? classBindings : scope);

  const count = (name: string, scope: Scope) => {
    const s = into(scope);
    s.bound.add(name);
    s.counts.set(name, (s.counts.get(name) ?? 0) + 1);
  };
  const bindModule = (local: string, mod: string, scope: Scope) => {
    count(local, scope);
    into(scope).other.add(local);
    const known = facts.moduleNames.get(local);
    facts.moduleNames.set(local, known === undefined || known === mod ? mod : null);
  };
  const bind = (name: string, scope: Scope) => {
    count(name, scope);
    into(scope).other.add(name);
    facts.otherwiseBound.add(name);
  };
  /** `name = Cls(...)`: bound, and remembered as an instance of what `Cls` names. */
  const bindConstructed = (name: string, cls: string, scope: Scope) => {
    count(name, scope);
    facts.otherwiseBound.add(name);
    const s = into(scope);
    const classes = s.constructed.get(name) ?? new Set<string>();
    s.constructed.set(name, classes.add(cls));
  };
  /** `from module import name as local`. */
  const bindImported = (local: string, mod: string, name: string, scope: Scope) => {
    count(local, scope);
    facts.otherwiseBound.add(local);
    const s = into(scope);
    const known = s.imported.get(local);
    s.imported.set(local, known === undefined || (known?.module === mod && known.name === name) ? { module: mod, name } : null);
  };
  const typed = (name: string, binding: TypedBinding, scope: Scope) => {
    const s = into(scope);
    const list = s.typed.get(name);
    if (list) list.push(binding);
    else s.typed.set(name, [binding]);
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
        // The top-level class walked as a header: its body's statements are walked apart.
        const split = header && scope === module && !container;
        const inner = (split && header.scope) || newScope('class', scope, node);
        if (split) header.scope = container = inner;
        facts.classScopes.set(node.id, inner);
        const typeParams = node.childForFieldName('type_parameters');
        if (typeParams) bindAllIdentifiers(typeParams, inner);
        const supers = node.childForFieldName('superclasses');
        if (supers) visit(supers, scope);
        const body = node.childForFieldName('body');
        if (split) header.body = body;
        else if (body) visit(body, inner);
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

  visit(node, options.container ?? module);
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

function collectUnsure(node: Node, names: Set<string>): void {
  if (node.type === 'identifier') names.add(node.text);
  for (const c of node.namedChildren) if (c) collectUnsure(c, names);
}
