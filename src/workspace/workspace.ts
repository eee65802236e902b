// The workspace: files (path -> text) and explicit folders (so an empty folder
// exists). Mutable on purpose: a keystroke in a 50,000-file workspace must not
// copy the file list. Listeners learn what changed; no React, no DOM.
//
// A file open in the editor has a live text source (its model): a keystroke
// only marks the file changed, with the edits, and the text is taken from the
// source when someone reads it (a save, an export, retrieval), not per key.
import { ancestors, dirname, isWithin, joinPath, normalizePath, pathProblem } from './paths';
import { applyEdits, type TextEdit } from './text-edits';
import { piecesOf, type TextPieces } from './text-pieces';

export type WorkspaceChange =
  /**
   * `edits`: the change is exactly these edits to the text before it; absent for a whole new text.
   * `imported`: the text came in bulk (a clone, an import), not from the user's typing.
   */
  | { kind: 'content'; path: string; origin: 'editor' | 'external'; edits?: readonly TextEdit[]; imported?: true }
  | { kind: 'created'; paths: string[]; imported?: true }
  | { kind: 'moved'; moves: [from: string, to: string][] }
  | { kind: 'deleted'; paths: string[] }
  | { kind: 'folders' }
  | { kind: 'reset' };

type Result = { ok: true } | { ok: false; error: string };
const ok: Result = { ok: true };
const fail = (error: string): Result => ({ ok: false, error });

export interface WorkspaceSnapshot {
  files: [path: string, content: string][];
  folders: string[];
}

/** Where an open file's current text lives; `stale` once it changed since `files` last took it. */
interface LiveSource {
  text: () => string;
  /** The text's length, without building the text. */
  length?: () => number;
  /** The text as it is now, piece by piece, without building it (the model's snapshot). */
  pieces?: () => TextPieces;
  stale: boolean;
}

export class Workspace {
  private readonly files = new Map<string, string>();
  private readonly live = new Map<string, LiveSource>();
  private readonly folderSet = new Set<string>();
  private listeners = new Set<(c: WorkspaceChange) => void>();
  /** Bumped on every change to the tree (not on content edits): for React's useSyncExternalStore. */
  treeVersion = 0;

  constructor(snapshot?: WorkspaceSnapshot) {
    if (snapshot) this.load(snapshot, false);
  }

