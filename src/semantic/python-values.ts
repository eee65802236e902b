// Members of built-in values whose type the text shows for sure: a literal
// (`"s"`, `[...]`, `{...}`, a comprehension, an f-string), a call of the
// builtin (`list(...)`, `str(...)`, `sorted(...)`), a method of such a value
// whose result is known (`s.strip()` is a str, `s.split()` a list), a name
// whose every binding in its scope is one of these, a parameter annotated
// with the type, and a call of a function of the file annotated to return
// it. `xs.apend(x)` and `s.startwith("a")` are then slips: the members are
// those python3 itself lists for the type (python-names.json, made by
// scripts/python-names.ts).
//
// Never flag what could be valid: a name bound any other way in its scope
// (a `for`, a `with`, an import, a walrus), bound to two types, named by a
// `global` or `nonlocal`, or the builtin's name shadowed anywhere in the
// chain, is not typed (in a file that can bind names at run time, `exec`
// or `from x import *`, only a function's locals are); numbers are not typed (`+=` may turn an int into a
// float); a dunder is never judged; and a member in a test of what the
// value has (`hasattr`, a `try` that catches AttributeError) is not.
import type { Node } from 'web-tree-sitter';
import namesJson from './python-names.json';
import type { PythonFacts, Scope, TypedBinding } from './python-scope';

const VALUE_MEMBERS = new Map(Object.entries((namesJson as { types: Record<string, string[]> }).types).map(([t, m]) => [t, new Set(m)]));

/** Calls of a builtin and the type of what they return. */
const BUILTIN_RESULTS = new Map<string, string>([
  ...[...VALUE_MEMBERS.keys()].map((t): [string, string] => [t, t]),
  ['sorted', 'list'],
  ['repr', 'str'],
  ['ascii', 'str'],
  ['chr', 'str'],
  ['format', 'str'],
  ['input', 'str'],
  ['hex', 'str'],
  ['oct', 'str'],
  ['bin', 'str'],
]);

const STR_TO_STR = [
  'capitalize',
  'casefold',
  'center',
  'expandtabs',
  'format',
  'format_map',
  'join',
  'ljust',
  'lower',
  'lstrip',
  'removeprefix',
  'removesuffix',
  'replace',
  'rjust',
  'rstrip',
  'strip',
  'swapcase',
  'title',
  'translate',
  'upper',
  'zfill',
];
const SPLITS = ['split', 'rsplit', 'splitlines'];

/** What a method of a typed value returns, where that is a typed value too. */
const METHOD_RESULTS = new Map<string, ReadonlyMap<string, string>>([
  [
    'str',
    new Map([
      ...STR_TO_STR.map((m): [string, string] => [m, 'str']),
      ...SPLITS.map((m): [string, string] => [m, 'list']),
      ['encode', 'bytes'],
    ]),
  ],
  [
    'bytes',
    new Map([
      ...STR_TO_STR.filter((m) => VALUE_MEMBERS.get('bytes')?.has(m)).map((m): [string, string] => [m, 'bytes']),
      ...SPLITS.map((m): [string, string] => [m, 'list']),
      ['decode', 'str'],
      ['hex', 'str'],
    ]),
  ],
  ['list', new Map([['copy', 'list']])],
  ['dict', new Map([['copy', 'dict']])],
  ['set', new Map(['copy', 'union', 'intersection', 'difference', 'symmetric_difference'].map((m): [string, string] => [m, 'set']))],
  [
    'frozenset',
    new Map(['copy', 'union', 'intersection', 'difference', 'symmetric_difference'].map((m): [string, string] => [m, 'frozenset'])),
  ],
]);

/** Annotations that name a typed value: the builtin's name, or typing's alias of it. */
const TYPING_ALIASES = new Map([
  ['List', 'list'],
  ['Dict', 'dict'],
  ['Set', 'set'],
  ['FrozenSet', 'frozenset'],
  ['Tuple', 'tuple'],
  ['Text', 'str'],
]);

const isDunder = (name: string) => name.startsWith('__') && name.endsWith('__');

