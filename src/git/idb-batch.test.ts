// The Git file system's store on fake-indexeddb (an implementation of the
// IndexedDB standard in Node): what comes in together shares a transaction,
// a read sees the writes not yet committed, and a store closed by
// lightning-fs after a pause opens again on the next use.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchedIdb } from './idb-batch';

const opened: { mode: IDBTransactionMode }[] = [];
const original = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
  opened.push({ mode: args[1] ?? 'readonly' });
  return original.apply(this, args);
} as IDBDatabase['transaction'];

let n = 0;
const fresh = () => {
  const name = `batch-test-${++n}`;
  return { name, store: new BatchedIdb(name, `${name}_files`) };
};
const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array | undefined) => (b ? new TextDecoder().decode(b) : undefined);

afterEach(() => {
  opened.length = 0;
});

describe('BatchedIdb', () => {
  it('writes asked for together commit in one transaction, and another connection reads them all', async () => {
    const { name, store } = fresh();
    await Promise.all(Array.from({ length: 200 }, (_, i) => store.writeFile(i, bytes(`file ${i}`))));
    expect(opened.filter((t) => t.mode === 'readwrite')).toHaveLength(1);
    await store.close();
    opened.length = 0;
    const again = new BatchedIdb(name, `${name}_files`);
    const read = await Promise.all(Array.from({ length: 200 }, (_, i) => again.readFile(i)));
    expect(read.map(text)).toEqual(Array.from({ length: 200 }, (_, i) => `file ${i}`));
    expect(opened).toEqual([{ mode: 'readonly' }]);
  });

  it('a read sees a write or a deletion still waiting to commit, and the last write of a file wins', async () => {
    const { store } = fresh();
    await store.writeFile(1, bytes('one'));
    const w = store.writeFile(1, bytes('two'));
    const u = store.writeFile(2, bytes('x'));
    const gone = store.unlink(2);
    expect(text(await store.readFile(1))).toBe('two');
    expect(await store.readFile(2)).toBeUndefined();
    await Promise.all([w, u, gone]);
    expect(text(await store.readFile(1))).toBe('two');
    expect(await store.readFile(2)).toBeUndefined();
  });

  it('writes that arrive while one transaction commits go in the next, and each promise waits for its own', async () => {
    const { store } = fresh();
    const first = store.writeFile(1, bytes('a'));
    await new Promise((r) => setTimeout(r, 0));
    const second = store.writeFile(2, bytes('b'));
    await Promise.all([first, second]);
    expect(opened.filter((t) => t.mode === 'readwrite')).toHaveLength(2);
    expect([text(await store.readFile(1)), text(await store.readFile(2))]).toEqual(['a', 'b']);
  });

  it('used again after lightning-fs closed it, it opens a new connection', async () => {
    const { store } = fresh();
    await store.saveSuperblock(bytes('root'));
    await store.close();
    await store.writeFile(7, bytes('after close'));
    expect(text(await store.readFile(7))).toBe('after close');
    expect(text((await store.loadSuperblock()) as unknown as Uint8Array)).toBe('root');
  });

  it('wipe leaves nothing', async () => {
    const { store } = fresh();
    await store.writeFile(1, bytes('x'));
    await store.wipe();
    expect(await store.readFile(1)).toBeUndefined();
  });
});
