// Keeps the choice of snippets still while the user types. Snippets go
// before the file's window in the prompt, so any change to them changes the
// prompt's start and the model's KV cache of the whole prompt is lost
// (src/inference/prompt-cache.ts). The choice is made again only when what it
// depends on moves: another file, another scope (the definition the cursor
// is in), other files changed, the recent lists changed, or the names the
// file imports and does not use yet changed (an import added at the top
// while the cursor stays in its function; a name's first use finished).
import { findDefinitions } from './definitions';
import { chooseSnippets, importsAt } from './retrieve';
import type { ContextSnippet, RetrievalRequest } from './types';
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

export class StableSnippetChooser {
  private last: { key: string; snippets: ContextSnippet[] } | undefined;

  constructor(private readonly index: WorkspaceIndex) {}

  choose(req: RetrievalRequest): ContextSnippet[] {
    const key = JSON.stringify([
      req.file,
      (req.firstLine ?? 0) + scopeLine(this.index, req.file, req.prefix),
      this.index.versionExcept(req.file),
      (req.recentlyEdited ?? []).filter((p) => p !== req.file).slice(0, 8),
      (req.recentlyViewed ?? []).filter((p) => p !== req.file).slice(0, 8),
      req.maxSnippets,
      // As a set: their order follows the cursor, and a new order alone would change the prompt for nothing.
      importsAt(this.index, req)
        .unused.map((u) => u.local)
        .sort(),
    ]);
    if (this.last?.key === key) return this.last.snippets;
    const next = chooseSnippets(this.index, req);
    // The same snippets in a new order would still change the prompt: keep the old order.
    // (The new objects, in it: each carries its file's current text, which the egress gate judges it on.)
    const same = this.last && sameSet(this.last.snippets, next);
    this.last = { key, snippets: same ? this.last!.snippets.map((s) => next.find((n) => id(n) === id(s))!) : next };
    return this.last.snippets;
  }
}

const id = (s: ContextSnippet) => `${s.file}\n${s.startLine}\n${s.text}`;

function sameSet(a: readonly ContextSnippet[], b: readonly ContextSnippet[]): boolean {
  const x = new Set(a.map(id));
  return a.length === b.length && b.every((s) => x.has(id(s)));
}
