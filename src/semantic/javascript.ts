// Names the completion uses that resolve nowhere, for JavaScript, TypeScript
// and TSX, read from the tree-sitter tree: scopes as the language defines them
// (hoisted `var` and function declarations, block-scoped `let`/`const`/class,
// parameters and catch bindings in their own scopes), then the file's imports,
// the language's globals (js-globals.ts, generated from TypeScript's lib
// files) and the workspace's names. And members the completion reads off a
// standard namespace object (`Math.sqroot`) that the lib files do not list.
//
// Never flag what could be valid: temporal dead zones are ignored, type
// names resolve against every declaration in the file, a sloppy-mode
// assignment declares a global in JavaScript, and a file that can create
// names the tree does not show (`with`, direct `eval`, `declare global`) is
// not judged at all.
import { JS_GLOBAL_MEMBERS, JS_GLOBALS } from './js-globals';
import type { TreeCursor } from 'web-tree-sitter';
import type { LanguageChecker, Node, SemanticFinding, SemanticInput } from './types';
import { languageSpec, languagesWhere } from '../languages/registry';
import { partialWindow } from './window';

/** Nodes whose body is where a `var` or a function declaration lands. */
const FUNCTION_SCOPES = new Set([
  'program',
  'function_declaration',
  'function_expression',
  'function',
  'generator_function_declaration',
  'generator_function',
  'arrow_function',
  'method_definition',
  'class_static_block',
  'internal_module',
  'module',
  'function_signature',
  'method_signature',
  'abstract_method_signature',
  'call_signature',
  'construct_signature',
  'function_type',
  'constructor_type',
]);

/** Nodes that bound `let`, `const` and class declarations. */
const BLOCK_SCOPES = new Set([
  ...FUNCTION_SCOPES,
  'statement_block',
  'for_statement',
  'for_in_statement',
  'switch_body',
  'catch_clause',
  'class_body',
  'enum_declaration',
]);

/** Declarations of types only: they resolve type names anywhere in the file. */
const TYPE_DECLARATIONS = new Set(['interface_declaration', 'type_alias_declaration', 'type_parameter', 'mapped_type_clause']);

const FUNCTION_DECLARATIONS = new Set(['function_declaration', 'generator_function_declaration', 'function_signature']);
const FUNCTION_EXPRESSIONS = new Set(['function_expression', 'function', 'generator_function']);
const CLASS_DECLARATIONS = new Set(['class_declaration', 'abstract_class_declaration']);
/** The nodes the declaration pass looks into (everything else is only walked through). */
const DECLARING = new Set([
  'with_statement',
  'ambient_declaration',
  'ERROR',
  'variable_declarator',
  'formal_parameters',
  'arrow_function',
  'catch_clause',
  'for_in_statement',
  'import_statement',
  'export_statement',
  'export_specifier',
  'enum_declaration',
  'internal_module',
  'module',
  'index_signature',
  'infer_type',
  'assignment_expression',
  'class',
  ...FUNCTION_DECLARATIONS,
  ...FUNCTION_EXPRESSIONS,
  ...CLASS_DECLARATIONS,
  ...TYPE_DECLARATIONS,
]);

const JSX_NAMED = new Set(['jsx_opening_element', 'jsx_closing_element', 'jsx_self_closing_element']);

/** Always there, though not a declared global: `arguments` inside any function (an arrow's is its parent's). */
const IMPLICIT = new Set(['arguments', 'undefined']);

/** What the tree says about the file's names. */
interface Scopes {
  /** Names declared in each scope, by the scope node's id. */
  declared: Map<number, Set<string>>;
  /** Every name declared anywhere (types resolve against these). */
  anywhere: Set<string>;
  /** Binding identifiers: the names being declared, not references. */
  bindings: Set<number>;
  /** Subtrees whose identifiers are not references (import lists, re-exports). */
  skipped: Set<number>;
  /** Namespace objects the file writes members to (`Math.foo = ...`): their members are not judged. */
  extended: Set<string>;
  /** Why the file's names cannot be known from the tree, when they cannot. */
  giveUp?: string;
}

function* walk(root: Node): Generator<Node> {
  const cursor = root.walk();
  try {
    for (;;) {
      yield cursor.currentNode;
      if (cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return;
      }
    }
  } finally {
    cursor.delete();
  }
}