/** A member of a typed value that the type does not have. */
export interface MissingValueMember {
  type: string;
  member: string;
  node: Node;
}

/** Types the expressions of one file; one per check (it caches the types of names). */
class ValueTypes {
  private readonly names = new Map<string, string | null>();

  constructor(private readonly facts: PythonFacts) {}

  /** The scope `name` used in `scope` is bound in (class bodies are seen only from themselves). */
  private bindingScope(name: string, scope: Scope): Scope | undefined {
    for (let s: Scope | undefined = scope; s; s = s.parent) if ((s === scope || s.kind !== 'class') && s.bound.has(name)) return s;
    return undefined;
  }

  /** Whether `name` in `scope` is the builtin (bound nowhere on the way up, nor in an unparsed region). */
  private isBuiltin(name: string, scope: Scope): boolean {
    return (
      !this.facts.dynamic && !this.bindingScope(name, scope) && !this.facts.unsure.has(name) && !this.facts.declaredElsewhere.has(name)
    );
  }

  /** The type `node` names as an annotation, or undefined. */
  annotationType(node: Node, scope: Scope): string | undefined {
    const text = node.text.replace(/\s+/g, '');
    const m = /^(?:(typing)\.)?([A-Za-z_]\w*)(?:\[.*\])?$/.exec(text);
    if (!m) return undefined;
    const [, qualified, name] = m;
    if (!qualified && VALUE_MEMBERS.has(name)) return this.isBuiltin(name, scope) ? name : undefined;
    const alias = TYPING_ALIASES.get(name);
    if (!alias) return undefined;
    if (qualified) return this.facts.moduleNames.get('typing') === 'typing' && !this.facts.otherwiseBound.has('typing') ? alias : undefined;
    const from = this.facts.module.imported.get(name);
    return from?.module === 'typing' && from.name === name && this.bindingScope(name, scope) === this.facts.module ? alias : undefined;
  }

  /** The built-in type of the value `node` evaluates to, when the text shows it for sure. */
  typeOf(node: Node | null, scope: Scope): string | undefined {
    if (!node) return undefined;
    switch (node.type) {
      case 'parenthesized_expression':
        return node.namedChildCount === 1 ? this.typeOf(node.namedChild(0), scope) : undefined;
      case 'string':
        return /^[rRfFuU]*[bB]/.test(node.text) ? 'bytes' : 'str';
      case 'concatenated_string':
        return this.typeOf(node.namedChild(0), scope);
      case 'list':
      case 'list_comprehension':
        return 'list';
      case 'dictionary':
      case 'dictionary_comprehension':
        return 'dict';
      case 'set':
      case 'set_comprehension':
        return 'set';
      case 'tuple':
        return 'tuple';
      case 'binary_operator': {
        const op = node.childForFieldName('operator')?.type;
        const left = this.typeOf(node.childForFieldName('left'), scope);
        if (op === '%' && (left === 'str' || left === 'bytes')) return left;
        if (op === '+' && left && left === this.typeOf(node.childForFieldName('right'), scope)) return left;
        return undefined;
      }
      case 'subscript': {
        const value = this.typeOf(node.childForFieldName('value'), scope);
        if (value === 'str') return 'str';
        const slice = node.childForFieldName('subscript');
        return (value === 'list' || value === 'tuple' || value === 'bytes') && slice?.type === 'slice' ? value : undefined;
      }
      case 'call':
        return this.callType(node, scope);
      case 'identifier':
        return this.nameType(node.text, scope);
      default:
        return undefined;
    }
  }

  private callType(call: Node, scope: Scope): string | undefined {
    const fn = call.childForFieldName('function');
    if (fn?.type === 'identifier') {
      const builtin = BUILTIN_RESULTS.get(fn.text);
      if (builtin) return this.isBuiltin(fn.text, scope) ? builtin : undefined;
      return this.nameType(fn.text, scope, true);
    }
    if (fn?.type === 'attribute') {
      const object = this.typeOf(fn.childForFieldName('object'), scope);
      const method = fn.childForFieldName('attribute')?.text;
      return object && method ? METHOD_RESULTS.get(object)?.get(method) : undefined;
    }
    return undefined;
  }

