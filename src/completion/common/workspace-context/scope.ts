// The cursor's scope: the definition it is in. The snippet choice is made
// again when it changes (stable-choice.ts), so it is read on every request
// and reads only the lines just above the cursor.
import { findDefinitions } from './definitions';
import type { WorkspaceIndex } from './workspace-index';

/** Lines above the cursor searched for the definition it is in. */
const SCOPE_LOOKBACK_LINES = 300;

/**
 * The 0-based line (of `prefix`) of the nearest definition head above the
 * cursor (-1: none): the cursor's scope. Reads back SCOPE_LOOKBACK_LINES line
 * breaks from the cursor, not the whole prefix.
 */
export function scopeLine(index: WorkspaceIndex, file: string, prefix: string): number {
  const language = index.language(file);
  if (!language) return -1;
  // The cursor's own line is left out: typing a head (`def f(`) must not re-rank on every key.
  const cursorLineStart = prefix.lastIndexOf('\n');
  if (cursorLineStart < 0) return -1;
  let from = cursorLineStart;
  let lines = 0;
  while (from > 0 && lines < SCOPE_LOOKBACK_LINES - 1) {
    from = prefix.lastIndexOf('\n', from - 1);
    lines++;
  }
  const start = from < 0 ? 0 : from + (from === cursorLineStart ? 0 : 1);
  const above = prefix.slice(start, cursorLineStart);
  const defs = findDefinitions(above, language);
  if (!defs.length) return -1;
  return lineCount(prefix, start) + defs[defs.length - 1].line;
}

/** How many line breaks come before `end` in `text`. */
function lineCount(text: string, end: number): number {
  let n = 0;
  for (let at = text.indexOf('\n'); at >= 0 && at < end; at = text.indexOf('\n', at + 1)) n++;
  return n;
}
