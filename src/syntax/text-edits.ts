// Edits to a live document, as the editor reports them, turned into the
// text after the edit and the tree-sitter `Edit` that keeps a tree in step.
// Pure: no wasm, no DOM.
import type { Point } from 'web-tree-sitter';

/**
 * One change, in Monaco's `onDidChangeModelContent` shape (VS Code's and
 * LSP's too): replace `rangeLength` code units at `rangeOffset` by `text`.
 * A change list is applied in its order, each against the text the previous
 * one left, which is how Monaco orders `changes`.
 */
export interface TextEdit {
  rangeOffset: number;
  rangeLength: number;
  text: string;
  /** Monaco's 1-based range of the replaced text, when known: saves a scan for the row. */
  range?: { startLineNumber: number; startColumn: number; endLineNumber: number; endColumn: number };
}

/** tree-sitter's edit description, offsets and columns in UTF-16 code units (web-tree-sitter's unit for JS strings). */
export interface TreeEdit {
  startIndex: number;
  oldEndIndex: number;
  newEndIndex: number;
  startPosition: Point;
  oldEndPosition: Point;
  newEndPosition: Point;
}

/** Row and column of an offset, by scanning back for line breaks (only the part before the offset is read). */
export function pointAt(text: string, offset: number): Point {
  let row = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    row++;
    lineStart = i + 1;
  }
  return { row, column: offset - lineStart };
}

/** Where `inserted` ends when it starts at `start`. */
export function pointAfter(start: Point, inserted: string): Point {
  const last = inserted.lastIndexOf('\n');
  if (last === -1) return { row: start.row, column: start.column + inserted.length };
  let rows = 0;
  for (let i = inserted.indexOf('\n'); i !== -1; i = inserted.indexOf('\n', i + 1)) rows++;
  return { row: start.row + rows, column: inserted.length - last - 1 };
}

/** [first, last] offsets of a document, both included. */
export type Stretch = readonly [number, number];

/**
 * The stretch of the text holding both `stretch` (edited before, read in the
 * text `e` applies to) and what `e` wrote, in the text after `e`.
 */
export function grownStretch(stretch: Stretch | undefined, e: Pick<TreeEdit, 'startIndex' | 'oldEndIndex' | 'newEndIndex'>): Stretch {
  if (!stretch) return [e.startIndex, e.newEndIndex];
  const moved = (index: number) =>
    index <= e.startIndex ? index : index >= e.oldEndIndex ? index + e.newEndIndex - e.oldEndIndex : e.newEndIndex;
  return [Math.min(moved(stretch[0]), e.startIndex), Math.max(moved(stretch[1]), e.newEndIndex)];
}

class EditOutOfRangeError extends Error {}

function checkFits(e: TextEdit, length: number): void {
  const { rangeOffset: at, rangeLength: len } = e;
  if (!Number.isInteger(at) || !Number.isInteger(len) || at < 0 || len < 0 || at + len > length || typeof e.text !== 'string') {
    throw new EditOutOfRangeError(`edit [${at}, ${at + len}) does not fit a document of ${length} code units`);
  }
}

/** The tree edit of `e`; `text` (the text before it) is read only when the editor gave no range. */
function treeEditOf(e: TextEdit, text: () => string): TreeEdit {
  const { rangeOffset: at, rangeLength: len } = e;
  const start = e.range ? { row: e.range.startLineNumber - 1, column: e.range.startColumn - 1 } : pointAt(text(), at);
  const oldEnd = e.range
    ? { row: e.range.endLineNumber - 1, column: e.range.endColumn - 1 }
    : pointAfter(start, text().slice(at, at + len));
  return {
    startIndex: at,
    oldEndIndex: at + len,
    newEndIndex: at + e.text.length,
    startPosition: start,
    oldEndPosition: oldEnd,
    newEndPosition: pointAfter(start, e.text),
  };
}

/** The longest changed stretch EditedText keeps beside its text. */
const MAX_STRETCH = 1 << 16;

/**
 * A document's text that takes edits without being copied at each one.
 * Splicing a string copies the whole of it (V8 joins a concatenation the
 * first time it is sliced), so in a multi-MB file every keystroke would copy
 * the file in the syntax worker, a core busy while the person types. Here
 * the edits since the text was last read are kept as one changed stretch of
 * the last text read (typing touches one place), and the text is made once,
 * when it is next read whole (a reparse); a check reads it in place.
 */
export class EditedText {
  /** The text as last read. */
  private base: string;
  /** `base` with `base[from, to)` replaced by `changed` is the text now. */
  private from = 0;
  private to = 0;
  private changed: string | undefined;

  constructor(text: string) {
    this.base = text;
  }

  get length(): number {
    return this.changed === undefined ? this.base.length : this.base.length - (this.to - this.from) + this.changed.length;
  }

  /** The text now (made here if edits came since it was last read). */
  get text(): string {
    if (this.changed !== undefined) {
      this.base = this.base.slice(0, this.from) + this.changed + this.base.slice(this.to);
      this.changed = undefined;
    }
    return this.base;
  }

