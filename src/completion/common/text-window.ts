// The part of a document a completion request carries: a bounded window
// around the cursor, so that what a keystroke costs (reading the text,
// keying the cache, posting it to the workers, building the prompt) follows
// the window, not the file. The window is wider than any prompt budget, so
// in a file that fits in it nothing changes; in a larger file the prompt,
// the extent, the unasked check and the retrieval see the window only.
//
// Its edges move in steps (GRID) and sit on line starts, so typing does not
// move them: the prompt's start, the cached results and the snippet choice
// stay put while the user types.

/** Characters kept before and after the cursor (more than any prompt budget's worth of tokens). */
export const WINDOW_BEFORE = 65_536;
export const WINDOW_AFTER = 32_768;
/** The window's edges move in steps of this many characters. */
const GRID = 4_096;
/** An edge moves back to its line's start unless the line is longer than this (a minified file). */
const LINE_SLACK = 4_096;
/**
 * Text judged, never sent, on each side of the window: the secret guard
 * reads it so that a credential cut by the window's edge (a private key's
 * tail) is still recognised. Longer than any credential the guard knows.
 */
const MARGIN = 8_192;

/** Where a window lies in its document; absent on a request: the prefix and suffix are the whole document. */
export interface WindowPlace {
  /** Offset in the document of the prefix's first character. */
  start: number;
  /** 0-based line of `start`. */
  startLine: number;
  /** The whole document's length. */
  documentLength: number;
  /** Up to MARGIN characters just before the window and just after it: for the secret guard only. */
  before: string;
  after: string;
}

interface TextWindow {
  prefix: string;
  suffix: string;
  /** Absent when the window is the whole document. */
  window?: WindowPlace;
}

/** What the window reads of a document (the editor's model). */
export interface WindowDocument {
  length: number;
  /** The 0-based line holding `offset`, and the offset that line starts at. */
  lineAt(offset: number): { line: number; start: number };
  /** The 0-based line holding `offset`, and the offset just after that line's end (before its line break). */
  lineEndAt(offset: number): number;
  read(start: number, end: number): string;
}

/** The window around `cursor` (an offset in `doc`). */
export function windowAround(doc: WindowDocument, cursor: number): TextWindow {
  const n = doc.length;
  if (n <= WINDOW_BEFORE + WINDOW_AFTER) {
    return { prefix: doc.read(0, cursor), suffix: doc.read(cursor, n) };
  }
  let start = Math.max(0, Math.floor((cursor - WINDOW_BEFORE) / GRID) * GRID);
  let startLine = doc.lineAt(start);
  if (start - startLine.start <= LINE_SLACK) start = startLine.start;
  else startLine = { ...startLine, start };
  let end = Math.min(n, Math.ceil((cursor + WINDOW_AFTER) / GRID) * GRID);
  const lineEnd = doc.lineEndAt(end);
  if (lineEnd - end <= LINE_SLACK) end = lineEnd;
  if (start === 0 && end === n) return { prefix: doc.read(0, cursor), suffix: doc.read(cursor, n) };
  return {
    prefix: doc.read(start, cursor),
    suffix: doc.read(cursor, end),
    window: {
      start,
      startLine: startLine.line,
      documentLength: n,
      before: doc.read(Math.max(0, start - MARGIN), start),
      after: doc.read(end, Math.min(n, end + MARGIN)),
    },
  };
}
