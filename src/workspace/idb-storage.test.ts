// The IndexedDB store on fake-indexeddb, an implementation of the IndexedDB
// specification for Node: chunked large files, their clean-up, the chained
// puts, and all-or-nothing writes.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdbStorage } from './idb-storage';
import { piecesOf, type TextPieces } from './text-pieces';

// A file over 256 KB is stored in 256 KB chunks (docs/performance.md).
const CHUNK_CHARS = 256 * 1024;

let n = 0;
const fresh = () => new IdbStorage(`idb-storage-test-${n++}`);

/** Every key in the store, to see what a write left behind. */
function keys(db: string): Promise<IDBValidKey[]> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(db);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const req = open.result.transaction('files').objectStore('files').getAllKeys();
      req.onsuccess = () => {
        open.result.close();
        resolve(req.result);
      };
      req.onerror = () => reject(req.error);
    };
  });
}

const chunkKeys = (all: IDBValidKey[]) => all.filter((k) => Array.isArray(k));
const big = (chunks: number, seed: string) => Array.from({ length: chunks * CHUNK_CHARS - 7 }, (_, i) => seed[i % seed.length]).join('');

afterEach(() => vi.restoreAllMocks());

describe('IdbStorage', () => {
  it('stores a small file as one record and a large one in chunks, and reads both back', async () => {
    const store = fresh();
    const large = big(3, 'def f(x):\n    return x\n');
    await store.write({
      put: [
        ['a.py', piecesOf('x = 1\n')],
        ['big.py', piecesOf(large)],
      ],
      del: [],
      folders: ['src'],
      seq: 4,
    });
    const loaded = await store.load();
    expect(loaded?.files.sort()).toEqual([
      ['a.py', 'x = 1\n', 4],
      ['big.py', large, 4],
    ]);
    expect(loaded?.folders).toEqual(['src']);
    expect(chunkKeys(await keys(`idb-storage-test-${n - 1}`))).toHaveLength(3);
  });

  it('drops the old chunks when a large file shrinks or is deleted', async () => {
    const store = fresh();
    const db = `idb-storage-test-${n - 1}`;
    await store.write({
      put: [
        ['big.py', piecesOf(big(4, 'abc\n'))],
        ['other.py', piecesOf(big(2, 'xyz\n'))],
      ],
      del: [],
      folders: [],
      seq: 1,
    });
    expect(chunkKeys(await keys(db))).toHaveLength(6);
    await store.write({ put: [['big.py', piecesOf(big(2, 'q\n'))]], del: [], folders: [], seq: 2 });
    expect(chunkKeys(await keys(db))).toHaveLength(4);
    await store.write({ put: [['big.py', piecesOf('small\n')]], del: ['other.py'], folders: [], seq: 3 });
    expect(chunkKeys(await keys(db))).toHaveLength(0);
    expect((await store.load())?.files).toEqual([['big.py', 'small\n', 3]]);
  });

  it('issues the chunk puts one at a time, each from the previous one’s success', async () => {
    const store = fresh();
    const real = IDBObjectStore.prototype.put;
    let calls = 0;
    let inFirstTask = -1;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value, key) {
      // What is issued in the same task as the first put is counted before the first microtask runs.
      if (calls++ === 0) queueMicrotask(() => (inFirstTask = calls));
      return real.call(this, value, key);
    });
    await store.write({ put: [['big.py', piecesOf(big(5, 'xy\n'))]], del: [], folders: [], seq: 1 });
    // The file's header, the folder list and the first chunk; the other four chunks each in a task of its own.
    expect(inFirstTask).toBe(3);
    expect(calls).toBe(2 + 5);
  });

  /** `text` in pieces of uneven sizes (as an editor model's snapshot gives it), counting the pieces read. */
  function unevenPieces(text: string, claimedLength = text.length): TextPieces & { reads: number } {
    const sizes = [1, 70_000, 3, 300_000, 17, 65_536];
    let at = 0;
    let i = 0;
    const t = {
      length: claimedLength,
      reads: 0,
      read: () => {
        if (at >= text.length) return null;
        t.reads++;
        const piece = text.slice(at, at + sizes[i++ % sizes.length]);
        at += piece.length;
        return piece;
      },
    };
    return t;
  }

  it('a text in uneven pieces is stored in whole chunks, its pieces read a chunk at a time, one per put', async () => {
    const store = fresh();
    const large = big(4, 'class A:\n    pass\n');
    const pieces = unevenPieces(large);
    const real = IDBObjectStore.prototype.put;
    let readsAtFirstPut = -1;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value, key) {
      if (Array.isArray(key) && key[2] === 0) readsAtFirstPut = pieces.reads;
      return real.call(this, value, key);
    });
    await store.write({ put: [['big.py', pieces]], del: [], folders: [], seq: 5 });
    vi.restoreAllMocks();
    expect((await store.load())?.files).toEqual([['big.py', large, 5]]);
    expect(chunkKeys(await keys(`idb-storage-test-${n - 1}`))).toHaveLength(4);
    // The first chunk's put had read only the pieces it needed, not the whole text.
    expect(readsAtFirstPut).toBeGreaterThan(0);
    expect(readsAtFirstPut).toBeLessThan(pieces.reads);
  });

  it('a text shorter than its stated length is refused, and the previous workspace stays whole', async () => {
    const store = fresh();
    const before = big(2, 'old\n');
    await store.write({ put: [['big.py', piecesOf(before)]], del: [], folders: [], seq: 1 });
    const short = big(3, 'new\n');
    await expect(
      store.write({ put: [['big.py', unevenPieces(short, short.length + CHUNK_CHARS)]], del: [], folders: [], seq: 2 }),
    ).rejects.toThrow(/big\.py did not have the length it said/);
    expect((await store.load())?.files).toEqual([['big.py', before, 1]]);
  });

  it('is all or nothing: a chunk refused halfway leaves the previous workspace whole', async () => {
    const store = fresh();
    const before = big(2, 'old\n');
    await store.write({
      put: [
        ['big.py', piecesOf(before)],
        ['gone.py', piecesOf('keep me\n')],
      ],
      del: [],
      folders: ['a'],
      seq: 1,
    });
    const real = IDBObjectStore.prototype.put;
    let chunkPuts = 0;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value, key) {
      if (Array.isArray(key) && ++chunkPuts === 3) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return real.call(this, value, key);
    });
    await expect(
      store.write({ put: [['big.py', piecesOf(big(4, 'new\n'))]], del: ['gone.py'], folders: ['b'], seq: 2 }),
    ).rejects.toMatchObject({
      name: 'QuotaExceededError',
    });
    vi.restoreAllMocks();
    const loaded = await store.load();
    expect(loaded?.files.sort()).toEqual([
      ['big.py', before, 1],
      ['gone.py', 'keep me\n', 1],
    ]);
    expect(loaded?.folders).toEqual(['a']);
  });

  it('reads records written before sequence numbers and chunks', async () => {
    const store = fresh();
    const db = `idb-storage-test-${n - 1}`;
    await store.write({ put: [], del: [], folders: [], seq: 0 });
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(db);
      open.onsuccess = () => {
        const tx = open.result.transaction('files', 'readwrite');
        tx.objectStore('files').put('legacy text\n', 'f:old.py');
        tx.objectStore('files').put(['x', 'y'], 'folders');
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
    const loaded = await store.load();
    expect(loaded?.files).toEqual([['old.py', 'legacy text\n', 0]]);
    expect(loaded).toMatchObject({ folders: ['x', 'y'], foldersSeq: 0 });
  });
});