  /** A name's type (or, `called`, what calling it returns) when every binding of it in its scope gives that one type. */
  private nameType(name: string, scope: Scope, called = false): string | undefined {
    if (this.facts.declaredElsewhere.has(name) || this.facts.unsure.has(name)) return undefined;
    const s = this.bindingScope(name, scope);
    // A file that can bind names at run time (`exec`, `from x import *`, `globals()`) binds module names: a function's locals are its own.
    if (!s || (this.facts.dynamic && s.kind !== 'function')) return undefined;
    const key = `${called ? '()' : ''}${name}`;
    const cacheKey = `${scopeKey(s)}:${key}`;
    if (this.names.has(cacheKey)) return this.names.get(cacheKey) ?? undefined;
    // A cycle (`s = s.strip()`) is untyped while it is being worked out.
    this.names.set(cacheKey, null);
    const type = this.bindingsType(s.typed.get(name) ?? [], s.counts.get(name) ?? 0, s, called);
    this.names.set(cacheKey, type ?? null);
    return type;
  }

  private bindingsType(bindings: readonly TypedBinding[], count: number, scope: Scope, called: boolean): string | undefined {
    if (!bindings.length || bindings.length !== count) return undefined;
    let type: string | undefined;
    for (const b of bindings) {
      let t: string | undefined;
      if (b.kind === 'augmented') continue; // `+=` on a typed container keeps its type (or fails)
      if (b.kind === 'def') {
        if (!called) return undefined;
        t = this.returnType(b.node, scope);
      } else {
        if (called) return undefined;
        t = this.valueBindingType(b, scope);
      }
      if (!t || (type && t !== type)) return undefined;
      type = t;
    }
    return type;
  }

  /** `x: T = value`, `x = value`, a parameter `x: T = default`. */
  private valueBindingType(b: Extract<TypedBinding, { kind: 'value' }>, scope: Scope): string | undefined {
    if (b.value?.type === 'none') return undefined;
    if (b.annotation) {
      // A parameter's annotation is read where the function is defined; a name in it is the same there for what is typed here.
      const t = this.annotationType(b.annotation, scope);
      if (!t || !b.value) return t;
      const value = this.typeOf(b.value, scope);
      return value === undefined || value === t ? t : undefined;
    }
    return this.typeOf(b.value, scope);
  }

  /** What a function of the file returns, from its annotation: not a coroutine, nor a decorated one. */
  private returnType(def: Node, scope: Scope): string | undefined {
    if (def.parent?.type === 'decorated_definition' || def.children.some((c) => c?.type === 'async')) return undefined;
    const ret = def.childForFieldName('return_type');
    return ret ? this.annotationType(ret, scope) : undefined;
  }
}

const scopeIds = new WeakMap<Scope, number>();
let nextScopeId = 0;
function scopeKey(s: Scope): number {
  let id = scopeIds.get(s);
  if (id === undefined) scopeIds.set(s, (id = nextScopeId++));
  return id;
}

/**
 * The members read off typed built-in values that their type lacks, among
 * the attributes `keep` accepts (the completion's, or the ones the
 * differential asks about). `guarded` says whether a node runs only after a
 * test of what a value has.
 */
export function missingValueMembers(
  facts: PythonFacts,
  keep: (member: string, node: Node) => boolean,
  guarded: (node: Node) => boolean,
): MissingValueMember[] {
  const types = new ValueTypes(facts);
  const out: MissingValueMember[] = [];
  for (const a of facts.attributes) {
    if (isDunder(a.member) || !keep(a.member, a.node)) continue;
    const type = types.typeOf(a.object, a.scope);
    if (!type || VALUE_MEMBERS.get(type)?.has(a.member) || guarded(a.node)) continue;
    out.push({ type, member: a.member, node: a.node });
  }
  return out;
}
