// A workspace folder linked to a folder on disk: the workspace's files under
// `<name>/` are written back to it (edits, new files and folders, renames,
// deletes), and a file another program changed there is never overwritten
// unasked: it becomes a conflict the user settles (keep mine, take theirs).
// The browser copy (AutoSaver) stays the safety net: a write that fails keeps
// the file pending, retried at the next flush. No React, no DOM.
import { decodeText } from './decode-text';
import { describeDiskError, sameStamp, stampOf, type DiskFile, type DiskFolder, type DiskStamp, type FoundFile } from './disk-folder';
import type { ImportReport } from './import';
import { isWithin } from './paths';
import type { Workspace, WorkspaceChange } from './workspace';

type DiskSyncState =
  | { state: 'synced' }
  | { state: 'writing' }
  | { state: 'error'; message: string }
  /** The workspace folder was deleted or renamed: nothing is written any more (and nothing on disk was removed). */
  | { state: 'unlinked'; message: string };

/** A file changed on disk since it was last read or written, while the workspace has other text. */
export interface DiskConflict {
  path: string;
  theirs: string;
  stamp: DiskStamp;
}

const readText = async (f: DiskFile) => decodeText(new Uint8Array(await f.arrayBuffer()))?.text;

export class DiskSync {
  /** The workspace folder the disk folder is (its name). */
  readonly root: string;
  private readonly stamps = new Map<string, DiskStamp>();
  private dirty = new Set<string>();
  private knownFolders: Set<string>;
  private readonly conflictMap = new Map<string, DiskConflict>();
  private current: DiskSyncState = { state: 'synced' };
  private listeners = new Set<() => void>();
  private flushing: Promise<void> | undefined;
  /** Set while the sync itself changes the workspace (taking theirs): not a change to write back. */
  private applying = false;
  private readonly unsub: () => void;
  /** Bumped on every change of state or conflicts: for React's useSyncExternalStore. */
  version = 0;

  /**
   * `found`: the folder's files as listed for the import that just put them
   * in the workspace, `report` that import's result. Files the import took
   * are in step with the disk; files the workspace already had are compared
   * (same text: in step; other text: a conflict); files only the workspace
   * has are written at the first flush.
   */
  private constructor(
    private readonly ws: Workspace,
    private readonly folder: DiskFolder,
  ) {
    this.root = folder.name;
    this.knownFolders = new Set(this.foldersHere());
    this.unsub = ws.subscribe((c) => this.onChange(c));
  }

  static async link(ws: Workspace, folder: DiskFolder, found: FoundFile[], report: ImportReport): Promise<DiskSync> {
    const sync = new DiskSync(ws, folder);
    const onDisk = new Map(found.map((f) => [`${sync.root}/${f.path}`, f.file]));
    const accepted = new Set(report.accepted.map(([p]) => p));
    for (const p of ws.paths()) {
      if (!sync.inside(p)) continue;
      const file = onDisk.get(p);
      if (!file) {
        sync.dirty.add(p);
        continue;
      }
      if (accepted.has(p)) {
        sync.stamps.set(p, stampOf(file));
        continue;
      }
      const theirs = await readText(file);
      if (theirs === undefined) continue; // binary on disk: never overwritten from here
      if (theirs === ws.read(p)) sync.stamps.set(p, stampOf(file));
      else sync.conflictMap.set(p, { path: p, theirs, stamp: stampOf(file) });
    }
    // Folders the workspace has that the disk lacks are created at the first flush.
    sync.knownFolders = new Set(
      found.flatMap((f) =>
        f.path
          .split('/')
          .slice(0, -1)
          .map((_, i, segs) => `${sync.root}/${segs.slice(0, i + 1).join('/')}`),
      ),
    );
    sync.knownFolders.add(sync.root);
    sync.emit();
    return sync;
  }

  get state(): DiskSyncState {
    return this.current;
  }

  get conflicts(): DiskConflict[] {
    return [...this.conflictMap.values()];
  }

