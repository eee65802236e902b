// The browser's durable store for the workspace: one IndexedDB record per
// file (a keystroke rewrites one file, not the workspace), written in one
// transaction per batch, each with the journal sequence number it is current
// to. Records written before the numbers (a file's bare text, a bare folder
// list) read as number 0. Uses idb-keyval's store helper. And the journal's
// storage: one localStorage key per entry.
import { createStore, entries, type UseStore } from 'idb-keyval';
import { LEGACY, type Journal, type StoredWorkspace } from './journal';
import type { StoreBatch, WorkspaceStorage } from './persistence';

const FILE = 'f:';
const FOLDERS = 'folders';

interface FileRecord {
  text: string;
  seq: number;
}
interface FoldersRecord {
  folders: string[];
  seq: number;
}

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

  async load(): Promise<StoredWorkspace | undefined> {
    const all = await entries<string, unknown>(this.store);
    if (!all.length) return undefined;
    const out: StoredWorkspace = { files: [], folders: [], foldersSeq: 0 };
    for (const [k, v] of all) {
      if (k === FOLDERS) {
        if (Array.isArray(v)) out.folders = v as string[];
        else {
          out.folders = (v as FoldersRecord).folders;
          out.foldersSeq = (v as FoldersRecord).seq;
        }
      } else if (typeof k === 'string' && k.startsWith(FILE)) {
        const path = k.slice(FILE.length);
        if (typeof v === 'string') out.files.push([path, v, 0]);
        else out.files.push([path, (v as FileRecord).text, (v as FileRecord).seq]);
      }
    }
    return out;
  }

  write(b: StoreBatch): Promise<void> {
    return this.store('readwrite', (s) => {
      try {
        for (const p of b.del) s.delete(FILE + p);
        for (const [p, text] of b.put) s.put({ text, seq: b.seq } satisfies FileRecord, FILE + p);
        s.put({ folders: b.folders, seq: b.seq } satisfies FoldersRecord, FOLDERS);
      } catch (e) {
        // All or nothing: a refused put must not leave the deletes of a move behind.
        s.transaction.abort();
        throw e;
      }
      return done(s.transaction);
    });
  }
}

/** The journal in localStorage: entry `name` under `<key>/<name>`; the legacy record under `<key>` itself, where older versions wrote it. */
export class LocalStorageJournal implements Journal {
  constructor(private readonly key = 'router-ide.journal') {}

  private keyOf(name: string): string {
    return name === LEGACY ? this.key : `${this.key}/${name}`;
  }

  entries(): [string, string][] {
    const out: [string, string][] = [];
    const prefix = `${this.key}/`;
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k === null || (k !== this.key && !k.startsWith(prefix))) continue;
      const v = localStorage.getItem(k);
      if (v !== null) out.push([k === this.key ? LEGACY : k.slice(prefix.length), v]);
    }
    return out;
  }

  write(name: string, value: string): void {
    localStorage.setItem(this.keyOf(name), value);
  }

  remove(name: string): void {
    localStorage.removeItem(this.keyOf(name));
  }
}
