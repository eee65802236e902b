// The browser's durable store for the workspace: one IndexedDB record per
// file (a keystroke rewrites one file, not the workspace), written in one
// transaction per batch, each with the journal sequence number it is current
// to. Records written before the numbers (a file's bare text, a bare folder
// list) read as number 0. Uses idb-keyval's store helper. And the journal's
// storage: one localStorage key per entry.
//
// A large file is stored in chunks, each read from the text's pieces and put
// from the previous one's success callback: every put copies its value on
// the calling thread, and so does joining a large text into one string, so
// one put of a whole large text is one long main-thread task, while chained
// chunks are one short task each. They stay in the batch's one transaction,
// so the write is still all or nothing.
import { createStore, entries, type UseStore } from 'idb-keyval';
import { LEGACY, type Journal, type StoredWorkspace } from './journal';
import type { StoreBatch, WorkspaceStorage } from './persistence';
import { chunksOf, readAll } from './text-pieces';

const FILE = 'f:';
const FOLDERS = 'folders';
/** Chunk keys are arrays `[CHUNK, path, index]`: a key range per file finds its chunks, and no file key can collide with them. */
const CHUNK = 'chunk';
/** Characters per chunk: a put of this size is a short task. */
const CHUNK_CHARS = 256 * 1024;

interface FileRecord {
  text: string;
  seq: number;
}
/** A file stored as `chunks` records under `[CHUNK, path, i]`. */
interface ChunkedFileRecord {
  chunks: number;
  length: number;
  seq: number;
}

const chunkRange = (path: string) => IDBKeyRange.bound([CHUNK, path], [CHUNK, path, []]);

function isChunkKey(k: IDBValidKey): k is [string, string, number] {
  return Array.isArray(k) && k[0] === CHUNK && typeof k[1] === 'string' && typeof k[2] === 'number';
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
    const chunks = new Map<string, string[]>();
    const chunked: [string, ChunkedFileRecord][] = [];
    for (const [k, v] of all) {
      if (isChunkKey(k)) {
        const list = chunks.get(k[1]) ?? [];
        list[k[2]] = v as string;
        chunks.set(k[1], list);
        continue;
      }
      if (k === FOLDERS) {
        if (Array.isArray(v)) out.folders = v as string[];
        else {
          out.folders = (v as FoldersRecord).folders;
          out.foldersSeq = (v as FoldersRecord).seq;
        }
      } else if (typeof k === 'string' && k.startsWith(FILE)) {
        const path = k.slice(FILE.length);
        if (typeof v === 'string') out.files.push([path, v, 0]);
        else if ('chunks' in (v as object)) chunked.push([path, v as ChunkedFileRecord]);
        else out.files.push([path, (v as FileRecord).text, (v as FileRecord).seq]);
      }
    }
    for (const [path, rec] of chunked) {
      const parts = chunks.get(path) ?? [];
      const text = parts.slice(0, rec.chunks).join('');
      // The write is one transaction, so a short text means the database was changed behind our back.
      if (text.length !== rec.length)
        throw new Error(`The stored copy of ${path} is incomplete (${text.length} of ${rec.length} characters)`);
      out.files.push([path, text, rec.seq]);
    }
    return out;
  }

  write(b: StoreBatch): Promise<void> {
    return this.store('readwrite', (s) => {
      const finished = done(s.transaction);
      // All or nothing: a refused put must not leave the deletes of a move behind.
      let failure: unknown;
      const abort = (e: unknown) => {
        failure ??= e;
        try {
          s.transaction.abort();
        } catch {
          // Already finished or aborting: the transaction's own error is reported.
        }
      };
      const pending: { path: string; count: number; done: number; next: () => string | null }[] = [];
      try {
        for (const p of b.del) {
          s.delete(FILE + p);
          s.delete(chunkRange(p));
        }
        for (const [p, text] of b.put) {
          s.delete(chunkRange(p));
          if (text.length <= CHUNK_CHARS) {
            s.put({ text: readAll(text), seq: b.seq } satisfies FileRecord, FILE + p);
            continue;
          }
          const count = Math.ceil(text.length / CHUNK_CHARS);
          s.put({ chunks: count, length: text.length, seq: b.seq } satisfies ChunkedFileRecord, FILE + p);
          pending.push({ path: p, count, done: 0, next: chunksOf(text, CHUNK_CHARS) });
        }
        s.put({ folders: b.folders, seq: b.seq } satisfies FoldersRecord, FOLDERS);
      } catch (e) {
        abort(e);
      }
      // Each chunk read and put from the previous one's success: the transaction stays active there, and the copies spread over tasks.
      const next = () => {
        const file = pending[0];
        if (!file) return;
        try {
          const chunk = file.next();
          // A text that ends early (or runs on) would be stored cut short: nothing of the batch is kept.
          if ((chunk === null) !== (file.done === file.count)) throw new Error(`The text of ${file.path} did not have the length it said`);
          if (chunk === null) {
            pending.shift();
            next();
            return;
          }
          s.put(chunk, [CHUNK, file.path, file.done++]).onsuccess = next;
        } catch (e) {
          abort(e);
        }
      };
      if (failure === undefined) next();
      return finished.catch((e) => {
        throw failure ?? e;
      });
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
