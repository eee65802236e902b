// lightning-fs's file store (its `db` option) with the reads and the writes
// that come in together sharing one IndexedDB transaction each. lightning-fs's
// own store opens a read-write transaction per file, reads included, and
// isomorphic-git writes a checkout's files all at once: every file then waits
// for a transaction of its own, one after the other. Same database and object
// store as lightning-fs's own, so clones made before are read as they were.
//
// While one write transaction commits, the writes that arrive meanwhile wait
// and go in the next one; a write's promise resolves when its transaction has
// committed, as with lightning-fs's store. A read sees the writes still
// waiting or committing, then asks IndexedDB (one read-only transaction for
// the reads of one moment).
import type LightningFS from '@isomorphic-git/lightning-fs';

const SUPERBLOCK = '!root';
/** A deletion in the queue of writes. */
const GONE = Symbol('gone');

type Key = string | number;
type Waiter = { resolve: () => void; reject: (e: unknown) => void };

export class BatchedIdb implements LightningFS.IDB {
  /** The open connection; lightning-fs closes it after a pause in use, and the next read or write opens it again. */
  private connection?: Promise<IDBDatabase>;
  /** Writes not yet in a transaction. */
  private queued = new Map<Key, unknown>();
  private queuedWaiters: Waiter[] = [];
  /** Writes of the transaction now committing. */
  private committing = new Map<Key, unknown>();
  private writeScheduled = false;
  private reads = new Map<Key, { resolve: (v: unknown) => void; reject: (e: unknown) => void }[]>();
  private readScheduled = false;

  constructor(
    private readonly dbName: string,
    private readonly storeName: string,
  ) {}

  private get db(): Promise<IDBDatabase> {
    if (!this.connection) {
      const opened = new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(this.dbName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => resolve(open.result);
        open.onupgradeneeded = () => open.result.createObjectStore(this.storeName);
      });
      // A failed open is tried again by the next caller.
      opened.catch(() => {
        if (this.connection === opened) this.connection = undefined;
      });
      this.connection = opened;
    }
    return this.connection;
  }

  saveSuperblock(sb: Uint8Array): Promise<void> {
    return this.write(SUPERBLOCK, sb);
  }

  loadSuperblock(): Promise<LightningFS.SuperBlock> {
    return this.read(SUPERBLOCK) as Promise<LightningFS.SuperBlock>;
  }

  readFile(inode: number): Promise<Uint8Array> {
    return this.read(inode) as Promise<Uint8Array>;
  }

  writeFile(inode: number, data: Uint8Array): Promise<void> {
    return this.write(inode, data);
  }

  unlink(inode: number): Promise<void> {
    return this.write(inode, GONE);
  }

  async wipe(): Promise<void> {
    await this.settled();
    const db = await this.db;
    await done(db.transaction(this.storeName, 'readwrite'), (s) => s.clear());
  }

  async close(): Promise<void> {
    await this.settled();
    const closing = this.connection;
    this.connection = undefined;
    // Transactions already started finish first; a new one opens a new connection.
    (await closing?.catch(() => undefined))?.close();
  }

  private write(key: Key, value: unknown): Promise<void> {
    this.queued.set(key, value);
    const p = new Promise<void>((resolve, reject) => this.queuedWaiters.push({ resolve, reject }));
    this.scheduleWrite();
    return p;
  }

  private scheduleWrite(): void {
    if (this.writeScheduled || this.committing.size || !this.queued.size) return;
    this.writeScheduled = true;
    // The next task: the writes started in this one (a checkout's files) go together.
    setTimeout(() => void this.commit(), 0);
  }

  private async commit(): Promise<void> {
    this.writeScheduled = false;
    const batch = (this.committing = this.queued);
    const waiters = this.queuedWaiters;
    this.queued = new Map();
    this.queuedWaiters = [];
    try {
      const db = await this.db;
      await done(db.transaction(this.storeName, 'readwrite'), (s) => {
        for (const [k, v] of batch) {
          if (v === GONE) s.delete(k);
          else s.put(v, k);
        }
      });
      for (const w of waiters) w.resolve();
    } catch (e) {
      for (const w of waiters) w.reject(e);
    } finally {
      this.committing = new Map();
      this.scheduleWrite();
    }
  }

  private read(key: Key): Promise<unknown> {
    for (const pending of [this.queued, this.committing])
      if (pending.has(key)) {
        const v = pending.get(key);
        return Promise.resolve(v === GONE ? undefined : v);
      }
    const p = new Promise<unknown>((resolve, reject) => {
      const list = this.reads.get(key) ?? [];
      list.push({ resolve, reject });
      this.reads.set(key, list);
    });
    if (!this.readScheduled) {
      this.readScheduled = true;
      queueMicrotask(() => void this.fetchReads());
    }
    return p;
  }

  private async fetchReads(): Promise<void> {
    this.readScheduled = false;
    const reads = this.reads;
    this.reads = new Map();
    try {
      const db = await this.db;
      const results = new Map<Key, unknown>();
      // A read-only transaction opened after a write transaction on the same store sees what that one wrote.
      await done(db.transaction(this.storeName, 'readonly'), (s) => {
        for (const k of reads.keys()) {
          const r = s.get(k);
          r.onsuccess = () => results.set(k, r.result);
        }
      });
      for (const [k, list] of reads) for (const r of list) r.resolve(results.get(k));
    } catch (e) {
      for (const list of reads.values()) for (const r of list) r.reject(e);
    }
  }

  /** Until every write asked for so far has committed. */
  private async settled(): Promise<void> {
    while (this.queued.size || this.committing.size) {
      await new Promise((r) => setTimeout(r, 0));
    }
  }
}

function done(tx: IDBTransaction, use: (s: IDBObjectStore) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error);
    use(tx.objectStore(tx.objectStoreNames[0]));
  });
}
