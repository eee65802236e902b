// The Python facts of a document, kept between checks. A completion (and a
// keystroke) changes one region of the text, so a check walks only the
// top-level statements that region touches and takes every other one's
// facts from the analysis of the text it came from: the document without
// the completion, kept per text; the completed text is made from that.
//
// A file's facts are its top-level statements' merged (python-walk.ts walks
// one): the module's scope is every statement's bindings together, the
// file-wide sets are their union. Inner scopes hang off one module scope
// object per line of analyses, filled with an analysis's bindings when its
// facts are asked for, so a statement walked for one text serves the next
// one as is. A statement is taken from the earlier analysis only when it
// lies outside the changed region, starts where the earlier one did (after
// the region: shifted by the change), has its length, its type, no syntax
// error in either text, and saw the same `from __future__ import
// annotations` state before it: anything else is walked again.

import type { Node, Tree, TreeCursor } from 'web-tree-sitter';
import { changedRegion } from './text-change';
import { newScope, noBindings, type Bindings, type ChunkFacts, type PythonFacts, type Scope, type TypedBinding } from './python-scope';
import { walkStatement } from './python-walk';

/** A tree copy kept while a statement walked in it is: its nodes are read by later checks. */
class HeldTree {
  private users = 0;
  constructor(readonly tree: Tree) {}
  hold(): void {
    this.users++;
  }
  release(): void {
    if (--this.users === 0) this.tree.delete();
  }
  /** Frees the copy when nothing was walked in it. */
  dropIfUnused(): void {
    if (this.users === 0) this.tree.delete();
  }
}

interface Chunk {
  held: HeldTree;
  /** The statement, in `held.tree`. */
  node: Node;
  type: string;
  length: number;
  hasError: boolean;
  /** Whether `from __future__ import annotations` came before it. */
  lazyBefore: boolean;
  facts: ChunkFacts;
  /** Holders (analyses, or the class it is a statement of): its tree is released with the last. */
  users: number;
  /** A top-level class: its scope, and its body's statements, each a chunk of its own with their starts. */
  cls?: { scope: Scope; members: Chunk[]; starts: number[]; byStart?: Map<number, Chunk> };
}

/** A merged scope's fields, as one analysis fills them. */
type ScopeState = Bindings & { node?: Node };

/** The file-wide facts merged from every statement. */
type FileSets = Pick<
  PythonFacts,
  | 'declaredElsewhere'
  | 'dynamic'
  | 'unsure'
  | 'moduleNames'
  | 'otherwiseBound'
  | 'assignedMembers'
  | 'lazyAnnotations'
  | 'classScopes'
  | 'storedAttributes'
  | 'dynamicMembers'
>;

export interface PythonAnalysis {
  text: string;
  /** Shared by the analyses made one from another (their statements' scopes hang off it). */
  module: Scope;
  chunks: Chunk[];
  /** Each chunk's start in `text`. */
  starts: number[];
  /** The chunks walked for this analysis; the others come from the one it was made from. */
  walked: Set<Chunk>;
  /** The module's and each top-level class's merged bindings, once asked for. */
  states?: Map<Scope, ScopeState>;
  sets?: FileSets;
  byStart?: Map<number, Chunk>;
}

/** Analyses of different documents kept at once (the checked one and a few recently checked). */
const KEPT = 4;

export class PythonAnalyses {
  private kept: PythonAnalysis[] = [];

  /**
   * The analysis of `text` (whose tree is `tree`; the caller keeps it).
   * `keep`: remembered for later checks (the document without a completion);
   * otherwise the caller releases it. `from`: the analysis to take unchanged
   * statements from (else the kept one closest to `text`). Statements
   * overlapping `walk` (a span of `text`) are walked whatever their match.
   */
  analyse(text: string, tree: Tree, options: { keep?: boolean; from?: PythonAnalysis; walk?: [number, number] } = {}): PythonAnalysis {
    if (options.keep) {
      const i = this.kept.findIndex((a) => a.text === text);
      if (i >= 0) {
        const [a] = this.kept.splice(i, 1);
        this.kept.unshift(a);
        return a;
      }
    }
    const analysis = derive(text, tree, options.from ?? this.closest(text), options.walk);
    if (options.keep) {
      this.kept.unshift(analysis);
      for (const old of this.kept.splice(KEPT)) release(old);
    }
    return analysis;
  }

