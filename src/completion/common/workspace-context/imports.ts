// Imports resolved within the workspace: which other files of the workspace
// the current file draws on, and under which local names. Only what can be
// resolved to a workspace file counts (a package from the registry, the
// standard library of a language, are not in the workspace). Regular
// expressions per language; a form they miss costs a snippet, nothing more.
import { FAMILIES } from '../../../languages/families';
import { pluginImportReader } from '../../../languages/registry';
import type { BuiltInFamily, LanguageFamily } from '../../../languages/spec';

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

/** What the per-language readers find: a file and the bindings that point at it. */
type Found = { path: string; bindings: ImportBinding[] };

/** A binding made by the statement `stmt` found at `start`; `at` is where `local` stands in it (its last whole-word occurrence). */
function bind(local: string, imported: string | undefined, start: number, stmt: string, reexport = false): ImportBinding {
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

function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** `a/b/../c/./d` -> `a/c/d`; undefined when it climbs above the root. */
function normalise(path: string): string | undefined {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (!part || part === '.') continue;
    if (part === '..') {
      if (!out.length) return undefined;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

const join = (...parts: string[]) => normalise(parts.filter(Boolean).join('/'));

function first(lookup: PathLookup, candidates: (string | undefined)[]): string | undefined {
  return candidates.find((c): c is string => !!c && lookup.has(c));
}

// ---- Python ---------------------------------------------------------------

function pythonModule(lookup: PathLookup, from: string, dots: number, module: string): string | undefined {
  const rel = module.replace(/\./g, '/');
  if (dots > 0) {
    let base: string | undefined = dirname(from);
    for (let i = 1; i < dots && base !== undefined; i++) base = base ? dirname(base) : undefined;
    if (base === undefined) return undefined;
    return first(lookup, [join(base, `${rel}.py`), join(base, rel, '__init__.py'), join(base, `${rel}.pyi`)]);
  }
  // Absolute: the package may sit anywhere in the workspace (a src/ layout, the workspace opened above it).
  // Drop leading package names while nothing matches: `email.utils` opened as the email/ folder is `utils.py`.
  const parts = rel.split('/');
  for (let i = 0; i < parts.length; i++) {
    const r = parts.slice(i).join('/');
    const hit = lookup.endingWith(`${r}.py`, from)[0] ?? lookup.endingWith(`${r}/__init__.py`, from)[0];
    if (hit) return hit;
  }
  return undefined;
}

function pythonImports(text: string, from: string, lookup: PathLookup): Found[] {
  const out: Found[] = [];
  // Parenthesised name lists and `\` continuations span lines: fold them first, blanks for line breaks so that offsets stay those of `text`.
  const folded = text
    .replace(/\(([^()]*)\)/g, (m, inner: string) => (m.includes('\n') ? `(${inner.replace(/\s*\n\s*/g, (w) => ' '.repeat(w.length))})` : m))
    .replace(/\\[ \t]*\r?\n/g, (w) => ' '.repeat(w.length));
  for (const m of folded.matchAll(/^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+\(?([^)\n#]+)/gm)) {
    const dots = m[1].length;
    const names = m[3]
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)
      .map((n) => {
        const [orig, alias] = n.split(/\s+as\s+/).map((x) => x.trim());
        return { orig, local: alias ?? orig };
      })
      .filter((n) => n.orig === '*' || (IDENTIFIER.test(n.orig) && IDENTIFIER.test(n.local)));
    const mod = m[2] ? pythonModule(lookup, from, dots, m[2]) : undefined;
    // `from pkg import name`: name may be a submodule of pkg rather than something defined in it.
    for (const n of names) {
      const sub = n.orig !== '*' ? pythonModule(lookup, from, dots, m[2] ? `${m[2]}.${n.orig}` : n.orig) : undefined;
      if (sub) out.push({ path: sub, bindings: [bind(n.local, undefined, m.index!, m[0])] });
    }
    if (mod) out.push({ path: mod, bindings: names.map((n) => bind(n.local, n.orig === '*' ? undefined : n.orig, m.index!, m[0])) });
  }
  for (const m of folded.matchAll(/^[ \t]*import[ \t]+([\w., \t]+)/gm)) {
    for (const item of m[1].split(',')) {
      const [mod, alias] = item.trim().split(/\s+as\s+/);
      if (!mod) continue;
      const path = pythonModule(lookup, from, 0, mod);
      if (path) out.push({ path, bindings: [bind(alias ?? mod.split('.').pop()!, undefined, m.index!, m[0])] });
    }
  }
  return out;
}

// ---- JavaScript / TypeScript ----------------------------------------------

const JS_EXTENSIONS = [
  '',
  '.ts',
  '.tsx',
  '.d.ts',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
  '.mts',
  '.cts',
  '/index.ts',
  '/index.tsx',
  '/index.js',
  '/index.mjs',
  '/index.cjs',
];

function jsModule(lookup: PathLookup, from: string, spec: string): string | undefined {
  if (!spec.startsWith('.') && !spec.startsWith('/')) return undefined; // a package, not a workspace file
  const base = spec.startsWith('/') ? normalise(spec) : join(dirname(from), spec);
  if (base === undefined) return undefined;
  // TypeScript's ESM convention imports `./x.js` for `./x.ts`.
  const stem = base.replace(/\.(m|c)?js$/, '');
  return first(lookup, [...JS_EXTENSIONS.map((e) => base + e), ...JS_EXTENSIONS.map((e) => stem + e)]);
}

/** What an import or export clause binds: `{ a, type B, c as d }`, `* as ns`, a default name; `*` alone for `export *`. */
function jsClause(clause: string): { local: string; imported?: string }[] {
  const out: { local: string; imported?: string }[] = [];
  const braces = /\{([^}]*)\}/.exec(clause);
  if (braces)
    for (const n of braces[1].split(',')) {
      const [orig, alias] = n
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .map((x) => x.trim());
      if (orig) out.push({ local: alias ?? orig, imported: orig });
    }
  const rest = clause.replace(/\{[^}]*\}/, '');
  const ns = /\*\s+as\s+([\w$]+)/.exec(rest);
  if (ns) out.push({ local: ns[1] });
  else if (/^\s*\*\s*$/.test(rest)) out.push({ local: '*' });
  const def = /^\s*(?:type\s+)?([\w$]+)/.exec(rest);
  if (def && def[1] !== 'type') out.push({ local: def[1], imported: 'default' });
  return out;
}

function jsImports(text: string, from: string, lookup: PathLookup): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(/\bimport\s+([^'";]*?)\s+from\s+['"]([^'"]+)['"]/g)) {
    const path = jsModule(lookup, from, m[2]);
    if (path) out.push({ path, bindings: jsClause(m[1]).map((b) => bind(b.local, b.imported, m.index!, m[0])) });
  }
  for (const m of text.matchAll(/\bexport\s+([^'";]*?)\s+from\s+['"]([^'"]+)['"]/g)) {
    const path = jsModule(lookup, from, m[2]);
    if (path)
      out.push({ path, bindings: jsClause(m[1].replace(/^type\s+/, '')).map((b) => bind(b.local, b.imported, m.index!, m[0], true)) });
  }
  for (const m of text.matchAll(/\bimport\s*\(?\s*['"]([^'"]+)['"]/g)) {
    const path = jsModule(lookup, from, m[1]);
    if (path) out.push({ path, bindings: [] });
  }
  for (const m of text.matchAll(/(?:(?:const|let|var)\s+([\w$]+|\{[^}]*\})\s*=\s*)?require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const path = jsModule(lookup, from, m[2]);
    if (!path) continue;
    // `const { a, b: c } = require(...)` binds c to the module's b; `const x = require(...)` binds the module.
    const names = !m[1]
      ? []
      : m[1].startsWith('{')
        ? m[1]
            .slice(1, -1)
            .split(',')
            .map((n) => n.split(':').map((x) => x.trim()))
            .filter((p) => p[0])
            .map(([orig, alias]) => ({ local: alias || orig, imported: orig as string | undefined }))
        : [{ local: m[1], imported: undefined }];
    out.push({ path, bindings: names.map((b) => bind(b.local, b.imported, m.index!, m[0])) });
  }
  return out;
}

// ---- Java, C# ---------------------------------------------------------------

function javaImports(text: string, from: string, lookup: PathLookup): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(/^[ \t]*import[ \t]+(static[ \t]+)?([\w.]+?)(\.\*)?[ \t]*;/gm)) {
    const parts = m[2].split('.');
    if (m[3]) {
      for (const dir of lookup.foldersEndingWith(parts.join('/')))
        for (const p of lookup.inFolder(dir)) if (p.endsWith('.java')) out.push({ path: p, bindings: [] });
      continue;
    }
    // A static import names a member: its class is the part before it.
    const cls = m[1] ? parts.slice(0, -1) : parts;
    const path = lookup.endingWith(`${cls.join('/')}.java`, from)[0];
    const name = m[1] ? parts[parts.length - 1] : cls[cls.length - 1];
    if (path) out.push({ path, bindings: [bind(name, name, m.index!, m[0])] });
  }
  return out;
}

/** C#'s `using A.B;` names a namespace, not a file: the files that declare it. */
function csharpImports(text: string, from: string, namespaces: ReadonlyMap<string, readonly string[]>): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(/^[ \t]*(?:global[ \t]+)?using[ \t]+(?:static[ \t]+)?(?:\w+[ \t]*=[ \t]*)?([\w.]+)[ \t]*;/gm)) {
    for (const path of namespaces.get(m[1]) ?? []) if (path !== from) out.push({ path, bindings: [] });
  }
  return out;
}

/** The namespaces a file of `family` declares (C#'s, block or file-scoped); none where imports name files (FamilyRules.namespaces). */
export function declaredNamespaces(text: string, family: LanguageFamily): string[] {
  const pattern = FAMILIES[family].namespaces;
  return pattern ? [...text.matchAll(pattern)].map((m) => m[1]) : [];
}

// ---- C, C++ -----------------------------------------------------------------

function cIncludes(text: string, from: string, lookup: PathLookup): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(/^[ \t]*#[ \t]*include[ \t]*[<"]([^>"]+)[>"]/gm)) {
    const path = first(lookup, [join(dirname(from), m[1])]) ?? lookup.endingWith(normalise(m[1]) ?? m[1], from)[0];
    if (path) out.push({ path, bindings: [] });
  }
  // foo.c and foo.h belong together even when the .c does not include it by that name.
  const stem = from.replace(/\.[^./]+$/, '');
  for (const ext of ['.h', '.hpp', '.hh', '.hxx', '.c', '.cc', '.cpp', '.cxx']) {
    const twin = stem + ext;
    if (twin !== from && lookup.has(twin) && !out.some((o) => o.path === twin)) out.push({ path: twin, bindings: [] });
  }
  return out;
}

// ---- Go ---------------------------------------------------------------------

function goImports(text: string, from: string, lookup: PathLookup): Found[] {
  const specs: { alias?: string; path: string; start: number; stmt: string }[] = [];
  for (const m of text.matchAll(/^import[ \t]+(?:([\w.]+)[ \t]+)?"([^"]+)"/gm))
    specs.push({ alias: m[1], path: m[2], start: m.index!, stmt: m[0] });
  for (const block of text.matchAll(/^import[ \t]*\(([^)]*)\)/gm)) {
    const inner = block.index! + block[0].indexOf('(') + 1;
    for (const m of block[1].matchAll(/^[ \t]*(?:([\w.]+)[ \t]+)?"([^"]+)"/gm))
      specs.push({ alias: m[1], path: m[2], start: inner + m.index!, stmt: m[0] });
  }
  const out: Found[] = [];
  for (const s of specs) {
    // The module path's tail is the package's folder in the workspace (`example.com/app/store` -> `.../store`).
    const parts = s.path.split('/');
    for (let i = 0; i < parts.length; i++) {
      const dirs = lookup.foldersEndingWith(parts.slice(i).join('/'));
      if (!dirs.length) continue;
      for (const p of lookup.inFolder(dirs[0])) {
        if (p.endsWith('.go') && !p.endsWith('_test.go'))
          out.push({ path: p, bindings: [bind(s.alias ?? parts[parts.length - 1], undefined, s.start, s.stmt)] });
      }
      break;
    }
  }
  return out;
}

