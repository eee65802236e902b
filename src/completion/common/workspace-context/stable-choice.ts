// Keeps the choice of snippets still while the user types. Snippets go
// before the file's window in the prompt, so any change to them changes the
// prompt's start and the model's KV cache of the whole prompt is lost
// (src/completion/worker/prompt-cache.ts). The choice is made again only when what it
// depends on moves: another file, another scope (the definition the cursor
// is in), other files changed, the recent lists changed, or the names the
// file imports and does not use yet changed (an import added at the top
// while the cursor stays in its function; a name's first use finished).
import { chooseSnippets, importsAt } from './retrieve';
import { scopeLine } from './scope';
import type { ContextSnippet, RetrievalRequest } from './types';
import type { WorkspaceIndex } from './workspace-index';

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