  /** Lets go of an analysis that was not kept. */
  release(analysis: PythonAnalysis): void {
    if (!this.kept.includes(analysis)) release(analysis);
  }

  /** The most recently used kept analysis whose text differs from `text` in less than half of it (the same document, edited). */
  private closest(text: string): PythonAnalysis | undefined {
    return this.kept.find((a) => {
      const d = changedRegion(a.text, text);
      return Math.max(d.oldEndIndex, d.newEndIndex) - d.startIndex < text.length / 2;
    });
  }
}

function release(analysis: PythonAnalysis): void {
  for (const c of analysis.chunks) releaseChunk(c);
  analysis.chunks = [];
}

function releaseChunk(chunk: Chunk): void {
  if (--chunk.users > 0) return;
  chunk.held.release();
  for (const m of chunk.cls?.members ?? []) releaseChunk(m);
}

/** The class a top-level statement defines (itself, or under its decorators), if it is one. */
function classOf(node: Node): Node | null {
  if (node.type === 'class_definition') return node;
  if (node.type !== 'decorated_definition') return null;
  const def = node.childForFieldName('definition');
  return def?.type === 'class_definition' ? def : null;
}

/** Where the text changed from the analysis a new one is made from, and how to find that one's chunks. */
interface Change {
  start: number;
  newEnd: number;
  shift: number;
  /** Statements overlapping it are walked whatever their match. */
  walk?: [number, number];
}

/** The earlier chunk at the place of a statement of the new text that lies outside the change, if any. */
function earlier(change: Change | undefined, starts: Map<number, Chunk> | undefined, start: number, end: number): Chunk | undefined {
  if (!change || !starts) return undefined;
  if (change.walk && start < change.walk[1] && end > change.walk[0]) return undefined;
  const oldStart = end < change.start ? start : start > change.newEnd ? start - change.shift : undefined;
  const old = oldStart === undefined ? undefined : starts.get(oldStart);
  return old && old.length === end - start ? old : undefined;
}

