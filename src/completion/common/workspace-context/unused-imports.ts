// Names the file imports but does not use yet: what the user is about to
// call. Someone who writes `import { invoiceTotalCents } from './invoice'`
// and then goes down to write code means to use it, so its definition is the
// snippet the model needs most, though nothing near the cursor names it yet.
//
// "Used" means named anywhere in the file (before or after the cursor)
// outside import statements and outside the cursor's own line:
// - after the cursor counts too: a call further down means the import was
//   written for code that exists, and the ranking must not flip as the
//   cursor moves past a use;
// - the cursor's line does not count: that is the first use being typed,
//   and the definition should stay first until the line is done.
// The name in a comment or a string counts as a use (no parsing: a regex
// reading costs a rank, never a wrong completion).
import type { ImportBinding, ImportedFile } from './imports';

export interface UnusedImport {
  /** The local name. */
  local: string;
  /** The files it is bound to, and how (a Go package spans several files; Python's `from pkg import x` may be pkg's name or its submodule). */
  targets: { path: string; binding: ImportBinding }[];
  /** The cursor's line names it: the user is typing its first use. */
  onCursorLine: boolean;
  /** Characters between the cursor and where it is imported. */
  distance: number;
}

const IDENTIFIER = /[A-Za-z_$][\w$]*/g;

/**
 * The bindings of `imports` (resolved in `text`) whose names `text` does not
 * use, best first: the one on the cursor's line, then the one imported
 * nearest the cursor. No edit history says which import was written last;
 * a new import usually goes at the end of the list above the code, which is
 * the nearest one to the cursor, so nearness stands for "most recently imported".
 */
export function unusedImports(text: string, cursor: number, imports: readonly ImportedFile[]): UnusedImport[] {
  const byName = new Map<string, UnusedImport>();
  const statements: (readonly [number, number])[] = [];
  for (const f of imports) {
    for (const b of f.bindings) {
      statements.push(b.statement);
      if (b.reexport || b.local === '*') continue;
      const had = byName.get(b.local);
      const distance = Math.abs(cursor - b.at);
      if (had) {
        had.targets.push({ path: f.path, binding: b });
        had.distance = Math.min(had.distance, distance);
      } else byName.set(b.local, { local: b.local, targets: [{ path: f.path, binding: b }], onCursorLine: false, distance });
    }
  }
  if (!byName.size) return [];
  // The statements as sorted disjoint spans, walked along with the names (both in text order).
  const spans: [number, number][] = [];
  for (const [a, b] of [...statements].sort((x, y) => x[0] - y[0])) {
    const last = spans[spans.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else spans.push([a, b]);
  }
  const lineStart = text.lastIndexOf('\n', cursor - 1) + 1;
  const lineEnd = text.indexOf('\n', cursor) < 0 ? text.length : text.indexOf('\n', cursor);
  let s = 0;
  for (const m of text.matchAll(IDENTIFIER)) {
    const u = byName.get(m[0]);
    if (!u) continue;
    const at = m.index!;
    while (s < spans.length && spans[s][1] <= at) s++;
    if (s < spans.length && spans[s][0] <= at) continue;
    if (at >= lineStart && at <= lineEnd) u.onCursorLine = true;
    else byName.delete(m[0]);
  }
  return [...byName.values()].sort(
    (x, y) => Number(y.onCursorLine) - Number(x.onCursorLine) || x.distance - y.distance || x.local.localeCompare(y.local),
  );
}
