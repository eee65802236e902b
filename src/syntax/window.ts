// The part of a live document a completion's check needs to parse. The
// document's tree (kept up to date edit by edit) says where the cursor sits:
// in a statement, in a method, in a class, in a file. At each list of
// statements or members on that path only the one holding the cursor and
// its two neighbours are kept; the other members are cut out. What is left
// is still a well-formed skeleton (`class A {` ... `}` around the method,
// the function header around the statement), which tree-sitter parses
// through `includedRanges` with the document's own offsets and rows.
//
// Why: a tree-sitter reparse after an edit is not constant time (every
// member after the edit is reduced again; measured ~O(rest of file) for
// Python), while members other than the one being completed cannot change
// the verdict: they are complete and balanced, or broken on their own rows,
// which the differential rule would excuse anyway. The neighbours stay for
// context (Python's indentation rules compare a statement with the one
// before it).
import type { Node, Point, Range, Tree } from 'web-tree-sitter';
import { pointAfter, type Stretch, type TextReader } from './text-edits';

/** Node types whose named children are independent statements or members. */
const LISTS = new Set([
  // python
  'module',
  'block',
  // java, c#, javascript/typescript, go, rust (and c++ `translation_unit` below)
  'program',
  'class_body',
  'interface_body',
  'enum_body',
  'compilation_unit',
  'declaration_list',
  'statement_block',
  'source_file',
  // c++
  'translation_unit',
  'field_declaration_list',
  'compound_statement',
]);

/** A window: its spans, and what was cut (valid as long as the tree is). */
export interface Window {
  /**
   * The spans of the document to parse for a completion at the cursor, as
   * sorted, disjoint [start, end) offsets; the whole document when nothing
   * can be cut. The cursor is always inside one of them.
   */
  spans: [number, number][];
  cuts: Cut[];
}

/**
 * Whether an edited stretch lies inside one of the window's spans, clear of
 * every cut (touching one counts as crossing it: a key typed right after a
 * member can join it).
 */
export function keepsWhole(window: Window, edited: Stretch, length: number): boolean {
  const [lo, hi] = edited;
  return window.spans.some(([s, t]) => (s < lo || s === 0) && (hi < t || t === length));
}

/** Members [start, end) of a list cut out of the window. */
interface Cut {
  range: [number, number];
  list: Node;
}

/**
 * The window for a completion at `offset`. `edited`: the stretch of the
 * document edited since `tree` was parsed (the tree is `edit`ed, its reparse
 * still to come). No member that touches it is cut out: the edited tree's
 * members there are the old text's, while every member away from it is
 * exact, so what is cut is still whole code of the text as it is now.
 */
export function cutWindow(tree: Tree, offset: number, length: number, edited?: Stretch): Window {
  const cuts: Cut[] = [];
  let node: Node | null = tree.rootNode;
  while (node) {
    if (LISTS.has(node.type)) cutSiblings(node, offset, cuts, edited);
    node = childAt(node, offset);
  }
  return {
    spans: spansBetween(
      cuts.map((c) => c.range),
      length,
    ),
    cuts,
  };
}

/**
 * The members the window cut out that hold `errors` (offsets of the
 * document), when each error lies inside one that tree-sitter reduced
 * whole: not an ERROR or MISSING node between members, but a method,
 * statement or declaration with its error inside. The parse of the members
 * after it then starts from the state it would start from if that member
 * were sound, so a check on the window is the check of the whole text with
 * those members set aside. undefined when an error is anywhere else.
 */
export function cutMembersHolding(window: Window, errors: readonly { start: number; end: number }[]): [number, number][] | undefined {
  const members = new Map<number, [number, number]>();
  for (const e of errors) {
    let found = false;
    for (const {
      range: [s, t],
      list,
    } of window.cuts) {
      if (e.start < s || e.end > t) continue;
      const member = list.firstChildForIndex(e.start);
      if (!member || member.startIndex > e.start || member.endIndex < e.end || member.endIndex > t || member.isError || member.isMissing)
        continue;
      members.set(member.startIndex, [member.startIndex, member.endIndex]);
      found = true;
      break;
    }
    if (!found) return undefined;
  }
  return [...members.values()].sort((x, y) => x[0] - y[0]);
}

/** Whether nothing could be cut: the window is the whole document (of `length`). */
export function isWholeDocument(window: Window, length: number): boolean {
  return window.spans.length === 1 && window.spans[0][0] === 0 && window.spans[0][1] === length;
}

/** How many code units of the document the window's spans hold. */
export function windowLength(window: Window): number {
  return window.spans.reduce((n, [start, end]) => n + end - start, 0);
}

/** The spans a document of `length` keeps between the cuts (sorted here). */
function spansBetween(cuts: [number, number][], length: number): [number, number][] {
  const spans: [number, number][] = [];
  let from = 0;
  for (const [start, end] of cuts.sort((x, y) => x[0] - y[0])) {
    if (start > from) spans.push([from, start]);
    from = Math.max(from, end);
  }
  if (length > from || spans.length === 0) spans.push([from, length]);
  return spans;
}

/** Row and column of an offset of the document. */
export type PointAt = (offset: number) => Point;

/** tree-sitter ranges for spans of the document itself. */
export function rangesBefore(spans: readonly [number, number][], pointAt: PointAt): Range[] {
  return spans.map(([s, e]) => ({
    startIndex: s,
    endIndex: e,
    startPosition: pointAt(s),
    endPosition: pointAt(e),
  }));
}