function derive(text: string, tree: Tree, from: PythonAnalysis | undefined, walk: [number, number] | undefined): PythonAnalysis {
  const held = new HeldTree(tree.copy());
  const root = held.tree.rootNode;
  const module = from?.module ?? newScope('module');
  const analysis: PythonAnalysis = { text, module, chunks: [], starts: [], walked: new Set() };
  const made = (node: Node, lazy: boolean, facts: ChunkFacts): Chunk => {
    held.hold();
    const chunk: Chunk = {
      held,
      node,
      type: node.type,
      length: node.endIndex - node.startIndex,
      hasError: node.hasError,
      lazyBefore: lazy,
      facts,
      users: 0,
    };
    analysis.walked.add(chunk);
    return chunk;
  };
  /** A statement the same as the earlier one, when it is: same type, no syntax error in either, same state before it. */
  const reusable = (old: Chunk | undefined, cursor: TreeCursor, lazy: boolean) =>
    old && old.type === cursor.nodeType && !old.hasError && old.lazyBefore === lazy && !cursor.currentNode.hasError ? old : undefined;
  const add = (chunk: Chunk, start: number) => {
    chunk.users++;
    analysis.chunks.push(chunk);
    analysis.starts.push(start);
  };
  if (root.type !== 'module') {
    // Not a module (no text at all, or one the parser could not place): one walk of the whole.
    add(made(root, false, walkStatement(root, module, false)), 0);
    held.dropIfUnused();
    return analysis;
  }
  const d = from && changedRegion(from.text, text);
  const change: Change | undefined = d && { start: d.startIndex, newEnd: d.newEndIndex, shift: d.newEndIndex - d.oldEndIndex, walk };
  const previous = from && byStart(from);

  /** A top-level class: its header walked again, its body's statements taken from `old`'s where they match. */
  const classChunk = (node: Node, lazy: boolean, old: Chunk | undefined): Chunk => {
    const header: { scope?: Scope; body?: Node | null } = { scope: old?.cls?.scope };
    const chunk = made(node, lazy, walkStatement(node, module, lazy, { header }));
    const scope = header.scope!;
    const cls: NonNullable<Chunk['cls']> = { scope, members: [], starts: [] };
    chunk.cls = cls;
    const oldMembers = old?.cls && memberStarts(old.cls);
    const cursor = header.body?.walk();
    try {
      for (let more = cursor?.gotoFirstChild() ?? false; cursor && more; more = cursor.gotoNextSibling()) {
        if (!cursor.nodeIsNamed) continue;
        const start = cursor.startIndex;
        const member =
          reusable(earlier(change, oldMembers, start, cursor.endIndex), cursor, lazy) ??
          made(cursor.currentNode, lazy, walkStatement(cursor.currentNode, module, lazy, { container: scope }));
        member.users++;
        cls.members.push(member);
        cls.starts.push(start);
      }
    } finally {
      cursor?.delete();
    }
    return chunk;
  };

  let lazy = false;
  const cursor = held.tree.walk();
  try {
    for (let more = cursor.gotoFirstChild(); more; more = cursor.gotoNextSibling()) {
      if (!cursor.nodeIsNamed) continue;
      const start = cursor.startIndex;
      const before = earlier(change, previous, start, cursor.endIndex);
      let chunk = reusable(before, cursor, lazy);
      if (!chunk) {
        const node = cursor.currentNode;
        const isClass = classOf(node) !== null;
        // An earlier class at the same place (the change inside it) lends its body's statements.
        const lender = isClass ? sameStart(change, previous, start) : undefined;
        chunk = isClass ? classChunk(node, lazy, lender?.cls ? lender : undefined) : made(node, lazy, walkStatement(node, module, lazy));
      }
      add(chunk, start);
      lazy = chunk.facts.lazyAnnotations;
    }
  } finally {
    cursor.delete();
  }
  held.dropIfUnused();
  return analysis;
}

/** The earlier chunk that starts where a statement starting before the change (or after it, shifted) starts. */
function sameStart(change: Change | undefined, starts: Map<number, Chunk> | undefined, start: number): Chunk | undefined {
  if (!change || !starts) return undefined;
  return starts.get(start <= change.start ? start : start > change.newEnd ? start - change.shift : -1);
}

function byStart(analysis: PythonAnalysis): Map<number, Chunk> {
  if (!analysis.byStart) {
    analysis.byStart = new Map();
    analysis.chunks.forEach((c, i) => analysis.byStart!.set(analysis.starts[i], c));
  }
  return analysis.byStart;
}

function memberStarts(cls: NonNullable<Chunk['cls']>): Map<number, Chunk> {
  if (!cls.byStart) {
    cls.byStart = new Map();
    cls.members.forEach((c, i) => cls.byStart!.set(cls.starts[i], c));
  }
  return cls.byStart;
}

/** Every chunk of an analysis: its statements and its classes' statements. */
function everyChunk(analysis: PythonAnalysis): Chunk[] {
  return analysis.chunks.flatMap((c) => (c.cls ? [c, ...c.cls.members] : [c]));
}

/**
 * The facts of an analysed text. `uses`: whose names and members to list,
 * every statement's (`all`) or only those walked for this analysis
 * (`walked`: where a completion's span lies). Fills the scopes shared with
 * related analyses (the module's, the top-level classes'): facts got earlier
 * from one of them are stale from here on.
 */
export function factsOf(analysis: PythonAnalysis, uses: 'all' | 'walked'): PythonFacts {
  const every = everyChunk(analysis);
  if (!analysis.states) {
    analysis.states = new Map([[analysis.module, mergeBindings(every.map((c) => c.facts.moduleBindings))]]);
    for (const c of analysis.chunks)
      if (c.cls)
        analysis.states.set(
          c.cls.scope,
          mergeBindings([c.facts.classBindings, ...c.cls.members.map((m) => m.facts.classBindings)], classOf(c.node) ?? undefined),
        );
  }
  for (const [scope, state] of analysis.states) Object.assign(scope, state);
  const sets = (analysis.sets ??= fileSets(every.map((c) => c.facts)));
  const listed = uses === 'all' ? every : every.filter((c) => analysis.walked.has(c));
  return assemble(
    analysis.module,
    sets,
    listed.map((c) => c.facts),
    analysis.chunks.map((c) => c.node),
  );
}

