// The workspace as retrieval reads it: per file its language, definitions and
// line chunks, computed once per version of the file's text (a keystroke in
// one file re-reads that file only, and only when retrieval next asks: see
// `changed`), and a name -> definitions map across files. Pure data: the app feeds it from src/workspace, the bench and the
// prompt command from a folder.
import { declaredNamespaces, PathLookup } from './imports';
import { findDefinitions, type Definition } from './definitions';
import { identifierSet } from './identifiers';
import { FAMILIES } from '../../../languages/families';
import type { LanguageFamily } from '../../../languages/spec';
import { retrievalLanguage } from './languages';
import type { WorkspaceFile } from './types';

/** Lines per chunk when a file is searched for the part most like the text around the cursor, and the step between chunks. */
const CHUNK_LINES = 20;
const CHUNK_STEP = 10;
/** Files larger than this are not indexed (generated code, data): they would cost more than they could give. */
export const MAX_INDEXED_CHARS = 512 * 1024;

interface Chunk {
  startLine: number;
  endLine: number;
  ids: Set<string>;
}

interface IndexedFile {
  text: string;
  language: LanguageFamily | undefined;
  /** Bumped when the text changes. */
  version: number;
  lines?: string[];
  definitions?: Definition[];
  chunks?: Chunk[];
  /** Set when the text changed and was not read yet: reads it (undefined: too large to index). */
  pending?: () => string | undefined;
}

const NO_NAMESPACES: ReadonlyMap<string, readonly string[]> = new Map();

/** Whether files of the family declare namespaces that imports name (FamilyRules.namespaces). */
const declaresNamespaces = (family: LanguageFamily | undefined): boolean => !!family && FAMILIES[family].namespaces !== null;

export interface LocatedDefinition extends Definition {
  file: string;
}

/** What the index keeps of a text: nothing of a file too large to index (undefined: known to be too large, not read). */
function indexed(path: string, text: string | undefined): Pick<IndexedFile, 'text' | 'language'> {
  const indexable = text !== undefined && text.length <= MAX_INDEXED_CHARS;
  return { text: indexable ? text : '', language: indexable ? retrievalLanguage(path) : undefined };
}

export class WorkspaceIndex {
  private readonly files = new Map<string, IndexedFile>();
  private lookupCache: PathLookup | undefined;
  private byNameCache: Map<string, LocatedDefinition[]> | undefined;
  /** Files whose definitions changed since the name map was built: patched in on the next lookup (a keystroke must not rebuild it). */
  private readonly staleNames = new Map<string, Definition[]>();
  /** Per family whose imports name namespaces: namespace -> the files that declare it. */
  private namespaceCache: Map<LanguageFamily, Map<string, string[]>> | undefined;
  /** Sum of every file's version, plus one per file added or removed. */
  private totalVersion = 0;

  constructor(files: Iterable<WorkspaceFile> = []) {
    this.update(files);
  }

  /** Makes the index hold exactly `files`; only the files whose text changed are read again. */
  update(files: Iterable<WorkspaceFile>): void {
    const seen = new Set<string>();
    for (const f of files) {
      seen.add(f.path);
      this.set(f.path, f.text);
    }
    for (const path of [...this.files.keys()]) if (!seen.has(path)) this.delete(path);
  }

  set(path: string, text: string): void {
    const had = this.files.get(path);
    if (had && !had.pending && had.text === text) return;
    if (!had) this.lookupCache = undefined;
    this.forgetNames(path, had);
    this.files.set(path, { ...indexed(path, text), version: (had?.version ?? 0) + 1 });
    this.totalVersion++;
    if (declaresNamespaces(had?.language) || declaresNamespaces(retrievalLanguage(path))) this.namespaceCache = undefined;
  }

  /**
   * `path`'s text changed (a keystroke): `read` gives the new text, called only
   * when something about the file is asked for, and never when `length` says
   * the file is too large to index (reading a large file is the cost to avoid).
   * A file not indexed yet is read now.
   */
  changed(path: string, read: () => string, length?: number): void {
    const had = this.files.get(path);
    if (!had) return this.set(path, read());
    const first = !had.pending;
    had.pending = length !== undefined && length > MAX_INDEXED_CHARS ? () => undefined : read;
    if (!first) return;
    this.forgetNames(path, had);
    had.version++;
    this.totalVersion++;
    if (declaresNamespaces(had.language) || declaresNamespaces(retrievalLanguage(path))) this.namespaceCache = undefined;
  }

  /** The file, its text read first if it changed since. */
  private file(path: string): IndexedFile | undefined {
    const f = this.files.get(path);
    if (f?.pending) {
      Object.assign(f, indexed(path, f.pending()), { pending: undefined, lines: undefined, definitions: undefined, chunks: undefined });
    }
    return f;
  }