/** A node on the path from the root: its id and type, read once from the cursor. */
interface Ancestor {
  id: number;
  type: string;
}

/**
 * Visits the nodes of `root` that `enter` accepts, depth first, with the path
 * of ancestors (the visited node last). Reading ids and types off the cursor
 * and keeping the path in JavaScript avoids a Node object per node and a
 * climb through `parent` per lookup, which dominate on a whole file.
 */
function visitWithPath(root: Node, enter: (cursor: TreeCursor, path: Ancestor[]) => boolean): void {
  const cursor = root.walk();
  const path: Ancestor[] = [];
  try {
    for (;;) {
      path.push({ id: cursor.nodeId, type: cursor.nodeType });
      if (enter(cursor, path) && cursor.gotoFirstChild()) continue;
      path.pop();
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return;
        path.pop();
      }
    }
  } finally {
    cursor.delete();
  }
}

/** `implicitGlobals`: an assignment to a name declared nowhere declares it (LanguageSpec.semantic). */
function collectScopes(root: Node, implicitGlobals: boolean): Scopes {
  const s: Scopes = { declared: new Map(), anywhere: new Set(), bindings: new Set(), skipped: new Set(), extended: new Set() };

  const declare = (scope: { id: number } | null, name: string) => {
    if (!scope) return;
    let names = s.declared.get(scope.id);
    if (!names) s.declared.set(scope.id, (names = new Set()));
    names.add(name);
    s.anywhere.add(name);
  };
  const bindName = (id: Node, scope: { id: number } | null) => {
    s.bindings.add(id.id);
    declare(scope, id.text);
  };
  const bindPattern = (p: Node | null, scope: { id: number } | null): void => {
    if (!p) return;
    switch (p.type) {
      case 'identifier':
      case 'type_identifier':
      case 'shorthand_property_identifier_pattern':
        bindName(p, scope);
        return;
      case 'object_pattern':
      case 'array_pattern':
        for (const c of p.namedChildren) bindPattern(c, scope);
        return;
      case 'pair_pattern':
        bindPattern(p.childForFieldName('value'), scope);
        return;
      case 'assignment_pattern':
      case 'object_assignment_pattern':
        bindPattern(p.childForFieldName('left'), scope);
        return;
      case 'rest_pattern':
        bindPattern(p.namedChild(0), scope);
        return;
      case 'required_parameter':
      case 'optional_parameter':
        bindPattern(p.childForFieldName('pattern'), scope);
        return;
    }
  };
  let path: Ancestor[] = [];
  /** The nearest scope of these kinds around the visited node, skipping `skip` levels above it. */
  const around = (kinds: ReadonlySet<string>, skip: number): Ancestor | null => {
    for (let i = path.length - 1 - skip; i >= 0; i--) if (kinds.has(path[i].type)) return path[i];
    return null;
  };
  // Scopes are only ever the node itself or found on the path: ids are all `declare` needs.
  const functionScope = (skip: number) => around(FUNCTION_SCOPES, skip);
  const blockScope = (skip: number) => around(BLOCK_SCOPES, skip);

  visitWithPath(root, (cursor, p) => {
    path = p;
    const type = cursor.nodeType;
    if (type === 'identifier') {
      if (cursor.currentFieldName === 'function' && cursor.nodeText === 'eval') s.giveUp ??= 'a direct `eval` can declare any name';
      return false;
    }
    if (!DECLARING.has(type)) return true;
    const n = cursor.currentNode;
    switch (n.type) {
      case 'with_statement':
        s.giveUp ??= 'a `with` statement makes any name resolvable';
        break;
      case 'ambient_declaration':
        if (n.children.some((c) => c.type === 'global')) s.giveUp ??= '`declare global` adds globals the lib files do not list';
        break;
      case 'ERROR':
        // Recovery may have swallowed declarations: every name in it counts as declared.
        for (const c of walk(n))
          if (c.type === 'identifier' || c.type === 'type_identifier') {
            s.anywhere.add(c.text);
            declare(root, c.text);
          }
        s.skipped.add(n.id);
        return false;
      case 'variable_declarator': {
        const varKind = n.parent?.type === 'variable_declaration';
        bindPattern(n.childForFieldName('name'), varKind ? functionScope(0) : blockScope(0));
        break;
      }
      case 'formal_parameters':
        for (const c of n.namedChildren) bindPattern(c, path[path.length - 2] ?? null);
        break;
      case 'arrow_function':
        bindPattern(n.childForFieldName('parameter'), n);
        break;
      case 'catch_clause':
        bindPattern(n.childForFieldName('parameter'), n);
        break;
      case 'for_in_statement': {
        const kind = n.childForFieldName('kind');
        if (kind) bindPattern(n.childForFieldName('left'), kind.type === 'var' ? functionScope(1) : n);
        break;
      }
      case 'import_statement':
        for (const c of walk(n)) {
          if (c.type === 'import_clause' || c.type === 'namespace_import') {
            for (const id of c.namedChildren) if (id.type === 'identifier') bindName(id, root);
          } else if (c.type === 'import_specifier') {
            const id = c.childForFieldName('alias') ?? c.childForFieldName('name');
            if (id) bindName(id, root);
          } else if (c.type === 'import_require_clause') {
            const id = c.namedChild(0);
            if (id?.type === 'identifier') bindName(id, blockScope(1));
          }
        }
        s.skipped.add(n.id);
        return false;
      case 'export_statement':
        if (n.childForFieldName('source')) {
          s.skipped.add(n.id);
          return false;
        }
        break;
      case 'export_specifier': {
        const alias = n.childForFieldName('alias');
        if (alias) s.bindings.add(alias.id);
        break;
      }
      case 'enum_declaration': {
        const name = n.childForFieldName('name');
        if (name) bindName(name, blockScope(1));
        // Members are in scope in the initializers of later members.
        for (const m of n.childForFieldName('body')?.namedChildren ?? []) {
          const id = m.type === 'enum_assignment' ? m.childForFieldName('name') : m;
          if (id) declare(n, id.text);
        }
        break;
      }
      case 'internal_module':
      case 'module': {
        let name = n.childForFieldName('name');
        while (name?.type === 'nested_identifier') name = name.namedChild(0);
        if (name?.type === 'identifier') bindName(name, blockScope(1));
        break;
      }
      case 'index_signature': {
        const name = n.childForFieldName('name');
        if (name) s.bindings.add(name.id);
        break;
      }
      case 'infer_type': {
        const id = n.namedChild(0);
        if (id) bindName(id, root);
        break;
      }
      case 'assignment_expression': {
        const left = n.childForFieldName('left');
        // Sloppy-mode JavaScript: assigning an undeclared name creates a global.
        if (implicitGlobals && left?.type === 'identifier') declare(root, left.text);
        if (left?.type === 'member_expression') {
          const obj = left.childForFieldName('object');
          if (obj?.type === 'identifier') s.extended.add(obj.text);
        }
        break;
      }
    }
    if (FUNCTION_DECLARATIONS.has(n.type)) {
      const name = n.childForFieldName('name');
      if (name) bindName(name, functionScope(1));
    } else if (FUNCTION_EXPRESSIONS.has(n.type) || n.type === 'class') {
      const name = n.childForFieldName('name');
      if (name) bindName(name, n);
    } else if (CLASS_DECLARATIONS.has(n.type)) {
      const name = n.childForFieldName('name');
      if (name) bindName(name, blockScope(1));
    } else if (TYPE_DECLARATIONS.has(n.type)) {
      const name = n.childForFieldName('name');
      if (name) bindName(name, root);
    }
    return true;
  });
  return s;
}

