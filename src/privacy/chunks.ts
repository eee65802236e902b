// Content-defined chunks of a long text, so that a scan of the text after a
// small edit can reuse what was found in the parts that did not change.
// Boundaries sit after lines whose own hash picks them (not at fixed offsets),
// so typing shifts no boundary except next to the edit.

export interface Span {
  start: number;
  end: number;
}

const MIN_CHUNK = 32 * 1024;
const MAX_CHUNK = 192 * 1024;
/** A line ends a chunk with probability 1/BOUNDARY_ODDS (a chunk of about 70 KB of code). */
const BOUNDARY_ODDS = 1024;
/** Each side of a seam that is scanned again across it: more than any one credential is long (an RSA-4096 PEM is 3.3 KB). */
const SEAM = 4 * 1024;

/** The line's first characters are enough to pick boundaries, and hashing whole lines was a tenth of a cold scan. */
const HASHED_CHARS = 48;

/** FNV-1a of the start of one line: boundaries depend on that line only. */
function lineHash(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start, stop = Math.min(end, start + HASHED_CHARS); i < stop; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Consecutive spans covering the text, each ending after a newline (bar the last, and lines over MAX_CHUNK). */
export function chunkSpans(text: string): Span[] {
  const spans: Span[] = [];
  let start = 0;
  let lineStart = 0;
  while (lineStart < text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl < 0 ? text.length : nl + 1;
    const size = lineEnd - start;
    if (lineEnd === text.length) break;
    if (size >= MAX_CHUNK || (size >= MIN_CHUNK && lineHash(text, lineStart, lineEnd) % BOUNDARY_ODDS === 0)) {
      spans.push({ start, end: lineEnd });
      start = lineEnd;
    }
    lineStart = lineEnd;
  }
  spans.push({ start, end: text.length });
  return spans;
}

/** For each boundary between chunks, the span from SEAM before it to SEAM after it, widened to whole lines where lines are short. */
export function seamSpans(text: string, chunks: readonly Span[]): Span[] {
  const seams: Span[] = [];
  for (let i = 1; i < chunks.length; i++) {
    const at = chunks[i].start;
    let start = Math.max(chunks[i - 1].start, at - SEAM);
    const ls = text.lastIndexOf('\n', start - 1) + 1;
    if (start - ls < 256) start = ls;
    let end = Math.min(chunks[i].end, at + SEAM);
    const le = text.indexOf('\n', end);
    if (le >= 0 && le - end < 256) end = le + 1;
    seams.push({ start, end });
  }
  return seams;
}