  subscribe(fn: (c: WorkspaceChange) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(c: WorkspaceChange): void {
    if (c.kind !== 'content') this.treeVersion++;
    for (const fn of this.listeners) fn(c);
  }

  /** Replaces everything (first start, demo workspace). */
  load(snapshot: WorkspaceSnapshot, notify = true): void {
    this.files.clear();
    this.live.clear();
    this.folderSet.clear();
    for (const [p, c] of snapshot.files) this.files.set(p, c);
    for (const f of snapshot.folders) this.folderSet.add(f);
    for (const p of this.files.keys()) for (const a of ancestors(p)) this.folderSet.add(a);
    if (notify) this.emit({ kind: 'reset' });
  }

  snapshot(): WorkspaceSnapshot {
    return { files: this.paths().map((p) => [p, this.read(p)!]), folders: [...this.folderSet] };
  }

  get size(): number {
    return this.files.size;
  }

  paths(): string[] {
    return [...this.files.keys()];
  }

  folders(): string[] {
    return [...this.folderSet];
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  isFolder(path: string): boolean {
    return this.folderSet.has(path);
  }

  read(path: string): string | undefined {
    const live = this.live.get(path);
    if (live?.stale) {
      this.files.set(path, live.text());
      live.stale = false;
    }
    return this.files.get(path);
  }

  /**
   * `path`'s text as it is now, piece by piece: from a live source that can
   * give its pieces, without building the text (edits after this call do not
   * change what it reads).
   */
  readPieces(path: string): TextPieces | undefined {
    const live = this.live.get(path);
    if (live?.stale && live.pieces) return live.pieces();
    const text = this.read(path);
    return text === undefined ? undefined : piecesOf(text);
  }

  /** The length of `path`'s text; never reads a live source's text (undefined where the source cannot say). */
  length(path: string): number | undefined {
    const live = this.live.get(path);
    if (live?.stale) return live.length?.();
    return this.files.get(path)?.length;
  }

  /**
   * From now on `path`'s text is `text()` (an editor model, which must hold
   * the file's current text; `length()` and `pieces()` the same text's), read only when someone asks. Returns the
   * detach: the file keeps the source's last text. A rename keeps the source.
   */
  attach(path: string, text: () => string, length?: () => number, pieces?: () => TextPieces): () => void {
    const source: LiveSource = { text, length, pieces, stale: false };
    this.live.set(path, source);
    return () => {
      for (const [p, s] of this.live) {
        if (s !== source) continue;
        this.read(p);
        this.live.delete(p);
        return;
      }
    };
  }

  /** A file or folder already there, or a file where a folder would go. */
  private clash(path: string): string | undefined {
    if (this.files.has(path)) return `"${path}" already exists`;
    if (this.folderSet.has(path)) return `a folder "${path}" already exists`;
    const fileAbove = ancestors(path).find((a) => this.files.has(a));
    if (fileAbove) return `"${fileAbove}" is a file, not a folder`;
    return undefined;
  }

  createFile(rawPath: string, content = ''): Result {
    const path = normalizePath(rawPath);
    const problem = pathProblem(path) ?? this.clash(path);
    if (problem) return fail(problem);
    for (const a of ancestors(path)) this.folderSet.add(a);
    this.files.set(path, content);
    this.emit({ kind: 'created', paths: [path] });
    return ok;
  }

  /**
   * Adds many files (and folders, which may be empty) at once (import, diff): existing files are overwritten.
   * `imported`: they came in bulk from somewhere that still has them (a clone, an import), so the saver
   * writes them to the durable store only, never to the small per-keystroke journal they would fill.
   */
  putMany(entries: [string, string][], folders: readonly string[] = [], { imported = false } = {}): void {
    const mark = imported ? ({ imported: true } as const) : {};
    const created: string[] = [];
    const foldersBefore = this.folderSet.size;
    for (const f of folders)
      if (!this.files.has(f) && !ancestors(f).some((a) => this.files.has(a))) for (const a of [...ancestors(f), f]) this.folderSet.add(a);
    for (const [path, content] of entries) {
      if (this.files.has(path)) {
        if (this.read(path) !== content) {
          this.setText(path, content);
          this.emit({ kind: 'content', path, origin: 'external', ...mark });
        }
        continue;
      }
      for (const a of ancestors(path)) this.folderSet.add(a);
      this.files.set(path, content);
      created.push(path);
    }
    if (created.length) this.emit({ kind: 'created', paths: created, ...mark });
    else if (this.folderSet.size !== foldersBefore) this.emit({ kind: 'folders' });
  }

  createFolder(rawPath: string): Result {
    const path = normalizePath(rawPath);
    const problem = pathProblem(path) ?? this.clash(path);
    if (problem) return fail(problem);
    for (const a of [...ancestors(path), path]) this.folderSet.add(a);
    this.emit({ kind: 'folders' });
    return ok;
  }

  /** A whole new text: an external change (diff applied, import), or the editor's when it has no edits to give. */
  setContent(path: string, content: string, origin: 'editor' | 'external' = 'editor'): void {
    if (!this.files.has(path) || this.read(path) === content) return;
    this.setText(path, content);
    this.emit({ kind: 'content', path, origin });
  }

  /** Typing in the editor: `edits` in order, each relative to the text the previous one left. */
  edit(path: string, edits: readonly TextEdit[]): void {
    if (!this.files.has(path) || !edits.length) return;
    const live = this.live.get(path);
    if (live) live.stale = true;
    else this.files.set(path, applyEdits(this.files.get(path)!, edits));
    this.emit({ kind: 'content', path, origin: 'editor', edits });
  }

  private setText(path: string, content: string): void {
    this.files.set(path, content);
    const live = this.live.get(path);
    if (live) live.stale = false;
  }

  /** Renames or moves a file or a folder (with everything in it). */
  move(rawFrom: string, rawTo: string): Result {
    const from = normalizePath(rawFrom);
    const to = normalizePath(rawTo);
    if (from === to) return ok;
    const problem = pathProblem(to);
    if (problem) return fail(problem);
    if (this.files.has(from)) {
      const clash = this.clash(to);
      if (clash) return fail(clash);
      const content = this.files.get(from)!;
      this.files.delete(from);
      for (const a of ancestors(to)) this.folderSet.add(a);
      this.files.set(to, content);
      this.moveLive([[from, to]]);
      this.emit({ kind: 'moved', moves: [[from, to]] });
      return ok;
    }
    if (!this.folderSet.has(from)) return fail(`"${from}" does not exist`);
    if (isWithin(to, from)) return fail(`cannot move "${from}" into itself`);
    const clash = this.clash(to);
    if (clash) return fail(clash);
    const moves: [string, string][] = [];
    for (const p of this.files.keys()) if (isWithin(p, from)) moves.push([p, joinPath(to, p.slice(from.length))]);
    const folders = [...this.folderSet].filter((f) => isWithin(f, from));
    for (const f of folders) this.folderSet.delete(f);
    for (const f of folders) this.folderSet.add(joinPath(to, f.slice(from.length)));
    for (const a of ancestors(to)) this.folderSet.add(a);
    const contents = moves.map(([p]) => this.files.get(p)!);
    for (const [p] of moves) this.files.delete(p);
    moves.forEach(([, q], i) => this.files.set(q, contents[i]));
    this.moveLive(moves);
    this.emit({ kind: 'moved', moves });
    return ok;
  }

  private moveLive(moves: [string, string][]): void {
    const sources = moves.map(([from]) => this.live.get(from));
    for (const [from] of moves) this.live.delete(from);
    moves.forEach(([, to], i) => {
      const s = sources[i];
      if (s) this.live.set(to, s);
    });
  }

  /** A file, or a folder with everything in it, as it is now: what a delete would take away (and an undo put back). */
  contentsOf(rawPath: string): WorkspaceSnapshot {
    const path = normalizePath(rawPath);
    if (this.files.has(path)) return { files: [[path, this.read(path)!]], folders: [] };
    if (!this.folderSet.has(path)) return { files: [], folders: [] };
    const files = this.paths()
      .filter((p) => isWithin(p, path))
      .map((p): [string, string] => [p, this.read(p)!]);
    return { files, folders: this.folders().filter((f) => isWithin(f, path)) };
  }

  /**
   * Puts back what `contentsOf` returned (undoing a delete). A file created
   * at the same path since is kept, never overwritten: the error names it.
   */
  restore(contents: WorkspaceSnapshot): Result {
    const taken = contents.files.filter(([p]) => this.clash(p));
    const free = contents.files.filter(([p]) => !this.clash(p));
    this.putMany(free, contents.folders);
    if (taken.length) return fail(`kept the newer ${taken.map(([p]) => `"${p}"`).join(', ')}; the deleted version was not restored`);
    return ok;
  }

  /** Deletes a file, or a folder with everything in it. */
  delete(rawPath: string): Result {
    const path = normalizePath(rawPath);
    if (this.files.delete(path)) {
      this.live.delete(path);
      this.emit({ kind: 'deleted', paths: [path] });
      return ok;
    }
    if (!this.folderSet.has(path)) return fail(`"${path}" does not exist`);
    const gone = [...this.files.keys()].filter((p) => isWithin(p, path));
    for (const p of gone) {
      this.files.delete(p);
      this.live.delete(p);
    }
    for (const f of [...this.folderSet]) if (isWithin(f, path)) this.folderSet.delete(f);
    this.emit({ kind: 'deleted', paths: gone });
    return ok;
  }

  /** A free name next to `path` (`a.py` -> `a (2).py`). */
  freeName(path: string): string {
    if (!this.clash(path)) return path;
    const dir = dirname(path);
    const base = path.slice(dir ? dir.length + 1 : 0);
    const dot = base.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
    for (let i = 2; ; i++) {
      const candidate = joinPath(dir, `${stem} (${i})${ext}`);
      if (!this.clash(candidate)) return candidate;
    }
  }
}