  /** Files waiting to be written (or deleted) on disk. */
  get pending(): number {
    return this.dirty.size;
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(): void {
    this.version++;
    for (const fn of this.listeners) fn();
  }

  private set(s: DiskSyncState): void {
    this.current = s;
    this.emit();
  }

  private inside(path: string): boolean {
    return isWithin(path, this.root) && path !== this.root;
  }

  private rel(path: string): string {
    return path.slice(this.root.length + 1);
  }

  private foldersHere(): string[] {
    return this.ws.folders().filter((f) => isWithin(f, this.root));
  }

  private onChange(c: WorkspaceChange): void {
    if (this.applying || this.current.state === 'unlinked') return;
    if (!this.ws.isFolder(this.root)) {
      // The folder itself was deleted or renamed in the workspace: that is not a reason to empty the disk.
      this.dirty.clear();
      this.set({
        state: 'unlinked',
        message: `"${this.root}" is no longer in the workspace, so it is no longer written to disk (nothing on disk was deleted). Open the folder again to link it.`,
      });
      return;
    }
    const mark = (p: string) => {
      if (this.inside(p)) this.dirty.add(p);
    };
    if (c.kind === 'content') mark(c.path);
    else if (c.kind === 'created' || c.kind === 'deleted') c.paths.forEach(mark);
    else if (c.kind === 'moved')
      for (const [a, b] of c.moves) {
        mark(a);
        mark(b);
      }
  }

  /** Writes everything pending to disk now (the autosave calls it after each browser save; an explicit save may too). */
  async flush(): Promise<void> {
    if (this.current.state === 'unlinked') return;
    if (this.flushing) {
      await this.flushing;
      return this.dirty.size || this.foldersChanged() ? this.flush() : undefined;
    }
    if (!this.dirty.size && !this.foldersChanged()) return;
    this.flushing = this.write().finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  private foldersChanged(): boolean {
    const now = this.foldersHere();
    return now.length !== this.knownFolders.size || now.some((f) => !this.knownFolders.has(f));
  }

  private async write(): Promise<void> {
    this.set({ state: 'writing' });
    let error: string | undefined;
    const fail = (e: unknown) => {
      error ??= describeDiskError(e, this.root);
    };
    const folders = this.foldersHere();
    const added = folders.filter((f) => !this.knownFolders.has(f) && f !== this.root).sort((a, b) => a.length - b.length);
    for (const f of added) await this.folder.mkdir(this.rel(f)).then(() => this.knownFolders.add(f), fail);
    const paths = [...this.dirty];
    this.dirty.clear();
    for (const p of paths) {
      try {
        if (!(await this.writeOne(p))) this.dirty.add(p);
      } catch (e) {
        this.dirty.add(p);
        fail(e);
      }
    }
    // Deepest first, each only when empty: a file the workspace never took (binary, too large) keeps its folder on disk.
    const now = new Set(folders);
    const gone = [...this.knownFolders].filter((f) => !now.has(f)).sort((a, b) => b.length - a.length);
    for (const f of gone) await this.folder.remove(this.rel(f)).then(() => this.knownFolders.delete(f), fail);
    this.set(error ? { state: 'error', message: error } : { state: 'synced' });
  }

  /** True when `p` is in step with the disk now; false when it waits (a conflict to settle). */
  private async writeOne(p: string): Promise<boolean> {
    const text = this.ws.read(p);
    if (text === undefined) {
      await this.folder.remove(this.rel(p));
      this.stamps.delete(p);
      this.conflictMap.delete(p);
      return true;
    }
    if (this.conflictMap.has(p)) return false;
    const disk = await this.folder.stat(this.rel(p));
    if (disk && !sameStamp(stampOf(disk), this.stamps.get(p)) && !(await this.adoptIfSame(p, disk, text))) return false;
    this.stamps.set(p, await this.folder.write(this.rel(p), text));
    return true;
  }

  /** A file changed on disk: in step when its text is the workspace's, otherwise a conflict (false). */
  private async adoptIfSame(p: string, disk: DiskFile, mine: string | undefined): Promise<boolean> {
    const theirs = await readText(disk);
    if (theirs === mine) {
      this.stamps.set(p, stampOf(disk));
      return true;
    }
    if (theirs !== undefined) this.conflictMap.set(p, { path: p, theirs, stamp: stampOf(disk) });
    this.emit();
    return false;
  }

  /** Looks for files changed on disk by another program (the window got focus back): each becomes a conflict. */
  async checkDisk(): Promise<void> {
    if (this.current.state === 'unlinked') return;
    for (const [p, stamp] of [...this.stamps]) {
      if (this.conflictMap.has(p) || !this.ws.has(p)) continue;
      try {
        const disk = await this.folder.stat(this.rel(p));
        // A file deleted on disk keeps its workspace copy; the next edit writes it back.
        if (disk && !sameStamp(stampOf(disk), stamp)) await this.adoptIfSame(p, disk, this.ws.read(p));
      } catch {
        // Unreadable now (permission withdrawn): the next write says why.
      }
    }
  }

  /** Keep mine: the disk gets the workspace's text. */
  async keepMine(path: string): Promise<void> {
    const c = this.conflictMap.get(path);
    if (!c) return;
    this.conflictMap.delete(path);
    this.stamps.set(path, c.stamp);
    this.dirty.add(path);
    this.emit();
    await this.flush();
  }

  /**
   * Take theirs: the workspace gets the disk's text as an external change
   * (the editor makes it an undoable edit: undo brings mine back).
   */
  takeTheirs(path: string): void {
    const c = this.conflictMap.get(path);
    if (!c) return;
    this.conflictMap.delete(path);
    this.applying = true;
    try {
      this.ws.setContent(path, c.theirs, 'external');
    } finally {
      this.applying = false;
    }
    this.stamps.set(path, c.stamp);
    this.dirty.delete(path);
    this.emit();
  }

  dispose(): void {
    this.unsub();
    this.listeners.clear();
  }
}