function assemble(module: Scope, sets: FileSets, listed: readonly ChunkFacts[], statements: Node[]): PythonFacts {
  return {
    ...sets,
    references: listed.flatMap((f) => f.references),
    members: listed.flatMap((f) => f.members),
    attributes: listed.flatMap((f) => f.attributes),
    importedMembers: listed.flatMap((f) => f.importedMembers),
    module,
    statements,
  };
}

/** The merge of two bindings of one name that each name one thing (null: two different ones). */
function same<T>(known: T | null | undefined, next: T | null, equal: (a: T, b: T) => boolean): T | null {
  if (known === undefined) return next;
  return known !== null && next !== null && equal(known, next) ? known : null;
}

function mergeBindings(bindings: readonly Scope[], node?: Node): ScopeState {
  const s: ScopeState = { node, ...noBindings() };
  for (const b of bindings) {
    for (const n of b.bound) s.bound.add(n);
    for (const [n, k] of b.counts) s.counts.set(n, (s.counts.get(n) ?? 0) + k);
    for (const [n, classes] of b.constructed) s.constructed.set(n, new Set([...(s.constructed.get(n) ?? []), ...classes]));
    for (const n of b.other) s.other.add(n);
    for (const [n, v] of b.imported)
      s.imported.set(
        n,
        same(s.imported.get(n), v, (x, y) => x.module === y.module && x.name === y.name),
      );
    for (const [n, list] of b.typed) s.typed.set(n, [...(s.typed.get(n) ?? ([] as TypedBinding[])), ...list]);
  }
  return s;
}

function fileSets(chunks: readonly ChunkFacts[]): FileSets {
  const s: FileSets = {
    declaredElsewhere: new Set(),
    dynamic: false,
    unsure: new Set(),
    moduleNames: new Map(),
    otherwiseBound: new Set(),
    assignedMembers: new Set(),
    lazyAnnotations: false,
    classScopes: new Map(),
    storedAttributes: new Set(),
    dynamicMembers: false,
  };
  const union = <T>(into: Set<T>, from: Set<T>) => {
    for (const x of from) into.add(x);
  };
  for (const facts of chunks) {
    union(s.declaredElsewhere, facts.declaredElsewhere);
    union(s.unsure, facts.unsure);
    union(s.otherwiseBound, facts.otherwiseBound);
    union(s.assignedMembers, facts.assignedMembers);
    union(s.storedAttributes, facts.storedAttributes);
    s.dynamic ||= facts.dynamic;
    s.dynamicMembers ||= facts.dynamicMembers;
    s.lazyAnnotations ||= facts.lazyAnnotations;
    for (const [n, m] of facts.moduleNames)
      s.moduleNames.set(
        n,
        same(s.moduleNames.get(n), m, (x, y) => x === y),
      );
    for (const [id, scope] of facts.classScopes) s.classScopes.set(id, scope);
  }
  return s;
}

/** Walks a whole tree (the caller keeps it, and its nodes are read from it): the facts of every statement. */
export function pythonFacts(tree: Tree): PythonFacts {
  const root = tree.rootNode;
  const module = newScope('module');
  const statements = root.type === 'module' ? root.namedChildren.filter((c): c is Node => c !== null) : [root];
  const chunks: ChunkFacts[] = [];
  let lazy = false;
  for (const node of statements) {
    const facts = walkStatement(node, module, lazy);
    lazy = facts.lazyAnnotations;
    chunks.push(facts);
  }
  Object.assign(module, mergeBindings(chunks.map((c) => c.moduleBindings)));
  return assemble(module, fileSets(chunks), chunks, statements);
}