  /**
   * The text now, read in place (`replacedText`): a check reads a few lines
   * of it, and making the whole text for that would copy the file at every
   * check after an edit.
   */
  get reader(): TextReader {
    return this.changed === undefined ? this.base : replacedText(this.base, this.from, this.to, this.changed);
  }

  /** Takes `e` (against the text now); its tree edit. Throws, changing nothing, when it does not fit (a missed change). */
  edit(e: TextEdit): TreeEdit {
    checkFits(e, this.length);
    const treeEdit = treeEditOf(e, () => this.text);
    const at = e.rangeOffset;
    const end = at + e.rangeLength;
    if (this.changed === undefined) {
      this.from = at;
      this.to = end;
      this.changed = e.text;
      return treeEdit;
    }
    // The stretch grows to hold this edit too: read in the text now, [lo, hi) is base[from', to') once changed.
    const grown = this.changed.length - (this.to - this.from);
    const lo = Math.min(at, this.from);
    const hi = Math.max(end, this.from + this.changed.length);
    const before = this.base.slice(lo, this.from);
    const after = this.base.slice(this.to, hi - grown);
    const stretch = before + this.changed + after;
    this.changed = stretch.slice(0, at - lo) + e.text + stretch.slice(end - lo);
    this.from = lo;
    this.to = hi - grown;
    // Edits far apart make one long stretch, copied at each further edit: made into the text instead.
    if (this.changed.length > MAX_STRETCH) void this.text;
    return treeEdit;
  }
}

/**
 * What a reader of a document's text needs (the Python checks): a string
 * has it, and so has `splicedText`.
 */
export interface TextReader {
  readonly length: number;
  charAt(index: number): string;
  indexOf(search: string, from?: number): number;
  lastIndexOf(search: string, from?: number): number;
  slice(start: number, end?: number): string;
}

/**
 * `text` with `inserted` at `at`, read in place: never joined into one
 * string. V8 joins a concatenation the first time it is searched, a copy of
 * the whole document, paid on every keystroke, for a check that reads a
 * few lines around the cursor. Searches are for one character.
 */
export function splicedText(text: TextReader, at: number, inserted: string): TextReader {
  return replacedText(text, at, at, inserted);
}

/** `text` with `text[from, to)` replaced by `inserted`, read in place as `splicedText` is. */
export function replacedText(text: TextReader, from: number, to: number, inserted: string): TextReader {
  const end = from + inserted.length; // where the inserted text ends in the result
  const shift = inserted.length - (to - from); // a result offset past it, less the same offset in `text`
  const length = text.length + shift;
  const charAt = (i: number) => (i < from ? text.charAt(i) : i < end ? inserted.charAt(i - from) : text.charAt(i - shift));
  return {
    length,
    charAt,
    indexOf(search, start = 0) {
      if (start < from) {
        const i = text.indexOf(search, start);
        if (i !== -1 && i < from) return i;
      }
      if (start < end) {
        const i = inserted.indexOf(search, Math.max(0, start - from));
        if (i !== -1) return from + i;
      }
      const i = text.indexOf(search, Math.max(to, start - shift));
      return i === -1 ? -1 : i + shift;
    },
    lastIndexOf(search, position = length) {
      const p = Math.min(Math.max(position, 0), length);
      if (p >= end) {
        const i = text.lastIndexOf(search, p - shift);
        if (i >= to) return i + shift;
      }
      if (p >= from) {
        const i = inserted.lastIndexOf(search, Math.min(inserted.length, p - from));
        if (i !== -1) return from + i;
      }
      return from === 0 ? -1 : text.lastIndexOf(search, Math.min(from - 1, p));
    },
    slice(start, stop = length) {
      const a = Math.max(0, Math.min(length, start < 0 ? length + start : start));
      const b = Math.max(a, Math.min(length, stop < 0 ? length + stop : stop));
      if (b <= from) return text.slice(a, b);
      if (a >= end) return text.slice(a - shift, b - shift);
      return (
        text.slice(a, Math.min(b, from)) +
        inserted.slice(Math.max(0, a - from), Math.min(inserted.length, b - from)) +
        (b > end ? text.slice(to, b - shift) : '')
      );
    },
  };
}

/** How many line breaks `text` holds: the row its end is on. */
export function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** The one range where `b` differs from `a` (common start and end left out), as a tree-sitter edit from `a` to `b`. */
export function differingRange(
  a: string,
  b: string,
): {
  startIndex: number;
  oldEndIndex: number;
  newEndIndex: number;
  startPosition: { row: number; column: number };
  oldEndPosition: { row: number; column: number };
  newEndPosition: { row: number; column: number };
} {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  let ea = a.length;
  let eb = b.length;
  while (ea > i && eb > i && a.charCodeAt(ea - 1) === b.charCodeAt(eb - 1)) {
    ea--;
    eb--;
  }
  return {
    startIndex: i,
    oldEndIndex: ea,
    newEndIndex: eb,
    startPosition: pointAt(a, i),
    oldEndPosition: pointAt(a, ea),
    newEndPosition: pointAt(b, eb),
  };
}
