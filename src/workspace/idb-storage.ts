// The browser's durable store for the workspace: one IndexedDB record per
// file (a keystroke rewrites one file, not the workspace), written in one
// transaction per batch. Uses idb-keyval's store helper.
import { createStore, entries, type UseStore } from 'idb-keyval';
import type { Journal, JournalRecord, WorkspaceStorage } from './persistence';
import type { WorkspaceSnapshot } from './workspace';

const FILE = 'f:';
const FOLDERS = 'folders';

const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

export class IdbStorage implements WorkspaceStorage {
  private readonly store: UseStore;
  constructor(db = 'router-ide-workspace', name = 'files') {
    this.store = createStore(db, name);
  }

  async load(): Promise<WorkspaceSnapshot | undefined> {
    const all = await entries<string, unknown>(this.store);
    if (!all.length) return undefined;
    const files: [string, string][] = [];
    let folders: string[] = [];
    for (const [k, v] of all) {
      if (k === FOLDERS) folders = v as string[];
      else if (typeof k === 'string' && k.startsWith(FILE)) files.push([k.slice(FILE.length), v as string]);
    }
    return { files, folders };
  }

  write(b: { put: [string, string][]; del: string[]; folders: string[] }): Promise<void> {
    return this.store('readwrite', (s) => {
      try {
        for (const p of b.del) s.delete(FILE + p);
        for (const [p, c] of b.put) s.put(c, FILE + p);
        s.put(b.folders, FOLDERS);
      } catch (e) {
        // All or nothing: a refused put must not leave the deletes of a move behind.
        s.transaction.abort();
        throw e;
      }
      return done(s.transaction);
    });
  }
}

/** The synchronous journal in localStorage. */
export class LocalStorageJournal implements Journal {
  constructor(private readonly key = 'router-ide.journal') {}
  write(r: JournalRecord): void {
    localStorage.setItem(this.key, JSON.stringify(r));
  }
  read(): JournalRecord | undefined {
    try {
      const r = JSON.parse(localStorage.getItem(this.key) ?? 'null') as JournalRecord | null;
      return r && typeof r.files === 'object' ? r : undefined;
    } catch {
      return undefined;
    }
  }
  clear(): void {
    localStorage.removeItem(this.key);
  }
}
