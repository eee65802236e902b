// Whether a text model holds a very long line (a minified bundle, a data
// line), without a pass over its text on each keystroke: line lengths come
// from the model's line index, a whole-file look happens when a model is
// first seen (or a long line may have gone), and a keystroke looks at the
// lines its change touched.

/** A line longer than this makes its file large (src/editor/large-file.ts). */
export const LONG_LINE_CHARS = 10_000;

/** What the watch reads of a text model: Monaco's `ITextModel` has all of it. */
export interface LineModel {
  getVersionId(): number;
  getValueLength(): number;
  getLineCount(): number;
  getLineLength(lineNumber: number): number;
}

/** A content change as Monaco reports it: where it starts and the text it put there. */
export interface LineChange {
  range: { startLineNumber: number };
  text: string;
}

/**
 * Above this many lines a whole-file look reads the average line length
 * only: such a file is large by its lines already, and one look at every
 * line's length would be a long task when it opens.
 */
const SCAN_LINES = 10_000;

const known = new WeakMap<LineModel, { version: number; long: boolean }>();

function scan(model: LineModel): boolean {
  const lines = model.getLineCount();
  if (lines > SCAN_LINES) return model.getValueLength() / lines > LONG_LINE_CHARS;
  for (let l = 1; l <= lines; l++) if (model.getLineLength(l) > LONG_LINE_CHARS) return true;
  return false;
}

/** Whether a line the changes touched is long (the lines each change's text now covers). */
function touchedLong(model: LineModel, changes: readonly LineChange[]): boolean {
  const last = model.getLineCount();
  for (const c of changes) {
    let breaks = 0;
    for (let at = c.text.indexOf('\n'); at >= 0; at = c.text.indexOf('\n', at + 1)) breaks++;
    const to = Math.min(last, c.range.startLineNumber + breaks);
    for (let l = Math.max(1, c.range.startLineNumber); l <= to; l++) if (model.getLineLength(l) > LONG_LINE_CHARS) return true;
  }
  return false;
}

/**
 * Whether `model` holds a line over LONG_LINE_CHARS. `changes`: the edit that
 * made its current version (from the one seen last), when known: a model with no long line before it
 * is then looked at where the edit landed only; one that had a long line is
 * looked at there first (typing in the long line keeps it long), else whole.
 */
export function hasLongLine(model: LineModel, changes?: readonly LineChange[]): boolean {
  const version = model.getVersionId();
  const before = known.get(model);
  if (before?.version === version) return before.long;
  let long: boolean;
  // No line can be longer than the whole text.
  if (model.getValueLength() <= LONG_LINE_CHARS) long = false;
  else if (before && changes && before.version === version - 1) long = touchedLong(model, changes) || (before.long && scan(model));
  else long = scan(model);
  known.set(model, { version, long });
  return long;
}
