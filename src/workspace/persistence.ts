// Saving the workspace: every change goes at once to a small synchronous
// journal (so a reload right after a keystroke loses nothing) and, debounced,
// to the durable store (IndexedDB in the app). A failed write is reported,
// never swallowed, and retried with the next change.
import type { Workspace, WorkspaceChange, WorkspaceSnapshot } from './workspace';

/** The durable store (IndexedDB in the browser; testing/memory-storage.ts in tests). */
export interface WorkspaceStorage {
  load(): Promise<WorkspaceSnapshot | undefined>;
  /** Puts and deletes files, replaces the folder list; all or nothing. */
  write(batch: { put: [string, string][]; del: string[]; folders: string[] }): Promise<void>;
}

/** Pending changes as one synchronous record (localStorage in the browser). */
export interface Journal {
  /** Throws (quota) when it cannot store. */
  write(pending: JournalRecord): void;
  read(): JournalRecord | undefined;
  clear(): void;
}

export interface JournalRecord {
  /** path -> content, or null for a deleted file. */
  files: Record<string, string | null>;
  folders?: string[];
}

export type SaveState =
  | { state: 'saved' }
  | { state: 'saving' }
  | { state: 'error'; message: string };

/** Applies a journal left by the last session on top of what the store had. */
export function replayJournal(base: WorkspaceSnapshot | undefined, journal: JournalRecord | undefined): WorkspaceSnapshot | undefined {
  if (!journal) return base;
  const files = new Map(base?.files ?? []);
  for (const [p, c] of Object.entries(journal.files)) {
    if (c === null) files.delete(p);
    else files.set(p, c);
  }
  return { files: [...files], folders: journal.folders ?? base?.folders ?? [] };
}

export function describeStorageError(e: unknown): string {
  const err = e as { name?: string; message?: string };
  const quota = err?.name === 'QuotaExceededError' || /quota/i.test(err?.message ?? '');
  return quota
    ? `The browser's storage is full (${err.name ?? 'quota exceeded'}): your latest changes are NOT saved. Export the workspace as a zip or delete files, then keep typing to retry.`
    : `Could not save the workspace in the browser (${err?.message ?? String(e)}): your latest changes are NOT saved. Export the workspace as a zip to keep them.`;
}

export class AutoSaver {
  private dirty = new Map<string, string | null>();
  private foldersDirty = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firstDirtyAt = 0;
  private flushing: Promise<void> | undefined;
  private current: SaveState = { state: 'saved' };
  private listeners = new Set<(s: SaveState) => void>();
  private unsub: () => void;
  /** The journal could not hold the pending changes (too big): only the store has them once flushed. */
  journalFailed = false;

  constructor(
    private readonly ws: Workspace,
    private readonly storage: WorkspaceStorage,
    private readonly journal: Journal,
    private readonly delayMs = 300,
    private readonly maxDelayMs = 2000,
  ) {
    this.unsub = ws.subscribe((c) => this.onChange(c));
  }

  get state(): SaveState {
    return this.current;
  }

  subscribe(fn: (s: SaveState) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private set(s: SaveState): void {
    this.current = s;
    for (const fn of this.listeners) fn(s);
  }

  private onChange(c: WorkspaceChange): void {
    switch (c.kind) {
      case 'content': this.dirty.set(c.path, this.ws.read(c.path) ?? null); break;
      case 'created': for (const p of c.paths) this.dirty.set(p, this.ws.read(p) ?? ''); this.foldersDirty = true; break;
      case 'moved': for (const [a, b] of c.moves) { this.dirty.set(a, null); this.dirty.set(b, this.ws.read(b) ?? ''); } this.foldersDirty = true; break;
      case 'deleted': for (const p of c.paths) this.dirty.set(p, null); this.foldersDirty = true; break;
      case 'folders': this.foldersDirty = true; break;
      case 'reset': this.markAllDirty(); break;
    }
    this.writeJournal();
    this.schedule();
  }

  /** Everything (first start, a reset): the store gets the full workspace. */
  markAllDirty(deleted: string[] = []): void {
    for (const p of deleted) this.dirty.set(p, null);
    for (const p of this.ws.paths()) this.dirty.set(p, this.ws.read(p)!);
    this.foldersDirty = true;
    this.schedule();
  }

  /** These paths (a replayed journal): the store gets them. */
  markDirty(paths: string[]): void {
    for (const p of paths) this.dirty.set(p, this.ws.read(p) ?? null);
    this.foldersDirty = true;
    this.schedule();
  }

  private writeJournal(): void {
    const files: Record<string, string | null> = {};
    for (const [p, c] of this.dirty) files[p] = c === null ? null : (this.ws.read(p) ?? null);
    try {
      this.journal.write({ files, ...(this.foldersDirty && { folders: this.ws.folders() }) });
      this.journalFailed = false;
    } catch {
      // Too big for the journal (a large file): the store is written sooner instead.
      this.journalFailed = true;
    }
  }

  private schedule(): void {
    if (this.current.state === 'saved') this.set({ state: 'saving' });
    const now = Date.now();
    if (!this.timer) this.firstDirtyAt = now;
    clearTimeout(this.timer);
    const wait = this.journalFailed ? 0 : Math.max(0, Math.min(this.delayMs, this.firstDirtyAt + this.maxDelayMs - now));
    this.timer = setTimeout(() => { this.timer = undefined; void this.flush(); }, wait);
  }

  /** Writes everything pending to the store now. */
  async flush(): Promise<void> {
    if (this.flushing) {
      await this.flushing;
      if (this.dirty.size || this.foldersDirty) return this.flush();
      return;
    }
    if (!this.dirty.size && !this.foldersDirty) {
      if (this.current.state !== 'error') this.set({ state: 'saved' });
      return;
    }
    const batch = new Map(this.dirty);
    const put: [string, string][] = [];
    const del: string[] = [];
    for (const [p] of batch) {
      const c = this.ws.read(p);
      if (c === undefined) del.push(p);
      else put.push([p, c]);
    }
    this.dirty.clear();
    this.foldersDirty = false;
    this.flushing = this.storage.write({ put, del, folders: this.ws.folders() })
      .then(() => {
        if (this.dirty.size || this.foldersDirty) {
          this.writeJournal();
          this.schedule();
        } else {
          try { this.journal.clear(); } catch { /* nothing to clear */ }
          this.set({ state: 'saved' });
        }
      })
      .catch((e: unknown) => {
        // Put the batch back (newer edits win) so the next change retries it.
        for (const [p, c] of batch) if (!this.dirty.has(p)) this.dirty.set(p, c);
        this.foldersDirty = true;
        this.set({ state: 'error', message: describeStorageError(e) });
      })
      .finally(() => { this.flushing = undefined; });
    await this.flushing;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.unsub();
  }
}
