// Chooses the snippets of other files a completion gets: first the
// definitions of names the file imports but does not use yet (what the user
// is about to call), then definitions of the names used near the cursor
// (first those the file imports), the imported files' parts most like the
// text around the cursor, then the recently edited and viewed files' most
// similar parts. Similarity is Jaccard over identifier sets (as Cody ranks);
// the kind of evidence sets the base score, similarity orders within it.
import { findDefinitions } from './definitions';
import { identifierSet, jaccard } from './identifiers';
import { importedDefinition } from './imported-definition';
import { resolveImports, type ImportedFile } from './imports';
import { unusedImports, type UnusedImport } from './unused-imports';
import type { LocatedDefinition, WorkspaceIndex } from './workspace-index';
import type { ContextSnippet, RetrievalRequest, SnippetReason } from './types';

const MAX_SNIPPETS = 8;
/** More than this many snippets from one file crowd the others out. */
const MAX_PER_FILE = 2;
/** The text around the cursor: lines before it and after it. */
const LINES_BEFORE = 30;
const LINES_AFTER = 10;
/**
 * At most this many characters per line read around the cursor: long enough
 * for any line of code, and it bounds what a minified line of 200,000
 * characters costs (its identifiers would otherwise all be read per request).
 */
const NEAR_LINE_CHARS = 200;
/** A name defined in more files than this is too common to say which one is meant, unless the file imports it. */
const MAX_AMBIGUITY = 6;
/** Recently edited / viewed files considered (most recent first). */
const RECENT_FILES = 8;

/**
 * Base scores. A definition of a name used near the cursor and an imported
 * file start level; how close to the cursor the name is used, and whether
 * the cursor is right after a name the import binds (`errors.|`), decide
 * between them. Files only recently edited or viewed come after.
 */
const BASE: Record<SnippetReason, number> = { definition: 1.5, import: 1, 'recent-edit': 0.6, 'recent-view': 0.4 };
/**
 * Names imported and not used yet come before any other evidence: every
 * score above stays under 6 (a definition at most 1.5 + 1 + 0.5 + 0.5, an
 * imported file the cursor follows 1 + 1 + 2 + 1). Among them, a step per
 * rank keeps unusedImports' order.
 */
const UNUSED_IMPORT = 10;
const UNUSED_IMPORT_STEP = 0.01;

interface Around {
  /** Identifiers of the text around the cursor. */
  near: Set<string>;
  /** Identifiers of the cursor's line (before the cursor), and of the two lines above it. */
  cursorLine: Set<string>;
  recent: Set<string>;
  /** The name the cursor follows with a dot or `::` / `->` (`errors.|`): what is completed is a member of it. */
  qualifier?: string;
}

function around(prefix: string, suffix: string): Around {
  // The lines around the cursor only, within a budget of characters: never the whole window.
  const before = prefix.slice(-LINES_BEFORE * NEAR_LINE_CHARS).split('\n');
  const after = suffix.slice(0, LINES_AFTER * NEAR_LINE_CHARS).split('\n');
  const cursorLine = before[before.length - 1];
  return {
    near: identifierSet([...before.slice(-LINES_BEFORE), ...after.slice(0, LINES_AFTER)].join('\n')),
    cursorLine: identifierSet(cursorLine),
    recent: identifierSet(before.slice(-3).join('\n')),
    qualifier: /([A-Za-z_$][\w$]*)\s*(?:\.|::|->)\s*[\w$]*$/.exec(cursorLine)?.[1],
  };
}

/** How close to the cursor a name is used: on its line 1, just above 0.6, elsewhere around it 0.3. */
function proximity(name: string, a: Around): number {
  return a.cursorLine.has(name) ? 1 : a.recent.has(name) ? 0.6 : 0.3;
}

function snippetOf(index: WorkspaceIndex, file: string, startLine: number, endLine: number): string {
  return index
    .lines(file)
    .slice(startLine, endLine + 1)
    .join('\n');
}

/** A definition's body as a snippet (`body` when the caller has read it already). */
function definitionCandidate(
  index: WorkspaceIndex,
  d: LocatedDefinition,
  name: string,
  score: number,
  body = snippetOf(index, d.file, d.line, d.endLine),
): ContextSnippet {
  return { file: d.file, text: body, startLine: d.line, source: index.text(d.file) ?? body, reason: 'definition', name, score };
}

/** The part of `file` most like the text around the cursor. */
function bestChunk(
  index: WorkspaceIndex,
  file: string,
  near: Set<string>,
): { startLine: number; endLine: number; similarity: number } | undefined {
  let best: { startLine: number; endLine: number; similarity: number } | undefined;
  for (const c of index.chunks(file)) {
    const similarity = jaccard(near, c.ids);
    if (!best || similarity > best.similarity) best = { startLine: c.startLine, endLine: c.endLine, similarity };
  }
  return best;
}

/** What the file at the request imports from the workspace, and which of those names it does not use yet (best first). */
export function importsAt(
  index: WorkspaceIndex,
  req: Pick<RetrievalRequest, 'file' | 'prefix' | 'suffix'>,
): { imports: ImportedFile[]; unused: UnusedImport[] } {
  const language = index.language(req.file);
  const text = req.prefix + req.suffix;
  const imports = language ? resolveImports(text, req.file, language, index.lookup, index.namespaceFiles(language)) : [];
  return { imports, unused: unusedImports(text, req.prefix.length, imports) };
}