/**
 * tree-sitter ranges for the same spans once `completion` is inserted at
 * `offset` (point `at`): later offsets move by its length, later rows by its
 * line breaks, and the rest of the cursor's line also by its last line.
 */
export function rangesAfter(spans: readonly [number, number][], pointAt: PointAt, offset: number, at: Point, completion: string): Range[] {
  const end = pointAfter(at, completion);
  const move = (index: number, isEnd: boolean): [number, Point] => {
    const p = pointAt(index);
    if (index < offset || (index === offset && !isEnd)) return [index, p];
    if (p.row === at.row) return [index + completion.length, { row: end.row, column: end.column + (p.column - at.column) }];
    return [index + completion.length, { row: p.row + (end.row - at.row), column: p.column }];
  };
  return spans.map(([s, e]) => {
    const [startIndex, startPosition] = move(s, false);
    const [endIndex, endPosition] = move(e, true);
    return { startIndex, endIndex, startPosition, endPosition };
  });
}

/** The child of `node` holding `offset` (an offset at a child's end counts as inside it: the cursor is often right after the code). */
function childAt(node: Node, offset: number): Node | null {
  const child = node.firstChildForIndex(Math.max(0, offset - 1));
  return child && child.startIndex <= offset && child.endIndex >= offset && !child.equals(node) ? child : null;
}

function cutSiblings(list: Node, offset: number, cuts: Cut[], edited?: Stretch): void {
  const first = skipExtras(list.firstNamedChild, 'next');
  const last = skipExtras(list.lastNamedChild, 'previous');
  if (!first || !last) return;
  // The member holding the cursor, or the first one after it.
  let here = list.firstNamedChildForIndex(Math.max(0, offset - 1));
  here = here && here.endIndex >= offset ? here : null;
  let keepFrom = here ? widen(here, 'previous') : last;
  let keepTo = here ? widen(here, 'next') : last;
  if (edited) {
    // Stretch the kept members over the edited stretch: from the last member
    // starting before it, to the first one ending after it.
    const [lo, hi] = edited;
    if (hi >= first.startIndex && lo <= keepFrom.startIndex) keepFrom = startingBefore(list, lo) ?? first;
    if (lo <= last.endIndex && hi >= keepTo.endIndex) keepTo = list.firstNamedChildForIndex(hi) ?? last;
  }
  if (keepFrom.startIndex > first.startIndex) cuts.push({ range: [first.startIndex, keepFrom.startIndex], list });
  if (last.endIndex > keepTo.endIndex) cuts.push({ range: [keepTo.endIndex, last.endIndex], list });
}

/** The last member of `list` that starts before `offset`, if any. */
function startingBefore(list: Node, offset: number): Node | null {
  const at = list.firstNamedChildForIndex(Math.max(0, offset - 1)); // the first one ending at or after it
  if (!at) return list.lastNamedChild;
  return at.startIndex < offset ? at : at.previousNamedSibling;
}

/**
 * From the member at the cursor outwards, until two members in a row
 * without an error: a broken stretch next to the cursor is kept whole. It
 * is often the hole's own error, in pieces between lines that happen to
 * parse (the entries `1: "One",` of a dict whose `{` is the missing
 * middle, each a string statement then an ERROR), with the bracket the
 * completion has to close at its end.
 */
function widen(here: Node, direction: 'next' | 'previous'): Node {
  let kept = here;
  let clean = 0;
  for (let n = sibling(kept, direction); n && clean < 2; n = sibling(kept, direction)) {
    kept = n;
    clean = n.hasError || n.isError ? 0 : clean + 1;
  }
  return kept;
}

function sibling(node: Node, direction: 'next' | 'previous'): Node | null {
  return skipExtras(direction === 'next' ? node.nextNamedSibling : node.previousNamedSibling, direction);
}

/** Comments are extras; so is an ERROR around one skipped token, which must count as broken, not be skipped. */
function skipExtras(node: Node | null, direction: 'next' | 'previous'): Node | null {
  while (node && node.isExtra && !node.isError) node = direction === 'next' ? node.nextNamedSibling : node.previousNamedSibling;
  return node;
}

/**
 * Row and column of `offset` in `text`, read off `tree`: from the nearest
 * node edge at or before it, the rows counted in the text between the two
 * (so a check in a multi-MB file does not scan the whole of it for line
 * breaks). `edited`: the stretch edited since the tree was parsed, where its
 * edges are the old text's; the edges away from it are exact (tree.edit
 * moved them).
 */
export function pointInTree(tree: Tree, text: TextReader, offset: number, edited?: Stretch): Point {
  const trusted = (index: number) => !edited || index < edited[0] || index > edited[1];
  let from = 0;
  let point: Point = { row: 0, column: 0 };
  const take = (index: number, p: Point) => {
    if (index <= offset && index > from && trusted(index)) {
      from = index;
      point = p;
    }
  };
  for (let node: Node | null = tree.rootNode; node;) {
    take(node.startIndex, node.startPosition);
    const child: Node | null = node.firstChildForIndex(offset); // the first child ending after the offset
    const before = child ? child.previousSibling : node.lastChild;
    if (before) take(before.endIndex, before.endPosition);
    node = child && child.startIndex <= offset ? child : null;
  }
  let { row, column } = point;
  let lineStart = from - column;
  for (let i = text.indexOf('\n', from); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    row++;
    lineStart = i + 1;
  }
  column = offset - lineStart;
  return { row, column };
}

export function pointOf(offset: number, lineStarts: readonly number[]): Point {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { row: lo, column: offset - lineStarts[lo] };
}

export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}
