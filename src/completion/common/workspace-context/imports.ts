// Imports resolved within the workspace: which other files of the workspace
// the current file draws on, and under which local names. Only what can be
// resolved to a workspace file counts (a package from the registry, the
// standard library of a language, are not in the workspace). Each family's
// reader lives in its language's folder (src/languages/<id>/); a form it
// misses costs a snippet, nothing more.
import { FAMILIES } from '../../../languages/families';
import { dirname, joinPath } from '../../../languages/paths';
import { importReader } from '../../../languages/registry';
import type { ImportSite, LanguageFamily } from '../../../languages/spec';

/** One name an import statement binds in the importing file, and what it stands for in the imported one. */
export interface ImportBinding {
  /** The name the importing file uses (`pd` for `parsedate as pd`); `*` for a star import or re-export (every exported name). */
  local: string;
  /** Its name in the imported file (`default` for a default import); undefined: the module itself (`import * as ns`, `import x`, a Go package, `mod x;`). */
  imported?: string;
  /** `export ... from`: passed on to the files importing this one, no local name here. */
  reexport?: true;
  /** The binding statement's [start, end) in the text: a name there is not a use of it. */
  statement: readonly [number, number];
  /** Offset of the local name in the text (where it was imported: how near the cursor). */
  at: number;
}

export interface ImportedFile {
  path: string;
  /** Local names the import binds (`utils` for `from email import utils`, `{parse}` ...); empty: the whole file (include, same package). */
  names: string[];
  bindings: ImportBinding[];
}

/** A whole name as a language spells it (a reader's split may leave other text: a `\`, a comment). */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** What a family's reader finds: a file and the bindings that point at it. */
type Found = { path: string; bindings: ImportBinding[] };

/** A binding made by the statement `stmt` found at `start`; `at` is where `local` stands in it (its last whole-word occurrence). */
function bind(local: string, imported: string | undefined, start: number, stmt: string, reexport?: true): ImportBinding {
  let at = -1;
  if (local !== '*')
    for (const m of stmt.matchAll(new RegExp(`(?<![\\w$])${local.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w$])`, 'g'))) at = m.index!;
  return {
    local,
    imported,
    statement: [start, start + stmt.length],
    at: start + Math.max(0, at),
    ...(reexport && { reexport: true as const }),
  };
}

/** The workspace's paths, looked up by exact path and by suffix (`a/b.py` finds `src/pkg/a/b.py`). */
export class PathLookup {
  private readonly all: Set<string>;
  private readonly byBase = new Map<string, string[]>();

  constructor(paths: Iterable<string>) {
    this.all = new Set(paths);
    for (const p of this.all) {
      const base = p.slice(p.lastIndexOf('/') + 1);
      const list = this.byBase.get(base);
      list ? list.push(p) : this.byBase.set(base, [p]);
    }
  }

  has(path: string): boolean {
    return this.all.has(path);
  }

  /** Paths equal to `suffix` or ending with `/suffix`; the ones nearest `near` (sharing the most folders with it) first. */
  endingWith(suffix: string, near = ''): string[] {
    const base = suffix.slice(suffix.lastIndexOf('/') + 1);
    const hits = (this.byBase.get(base) ?? []).filter((p) => p === suffix || p.endsWith(`/${suffix}`));
    return hits.sort((a, b) => sharedFolders(b, near) - sharedFolders(a, near));
  }

  /** Files directly inside `folder` ('' is the root). */
  inFolder(folder: string): string[] {
    const out: string[] = [];
    for (const p of this.all) if (dirname(p) === folder) out.push(p);
    return out;
  }

  /** Folders ending with `suffix` (e.g. a Go import path's last elements). */
  foldersEndingWith(suffix: string): string[] {
    const out = new Set<string>();
    for (const p of this.all) {
      const d = dirname(p);
      if (d === suffix || d.endsWith(`/${suffix}`)) out.add(d);
    }
    return [...out];
  }
}

function sharedFolders(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  let i = 0;
  while (i < x.length - 1 && i < y.length - 1 && x[i] === y[i]) i++;
  return i;
}

/** Files the same package shares without an import (Java, Go, C#: the folder is the package, more or less). */
function samePackage(from: string, language: LanguageFamily, lookup: PathLookup): Found[] {
  if (!FAMILIES[language].folderIsPackage) return [];
  const ext = from.slice(from.lastIndexOf('.'));
  return lookup
    .inFolder(dirname(from))
    .filter((p) => p !== from && p.endsWith(ext) && !p.endsWith('_test.go'))
    .map((path) => ({ path, bindings: [] }));
}

/** The namespaces a file of `family` declares (C#'s, block or file-scoped); none where imports name files (FamilyRules.namespaces). */
export function declaredNamespaces(text: string, family: LanguageFamily): string[] {
  const pattern = FAMILIES[family].namespaces;
  return pattern ? [...text.matchAll(pattern)].map((m) => m[1]) : [];
}

/** The workspace as the family's reader sees it from `from`. */
function siteOf(from: string, lookup: PathLookup, namespaceFiles: ReadonlyMap<string, readonly string[]>): ImportSite {
  return {
    from,
    has: (path) => lookup.has(path),
    endingWith: (suffix) => lookup.endingWith(suffix, from),
    relative: (path) => joinPath(dirname(from), path),
    inFolder: (folder) => lookup.inFolder(folder),
    foldersEndingWith: (suffix) => lookup.foldersEndingWith(suffix),
    declaring: (namespace) => namespaceFiles.get(namespace) ?? [],
  };
}

export function resolveImports(
  text: string,
  from: string,
  language: LanguageFamily,
  lookup: PathLookup,
  namespaceFiles: ReadonlyMap<string, readonly string[]> = new Map(),
): ImportedFile[] {
  const found: Found[] = (importReader(language)?.(text, siteOf(from, lookup, namespaceFiles)) ?? []).map((f) => ({
    path: f.path,
    bindings: f.names.map((n) => bind(n.local, n.imported, f.start, f.statement, n.reexport)),
  }));
  // One entry per file, the bindings of every import of it merged; its names are those it binds here (not `*`, not re-exports).
  const byPath = new Map<string, ImportedFile>();
  for (const f of [...found, ...samePackage(from, language, lookup)]) {
    if (f.path === from) continue;
    const had = byPath.get(f.path) ?? { path: f.path, names: [], bindings: [] };
    byPath.set(f.path, had);
    const named = f.bindings.filter(
      (b) => (b.local === '*' || IDENTIFIER.test(b.local)) && (b.imported === undefined || IDENTIFIER.test(b.imported)),
    );
    had.bindings.push(...named);
    for (const b of named) if (!b.reexport && b.local !== '*' && !had.names.includes(b.local)) had.names.push(b.local);
  }
  return [...byPath.values()];
}