// ---- Rust -------------------------------------------------------------------

function rustModuleFile(lookup: PathLookup, folder: string, segments: string[]): string | undefined {
  for (let n = segments.length; n > 0; n--) {
    const rel = segments.slice(0, n).join('/');
    const hit = first(lookup, [join(folder, `${rel}.rs`), join(folder, rel, 'mod.rs')]);
    if (hit) return hit;
  }
  return undefined;
}

function rustImports(text: string, from: string, lookup: PathLookup): Found[] {
  const out: Found[] = [];
  const dir = dirname(from);
  const base = from.slice(dir ? dir.length + 1 : 0);
  // Child modules of `a.rs` live in `a/`; of `mod.rs`, `lib.rs`, `main.rs` in its own folder.
  const childDir = /^(mod|lib|main)\.rs$/.test(base) ? dir : (join(dir, base.replace(/\.rs$/, '')) ?? dir);
  for (const m of text.matchAll(/^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?mod[ \t]+(\w+)[ \t]*;/gm)) {
    const path = rustModuleFile(lookup, childDir, [m[1]]);
    if (path) out.push({ path, bindings: [bind(m[1], undefined, m.index!, m[0])] });
  }
  // The crate root: the nearest folder above holding lib.rs or main.rs.
  let root: string | undefined = dir;
  while (root !== undefined && !lookup.has(join(root, 'lib.rs') ?? '') && !lookup.has(join(root, 'main.rs') ?? ''))
    root = root ? dirname(root) : undefined;
  for (const m of text.matchAll(/^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?use[ \t]+(crate|super|self)::(\w+(?:::\w+)*)(?:::\{([^}]*)\})?/gm)) {
    const segments = m[2].split('::').filter(Boolean);
    const folder = m[1] === 'crate' ? root : m[1] === 'super' ? (childDir === dir ? dirname(dir) : dir) : childDir;
    if (folder === undefined) continue;
    const path = rustModuleFile(lookup, folder, segments);
    // `use crate::a::{X, Y as Z}` binds X and Z; `use crate::a::b` binds b, an item of a.rs or the module b.rs (retrieval looks).
    const names = m[3]
      ? m[3]
          .split(',')
          .map((n) => n.trim().split(/\s+as\s+/))
          .filter((p) => p[0])
          .map(([orig, alias]) => ({ local: alias ?? orig, imported: orig }))
      : [{ local: segments[segments.length - 1], imported: segments[segments.length - 1] }];
    if (path && path !== from) out.push({ path, bindings: names.map((n) => bind(n.local, n.imported, m.index!, m[0])) });
  }
  return out;
}