  delete(path: string): void {
    const had = this.files.get(path);
    if (!had) return;
    this.forgetNames(path, had);
    this.files.delete(path);
    this.totalVersion++;
    this.lookupCache = undefined;
    this.namespaceCache = undefined;
  }

  /** Notes that `path`'s definitions in the name map (if built) are out of date. */
  private forgetNames(path: string, had: IndexedFile | undefined): void {
    if (!this.byNameCache || this.staleNames.has(path)) return;
    this.staleNames.set(path, had?.language ? (had.definitions ?? findDefinitions(had.text, had.language)) : []);
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  get paths(): string[] {
    return [...this.files.keys()];
  }

  /** Changes to every file but `path`: what a choice of snippets for `path` depends on. */
  versionExcept(path: string): number {
    return this.totalVersion - (this.files.get(path)?.version ?? 0);
  }

  text(path: string): string | undefined {
    return this.file(path)?.text;
  }

  /** The text of a source file the index read: undefined for no such file, one too large to index, or one in no known language. */
  indexedText(path: string): string | undefined {
    const f = this.file(path);
    return f?.language ? f.text : undefined;
  }

  language(path: string): LanguageFamily | undefined {
    return this.file(path)?.language ?? retrievalLanguage(path);
  }

  lines(path: string): string[] {
    const f = this.file(path);
    if (!f) return [];
    return (f.lines ??= f.text.split('\n'));
  }

  definitions(path: string): Definition[] {
    const f = this.file(path);
    if (!f?.language) return [];
    return (f.definitions ??= findDefinitions(f.text, f.language));
  }

  chunks(path: string): Chunk[] {
    const f = this.file(path);
    if (!f) return [];
    if (!f.chunks) {
      const lines = this.lines(path);
      const chunks: Chunk[] = [];
      for (let s = 0; s < Math.max(1, lines.length - CHUNK_STEP); s += CHUNK_STEP) {
        const e = Math.min(lines.length, s + CHUNK_LINES) - 1;
        chunks.push({ startLine: s, endLine: e, ids: identifierSet(lines.slice(s, e + 1).join('\n')) });
      }
      f.chunks = chunks;
    }
    return f.chunks;
  }

  get lookup(): PathLookup {
    return (this.lookupCache ??= new PathLookup(this.files.keys()));
  }

  /**
   * The definitions of `name` in the workspace; `except`: the file asking,
   * whose own definitions are left out, and left stale when its text changed
   * (a keystroke there must not read and re-scan the whole file to drop them).
   */
  definitionsOf(name: string, except?: string): readonly LocatedDefinition[] {
    if (!this.byNameCache) {
      const map = new Map<string, LocatedDefinition[]>();
      for (const path of this.files.keys()) {
        for (const d of this.definitions(path)) {
          const list = map.get(d.name);
          const located = { ...d, file: path };
          list ? list.push(located) : map.set(d.name, [located]);
        }
      }
      this.byNameCache = map;
      this.staleNames.clear();
    }
    if (this.staleNames.size > (except !== undefined && this.staleNames.has(except) ? 1 : 0)) this.patchNames(this.byNameCache, except);
    const all = this.byNameCache.get(name) ?? [];
    return except === undefined ? all : all.filter((d) => d.file !== except);
  }

  private patchNames(map: Map<string, LocatedDefinition[]>, except?: string): void {
    for (const [path, old] of this.staleNames) {
      if (path === except) continue;
      this.staleNames.delete(path);
      for (const name of new Set(old.map((d) => d.name))) {
        const kept = (map.get(name) ?? []).filter((d) => d.file !== path);
        kept.length ? map.set(name, kept) : map.delete(name);
      }
      if (!this.files.has(path)) continue;
      for (const d of this.definitions(path)) {
        const list = map.get(d.name);
        const located = { ...d, file: path };
        list ? list.push(located) : map.set(d.name, [located]);
      }
    }
  }

  /** For a family whose imports name namespaces (C#): namespace -> the files of the family that declare it; empty for the others. */
  namespaceFiles(family: LanguageFamily): ReadonlyMap<string, readonly string[]> {
    if (!declaresNamespaces(family)) return NO_NAMESPACES;
    if (!this.namespaceCache) {
      this.namespaceCache = new Map();
      for (const path of this.files.keys()) {
        const f = this.file(path)!;
        if (!f.language || !declaresNamespaces(f.language)) continue;
        let map = this.namespaceCache.get(f.language);
        if (!map) this.namespaceCache.set(f.language, (map = new Map()));
        for (const ns of declaredNamespaces(f.text, f.language)) map.set(ns, [...(map.get(ns) ?? []), path]);
      }
    }
    return this.namespaceCache.get(family) ?? NO_NAMESPACES;
  }
}
