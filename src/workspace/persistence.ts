// Saving the workspace: every change goes at once to a synchronous journal
// (journal.ts: a keystroke writes its edits, not the file) so a reload right
// after it loses nothing, and, debounced, to the durable store (IndexedDB in
// the app) as whole texts. Files that came in bulk (a clone, an import) go to
// the store only: the journal is small (localStorage), and filling it with
// them would leave no room for the user's typing nor for the app's other
// small state. What is typed into such a file before the store has it is
// journaled all the same: the first edit of a small file journals its whole
// text once; other edits are journaled as applying only once the store has
// the arrival, so a keystroke in a large file still writes a few bytes, never
// the file. A failed write is reported, never swallowed, and retried with
// the next change.
import { JournalLog, type FileChange, type Journal, type StoredWorkspace } from './journal';
import type { TextEdit } from './text-edits';
import type { TextPieces } from './text-pieces';
import type { Workspace, WorkspaceChange } from './workspace';

/** A store write: these files' texts and the folder list, all current as of journal sequence number `seq`. */
export interface StoreBatch {
  /** Each text read piece by piece (an open file's from its model, never built into one string here). */
  put: [path: string, text: TextPieces][];
  del: string[];
  folders: string[];
  seq: number;
}

/** The durable store (IndexedDB in the browser; testing/memory-storage.ts in tests). */
export interface WorkspaceStorage {
  load(): Promise<StoredWorkspace | undefined>;
  /** Puts and deletes files, replaces the folder list; all or nothing. */
  write(batch: StoreBatch): Promise<void>;
}

type SaveState = { state: 'saved' } | { state: 'saving' } | { state: 'error'; message: string };

function describeStorageError(e: unknown): string {
  const err = e as { name?: string; message?: string };
  const quota = err?.name === 'QuotaExceededError' || /quota/i.test(err?.message ?? '');
  return quota
    ? `The browser's storage is full (${err.name ?? 'quota exceeded'}): your latest changes are NOT saved. Export the workspace as a zip or delete files, then keep typing to retry.`
    : `Could not save the workspace in the browser (${err?.message ?? String(e)}): your latest changes are NOT saved. Export the workspace as a zip to keep them.`;
}

/** A pending store write of a file larger than this is a long task on the main thread (a whole-text copy). */
const LARGE_WRITE_CHARS = 512 * 1024;

/**
 * The largest file whose whole text the first edit after a bulk arrival
 * journals. The write is synchronous, on the keystroke, into localStorage
 * (which also serialises and persists it): past this it is a pause the
 * person typing feels and work that competes with the syntax check on a
 * small machine, and a large share of the journal's room.
 */
export const WHOLE_TEXT_JOURNAL_CHARS = 64 * 1024;

interface SaverOptions {
  /** Wait after the last change before the store write. */
  delayMs?: number;
  /** Longest wait after the first unsaved change, however fast the typing. */
  maxDelayMs?: number;
  /**
   * The waits for a large write (a file of more than LARGE_WRITE_CHARS
   * pending) while the journal holds every pending change: the store write
   * copies the whole text on the main thread, so it waits for a real pause
   * and never interrupts a burst of typing; the journal has the edits meanwhile.
   */
  largeDelayMs?: number;
  largeMaxDelayMs?: number;
  /** The highest sequence number the store holds (the journal's own are read from it). */
  lastSeq?: number;
}

export class AutoSaver {
  /** Files the store is behind on: written (or deleted, when gone) at the next flush. */
  private dirty = new Set<string>();
  private foldersDirty = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firstDirtyAt = 0;
  private flushing: Promise<void> | undefined;
  private current: SaveState = { state: 'saved' };
  private listeners = new Set<(s: SaveState) => void>();
  private unsub: () => void;
  private readonly log: JournalLog;
  private seq: number;
  /**
   * Files whose journal is missing a change (refused: quota; or imported,
   * which is never journaled), with the last change it misses: their later
   * edits are not journaled (they would apply to the wrong text) until the
   * store or a whole text catches up; edits to an imported file are, marked
   * as waiting for the import (`arrivals`).
   */
  private readonly unjournaled = new Map<string, number>();
  /**
   * Files that arrived in bulk and that the store may not have yet: the
   * arrival's number, and whether an edit may still journal the whole text
   * (once: a text the journal refused is not tried again on every key).
   */
  private readonly arrivals = new Map<string, { seq: number; whole: boolean }>();
  private readonly delayMs: number;
  private readonly maxDelayMs: number;
  private readonly largeDelayMs: number;
  private readonly largeMaxDelayMs: number;
  /** Characters of each file at its last store write: whether a pending write is large, without reading the text. */
  private readonly writtenChars = new Map<string, number>();

  constructor(
    private readonly ws: Workspace,
    private readonly storage: WorkspaceStorage,
    journal: Journal,
    options: SaverOptions = {},
  ) {
    this.delayMs = options.delayMs ?? 300;
    this.maxDelayMs = options.maxDelayMs ?? 2000;
    this.largeDelayMs = options.largeDelayMs ?? 1500;
    this.largeMaxDelayMs = options.largeMaxDelayMs ?? 30_000;
    this.log = new JournalLog(journal);
    this.seq = Math.max(options.lastSeq ?? 0, this.log.lastSeq);
    for (const p of ws.paths()) this.writtenChars.set(p, ws.read(p)?.length ?? 0);
    this.unsub = ws.subscribe((c) => this.onChange(c));
  }