export function chooseSnippets(index: WorkspaceIndex, req: RetrievalRequest): ContextSnippet[] {
  const language = index.language(req.file);
  const a = around(req.prefix, req.suffix);
  const text = req.prefix + req.suffix;
  const { imports, unused } = importsAt(index, req);
  const imported = new Set(imports.map((i) => i.path));
  // A name this file defines itself means its own definition, not another file's; read only once a name near the cursor is defined elsewhere.
  let own: Set<string> | undefined;
  const ownNames = () => (own ??= new Set(language ? findDefinitions(text, language).map((d) => d.name) : []));
  const candidates: ContextSnippet[] = [];

  // Names imported and not used yet: their definitions (or, for a module, its part most like the cursor's surroundings) first.
  unused.forEach((u, rank) => {
    const score = UNUSED_IMPORT - UNUSED_IMPORT_STEP * rank;
    for (const t of u.targets) {
      const d = t.binding.imported !== undefined ? importedDefinition(index, t.path, t.binding.imported) : undefined;
      if (!d || d.file === req.file) continue;
      candidates.push(definitionCandidate(index, d, u.local, score));
      return;
    }
    // No definition: the name is a module (`import * as ns`, `import x`, a Go package): its best part, from the file most like the cursor's surroundings.
    const modules = u.targets.filter((t) => t.binding.imported === undefined);
    const chunks = (modules.length ? modules : u.targets)
      .map((t) => ({ path: t.path, chunk: bestChunk(index, t.path, a.near) }))
      .filter((c) => c.chunk);
    const best = chunks.sort((x, y) => y.chunk!.similarity - x.chunk!.similarity || x.path.localeCompare(y.path))[0];
    if (!best) return;
    const { startLine, endLine } = best.chunk!;
    candidates.push({
      file: best.path,
      text: snippetOf(index, best.path, startLine, endLine),
      startLine,
      source: index.text(best.path) ?? '',
      reason: 'import',
      score,
    });
  });

  // Definitions of the names used around the cursor.
  for (const name of a.near) {
    const defs = index.definitionsOf(name, req.file);
    if (!defs.length) continue;
    const fromImports = defs.filter((d) => imported.has(d.file));
    if (!fromImports.length && ownNames().has(name)) continue;
    const usable = fromImports.length ? fromImports : defs.length <= MAX_AMBIGUITY ? defs : [];
    for (const d of usable) {
      const body = snippetOf(index, d.file, d.line, d.endLine);
      const score =
        BASE.definition +
        proximity(name, a) +
        (imported.has(d.file) ? 0.5 : 0) -
        (d.nested ? 0.4 : 0) -
        0.1 * (usable.length - 1) +
        0.5 * jaccard(a.near, identifierSet(body));
      candidates.push(definitionCandidate(index, d, name, score, body));
    }
  }

  // The imported files themselves: the part most like the cursor's surroundings, ranked up when a name they bind is used there.
  for (const imp of imports) {
    const chunk = bestChunk(index, imp.path, a.near);
    if (!chunk) continue;
    const used = imp.names.filter((n) => a.near.has(n));
    const bound = used.length ? Math.max(...used.map((n) => proximity(n, a))) : 0;
    const qualified = a.qualifier !== undefined && imp.names.includes(a.qualifier);
    candidates.push({
      file: imp.path,
      text: snippetOf(index, imp.path, chunk.startLine, chunk.endLine),
      startLine: chunk.startLine,
      source: index.text(imp.path) ?? '',
      reason: 'import',
      score: BASE.import + bound + (qualified ? 2 : 0) + chunk.similarity,
    });
  }

  // What the user worked on or looked at lately.
  const recent = (paths: readonly string[] | undefined, reason: 'recent-edit' | 'recent-view') => {
    (paths ?? [])
      .filter((p) => p !== req.file && index.has(p))
      .slice(0, RECENT_FILES)
      .forEach((path, rank) => {
        const chunk = bestChunk(index, path, a.near);
        if (!chunk) return;
        candidates.push({
          file: path,
          text: snippetOf(index, path, chunk.startLine, chunk.endLine),
          startLine: chunk.startLine,
          source: index.text(path) ?? '',
          reason,
          score: BASE[reason] - 0.05 * rank + chunk.similarity,
        });
      });
  };
  recent(req.recentlyEdited, 'recent-edit');
  recent(req.recentlyViewed, 'recent-view');

  return pick(candidates, req.maxSnippets ?? MAX_SNIPPETS);
}

/**
 * Best first, one file at a time: each file's best snippet in score order,
 * then second snippets of files (up to MAX_PER_FILE) while room is left, so
 * one file cannot crowd out the others at the top. No two snippets overlap.
 */
function pick(candidates: ContextSnippet[], max: number): ContextSnippet[] {
  candidates.sort((x, y) => y.score - x.score || x.file.localeCompare(y.file) || x.startLine - y.startLine);
  const chosen: ContextSnippet[] = [];
  const perFile = new Map<string, { start: number; end: number }[]>();
  for (let round = 1; round <= MAX_PER_FILE; round++) {
    for (const c of candidates) {
      if (chosen.length >= max) return chosen;
      const taken = perFile.get(c.file) ?? [];
      const end = c.startLine + c.text.split('\n').length - 1;
      if (taken.length >= round || taken.some((t) => c.startLine <= t.end && end >= t.start)) continue;
      taken.push({ start: c.startLine, end });
      perFile.set(c.file, taken);
      chosen.push(c);
    }
  }
  return chosen;
}