// ---------------------------------------------------------------------------

/** Files the same package shares without an import (Java, Go, C#: the folder is the package, more or less). */
function samePackage(from: string, language: LanguageFamily, lookup: PathLookup): Found[] {
  if (!FAMILIES[language].folderIsPackage) return [];
  const ext = from.slice(from.lastIndexOf('.'));
  return lookup
    .inFolder(dirname(from))
    .filter((p) => p !== from && p.endsWith(ext) && !p.endsWith('_test.go'))
    .map((path) => ({ path, bindings: [] }));
}

/** Each built-in family's import reader: a new family fails to compile until it has one (a plug-in language brings its own). */
const READERS: Readonly<
  Record<BuiltInFamily, (text: string, from: string, lookup: PathLookup, namespaces: ReadonlyMap<string, readonly string[]>) => Found[]>
> = {
  python: pythonImports,
  js: jsImports,
  java: javaImports,
  csharp: (text, from, _lookup, namespaces) => csharpImports(text, from, namespaces),
  c: cIncludes,
  go: goImports,
  rust: rustImports,
};

/** The family's reader: a built-in one, or a plug-in language's, given the workspace as it sees it. */
function readerOf(family: LanguageFamily): (typeof READERS)[BuiltInFamily] {
  if (Object.hasOwn(READERS, family)) return READERS[family as BuiltInFamily];
  const plugin = pluginImportReader(family);
  if (!plugin) return () => [];
  return (text, from, lookup) =>
    plugin(text, {
      from,
      has: (path) => lookup.has(path),
      endingWith: (suffix) => lookup.endingWith(suffix, from),
      relative: (path) => join(dirname(from), path),
    }).map((f) => ({ path: f.path, bindings: f.names.map((n) => bind(n.local, n.imported, f.start, f.statement)) }));
}

export function resolveImports(
  text: string,
  from: string,
  language: LanguageFamily,
  lookup: PathLookup,
  namespaceFiles: ReadonlyMap<string, readonly string[]> = new Map(),
): ImportedFile[] {
  const found = readerOf(language)(text, from, lookup, namespaceFiles);
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