  /** The journal does not hold some pending change (refused, or imported): only the store will have it, once flushed. */
  get journalIncomplete(): boolean {
    return this.unjournaled.size > 0;
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
      case 'content':
        if (c.imported) this.storeOnly(c.path);
        else this.journal(c.path, c.edits ? { edits: c.edits } : this.whole(c.path));
        break;
      case 'created':
        for (const p of c.paths) {
          if (c.imported) this.storeOnly(p);
          else this.journal(p, this.whole(p));
        }
        this.journalFolders();
        break;
      case 'moved':
        for (const [a, b] of c.moves) {
          this.journal(a, { deleted: true });
          this.journal(b, this.whole(b));
        }
        this.journalFolders();
        break;
      case 'deleted':
        for (const p of c.paths) this.journal(p, { deleted: true });
        this.journalFolders();
        break;
      case 'folders':
        this.journalFolders();
        break;
      case 'reset':
        this.markAllDirty();
        return;
    }
    this.schedule();
  }

  private whole(path: string): FileChange {
    const text = this.ws.read(path);
    return text === undefined ? { deleted: true } : { text };
  }

  private journal(path: string, change: FileChange): void {
    const seq = ++this.seq;
    this.dirty.add(path);
    const arrival = this.arrivals.get(path);
    if ('edits' in change && arrival) return this.journalArrived(seq, path, change.edits, arrival);
    const gap = 'edits' in change && this.unjournaled.has(path);
    if (!gap && this.log.append(seq, path, change)) {
      if (!('edits' in change)) {
        this.unjournaled.delete(path);
        this.arrivals.delete(path);
      }
    } else {
      this.unjournaled.set(path, seq);
    }
  }

  /**
   * Edits to a file the store may not have since it arrived in bulk: a small
   * file's whole text (a reload then has it even if the store write never
   * happens), else the edits, applied on a reload only once the store has
   * the arrival (never to the text from before it).
   */
  private journalArrived(seq: number, path: string, edits: readonly TextEdit[], arrival: { seq: number; whole: boolean }): void {
    if (arrival.whole && (this.ws.length(path) ?? Infinity) <= WHOLE_TEXT_JOURNAL_CHARS) {
      arrival.whole = false;
      const text = this.ws.read(path);
      if (text !== undefined && this.log.append(seq, path, { text })) {
        this.unjournaled.delete(path);
        this.arrivals.delete(path);
        return;
      }
    }
    // A later change the journal refused is a gap these edits would apply across.
    const gap = (this.unjournaled.get(path) ?? 0) > arrival.seq;
    if (gap || !this.log.append(seq, path, { edits, after: arrival.seq })) this.unjournaled.set(path, seq);
  }

  /** A change the journal is not to hold (an imported file): the store gets it at the next write. */
  private storeOnly(path: string): void {
    const seq = ++this.seq;
    this.dirty.add(path);
    this.unjournaled.set(path, seq);
    this.arrivals.set(path, { seq, whole: true });
  }

  private journalFolders(): void {
    this.foldersDirty = true;
    this.log.writeFolders(++this.seq, this.ws.folders());
  }

  /** Everything (first start, a reset): the store gets the full workspace. */
  markAllDirty(deleted: string[] = []): void {
    for (const p of deleted) this.dirty.add(p);
    for (const p of this.ws.paths()) this.dirty.add(p);
    this.foldersDirty = true;
    this.schedule();
  }

  /** These paths (a replayed journal): the store gets them. */
  markDirty(paths: string[]): void {
    for (const p of paths) this.dirty.add(p);
    this.foldersDirty = true;
    this.schedule();
  }

  /**
   * The store write waits for a pause in the typing (at most maxDelayMs), also
   * when the journal refused a change; a large write waits for a longer pause
   * while the journal holds every pending change.
   */
  private schedule(): void {
    if (this.current.state === 'saved') this.set({ state: 'saving' });
    const now = Date.now();
    if (!this.timer) this.firstDirtyAt = now;
    clearTimeout(this.timer);
    const large = !this.journalIncomplete && [...this.dirty].some((p) => (this.writtenChars.get(p) ?? 0) > LARGE_WRITE_CHARS);
    const [delay, max] = large ? [this.largeDelayMs, this.largeMaxDelayMs] : [this.delayMs, this.maxDelayMs];
    const wait = Math.max(0, Math.min(delay, this.firstDirtyAt + max - now));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, wait);
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
    // Everything read below is current as of this number; later changes get higher ones.
    const upTo = this.seq;
    const paths = [...this.dirty];
    const put: [string, TextPieces][] = [];
    const del: string[] = [];
    for (const p of paths) {
      const c = this.ws.readPieces(p);
      if (c === undefined) del.push(p);
      else put.push([p, c]);
      this.writtenChars.set(p, c?.length ?? 0);
    }
    this.dirty.clear();
    this.foldersDirty = false;
    this.flushing = this.storage
      .write({ put, del, folders: this.ws.folders(), seq: upTo })
      .then(() => {
        this.log.compact(paths, upTo, true);
        for (const p of paths) {
          if ((this.unjournaled.get(p) ?? Infinity) <= upTo) this.unjournaled.delete(p);
          if ((this.arrivals.get(p)?.seq ?? Infinity) <= upTo) this.arrivals.delete(p);
        }
        if (this.dirty.size || this.foldersDirty) this.schedule();
        else this.set({ state: 'saved' });
      })
      .catch((e: unknown) => {
        // Keep the batch pending (the journal still has it) so the next change retries it.
        for (const p of paths) this.dirty.add(p);
        this.foldersDirty = true;
        this.set({ state: 'error', message: describeStorageError(e) });
      })
      .finally(() => {
        this.flushing = undefined;
      });
    await this.flushing;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.unsub();
  }
}