function insideSkipped(n: Node, s: Scopes): boolean {
  for (let p = n.parent; p; p = p.parent) if (s.skipped.has(p.id)) return true;
  return false;
}

function resolvesInScope(ref: Node, name: string, s: Scopes): boolean {
  for (let p = ref.parent; p; p = p.parent) if (s.declared.get(p.id)?.has(name)) return true;
  return false;
}

/** Whether an identifier is a name being referred to (not a property, a JSX tag, an import's exported name). */
function isReference(n: Node, s: Scopes): boolean {
  if (s.bindings.has(n.id)) return false;
  const parent = n.parent;
  if (!parent) return false;
  // <div>: an intrinsic element, not a name; <Foo>: a component, a name.
  if (JSX_NAMED.has(parent.type) && /^[a-z]/.test(n.text)) return false;
  // `NS.T` in a type: T is a member of NS, not a name of its own.
  if (parent.type === 'nested_type_identifier' && parent.childForFieldName('name')?.id === n.id) return false;
  return !insideSkipped(n, s);
}

function nameFinding(n: Node, detail: string): SemanticFinding {
  return { kind: 'unresolved-name', name: n.text, row: n.startPosition.row, column: n.startPosition.column, detail };
}

/** Findings on the nodes inside [start, end) of a tree. */
function unresolvedIn(root: Node, start: number, end: number, request: SemanticInput['request']): SemanticFinding[] | string {
  const completionStart = start;
  const completionEnd = end;
  const scopes = collectScopes(root, !!languageSpec(request.language)?.semantic.implicitGlobals);
  if (scopes.giveUp) return scopes.giveUp;
  const workspace = new Set(request.workspaceNames ?? []);
  const known = (name: string) => JS_GLOBALS.has(name) || IMPLICIT.has(name) || workspace.has(name);
  const findings: SemanticFinding[] = [];
  const inSpan = (n: Node) => n.startIndex >= completionStart && n.endIndex <= completionEnd;

  // Only the completion's own nodes: descend into a node only where it meets the span.
  const visit = (n: Node): void => {
    if (n.endIndex <= completionStart || n.startIndex >= completionEnd || scopes.skipped.has(n.id)) return;
    if (inSpan(n)) check(n);
    for (const c of n.children) visit(c);
  };
  const check = (n: Node) => {
    switch (n.type) {
      case 'identifier':
      case 'shorthand_property_identifier':
      case 'shorthand_property_identifier_pattern': {
        if (!isReference(n, scopes) || known(n.text) || resolvesInScope(n, n.text, scopes)) return;
        // A namespace in a type (`NS.T`) may come from any declaration in the file.
        if (n.parent?.type === 'nested_type_identifier' && scopes.anywhere.has(n.text)) return;
        findings.push(nameFinding(n, `\`${n.text}\` is declared in no enclosing scope, import, global or workspace file`));
        return;
      }
      case 'type_identifier': {
        if (!isReference(n, scopes) || known(n.text) || scopes.anywhere.has(n.text)) return;
        findings.push(nameFinding(n, `type \`${n.text}\` is declared nowhere in the file, its imports, the lib files or the workspace`));
        return;
      }
      case 'member_expression': {
        const obj = n.childForFieldName('object');
        const prop = n.childForFieldName('property');
        if (obj?.type !== 'identifier' || prop?.type !== 'property_identifier') return;
        const members = JS_GLOBAL_MEMBERS.get(obj.text);
        if (!members || members.has(prop.text)) return;
        if (scopes.anywhere.has(obj.text) || workspace.has(obj.text) || scopes.extended.has(obj.text)) return;
        findings.push({
          kind: 'unknown-member',
          name: prop.text,
          row: prop.startPosition.row,
          column: prop.startPosition.column,
          detail: `\`${obj.text}\` has no member \`${prop.text}\` in the JavaScript lib files`,
        });
        return;
      }
    }
  };
  visit(root);
  return findings;
}

