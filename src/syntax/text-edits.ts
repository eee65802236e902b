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

export class EditOutOfRangeError extends Error {}

/** Apply one edit: the new text and the tree edit. Throws when the edit does not fit the text (a missed change). */
export function applyEdit(text: string, e: TextEdit): { text: string; edit: TreeEdit } {
  const { rangeOffset: at, rangeLength: len } = e;
  if (!Number.isInteger(at) || !Number.isInteger(len) || at < 0 || len < 0 || at + len > text.length || typeof e.text !== 'string') {
    throw new EditOutOfRangeError(`edit [${at}, ${at + len}) does not fit a document of ${text.length} code units`);
  }
  const start = e.range ? { row: e.range.startLineNumber - 1, column: e.range.startColumn - 1 } : pointAt(text, at);
  const oldEnd = e.range ? { row: e.range.endLineNumber - 1, column: e.range.endColumn - 1 } : pointAfter(start, text.slice(at, at + len));
  return {
    text: text.slice(0, at) + e.text + text.slice(at + len),
    edit: { startIndex: at, oldEndIndex: at + len, newEndIndex: at + e.text.length, startPosition: start, oldEndPosition: oldEnd, newEndPosition: pointAfter(start, e.text) },
  };
}
