// The facts the walk of a Python file gives (python-walk.ts walks it): its
// scopes and what each binds, the names and members it uses. The checks
// built on them (python.ts, python-members.ts) read them from here.
import type { Node } from 'web-tree-sitter';

type ScopeKind = 'module' | 'function' | 'class' | 'comprehension';

export interface Scope {
  kind: ScopeKind;
  parent?: Scope;
  /** The function, lambda or class that opens the scope (none for the module and comprehensions). */
  node?: Node;
  bound: Set<string>;
  /** How many times each name is bound here (a parameter rebound in the body counts twice). */
  counts: Map<string, number>;
  /** Names bound here only by `name = Cls(...)`: the classes called (one, when every binding calls the same). */
  constructed: Map<string, Set<string>>;
  /** Names bound here other than by such a call or a from-import. */
  other: Set<string>;
  /** Names bound here by `from module import name [as local]`: the module as written and the name (null: two different ones). */
  imported: Map<string, { module: string; name: string } | null>;
  /** The bindings of a name here whose value's type may be read off the text (python-values.ts); a name with others is not typed. */
  typed: Map<string, TypedBinding[]>;
}

/**
 * One binding a value's type may come from: `x = value`, `x: T = value`,
 * a parameter `x: T` (with its default), `x += ...` (keeps a container's
 * type), `def x(...) -> T` (what a call of `x` returns).
 */
export type TypedBinding =
  { kind: 'value'; value: Node | null; annotation: Node | null } | { kind: 'augmented' } | { kind: 'def'; node: Node };

/** A scope's bindings before any is added. */
export type Bindings = Pick<Scope, 'bound' | 'counts' | 'constructed' | 'other' | 'imported' | 'typed'>;

export const noBindings = (): Bindings => ({
  bound: new Set(),
  counts: new Map(),
  constructed: new Map(),
  other: new Set(),
  imported: new Map(),
  typed: new Map(),
});

export const newScope = (kind: ScopeKind, parent?: Scope, node?: Node): Scope => ({ kind, parent, node, ...noBindings() });

interface Reference {
  name: string;
  node: Node;
  scope: Scope;
}

interface MemberUse {
  /** The object's name: a module's (`m` in `import math as m; m.sqrt`), an instance's (`self`), a class's. */
  local: string;
  member: string;
  node: Node;
  scope: Scope;
}

/** An attribute read off any expression (`"s".strip`, `xs.append`, `f().x`). */
interface AttributeUse {
  object: Node;
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
  /** Every attribute, whatever its object (python-values.ts types the object). */
  attributes: AttributeUse[];
  /** Names a `global` or `nonlocal` statement names anywhere: bound from another scope, so never typed. */
  declaredElsewhere: Set<string>;
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
  /** The scope of each class body, by its class_definition node's id. */
  classScopes: Map<number, Scope>;
  /** Every attribute name the file stores to (`x.a = ...`, `self.a += ...`, `for o.a in ...`), on any object. */
  storedAttributes: Set<string>;
  /** The file can give an object attributes the text never shows (`setattr`, `__dict__`, `__getattr__` ...): no member findings on its classes. */
  dynamicMembers: boolean;
  /** The module's scope. */
  module: Scope;
  /** The file's top-level statements (each in the tree it was walked in): where its module-level classes are. */
  statements: readonly Node[];
}

/**
 * What one top-level statement's walk finds (python-walk.ts): the facts
 * without the module's scope, whose bindings it keeps apart, since the
 * module's scope is every statement's together.
 */
export type ChunkFacts = Omit<PythonFacts, 'module' | 'statements'> & {
  /** What the statement binds in the module's scope. */
  moduleBindings: Scope;
  /** What it binds in the scope of the top-level class whose body (or header) it is part of. */
  classBindings: Scope;
};