const key = (f: SemanticFinding) => `${f.kind}:${f.name}`;

/**
 * The names the completion uses that resolve nowhere, less those the
 * document without it already fails to resolve (a global of the page, a name
 * from a file the workspace does not hold: not the completion's doing).
 */
function findUnresolvedNames(input: SemanticInput): SemanticFinding[] {
  const { request, tree, completionStart, completionEnd, baseline } = input;
  const partial = partialWindow(request);
  if (partial) throw new Error(partial);
  const found = unresolvedIn(tree.rootNode, completionStart, completionEnd, request);
  if (typeof found === 'string' || found.length === 0) return [];
  // The whole baseline is read only when it mentions a name the completion could not resolve.
  const mentioned = found.filter((f) => new RegExp(`(^|[^\\w$])${f.name.replace(/\$/g, '\\$')}($|[^\\w$])`).test(baseline.text));
  if (mentioned.length === 0) return found;
  const before = unresolvedIn(baseline.tree.rootNode, 0, baseline.text.length, request);
  if (typeof before === 'string') return [];
  const old = new Set(before.map(key));
  return found.filter((f) => !old.has(key(f)));
}

export const javascriptNamesChecker: LanguageChecker = {
  languages: languagesWhere((s) => s.semantic.names === 'javascript'),
  kind: 'names',
  check: findUnresolvedNames,
};
