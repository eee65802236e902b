// The list of clones in the Git file system: on Node's file system, and on
// lightning-fs over fake-indexeddb (the browser's store, as the app opens
// it) where a new instance must read what the last one flushed.
import 'fake-indexeddb/auto';
import LightningFS from '@isomorphic-git/lightning-fs';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLONE_LIST_FILE,
  LEGACY_CLONE_DIR,
  loadCloneList,
  mergeCloneLists,
  parseCloneList,
  readCloneList,
  writeCloneList,
} from './clone-list';
import { BatchedIdb } from './idb-batch';

const roots: string[] = [];
const tmpRoot = () => {
  const r = fs.mkdtempSync(path.join(os.tmpdir(), 'clone-list-'));
  roots.push(r);
  return path.join(r, 'repos');
};
afterEach(() => {
  vi.unstubAllGlobals();
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});

const a = { url: 'https://git.example.test/team/a.git', folder: 'a', dir: '/repos/a-1' };
const b = { url: 'https://git.example.test/team/b.git', folder: 'b', dir: '/repos/b-2' };

describe('the clone list', () => {
  it('is written to the file system and read back as it was', async () => {
    const root = tmpRoot();
    expect(await readCloneList(fsp, root)).toBeUndefined();
    await writeCloneList(fsp, root, { clones: [a, b], active: b.dir });
    expect(await readCloneList(fsp, root)).toEqual({ clones: [a, b], active: b.dir });
    expect(fs.readdirSync(root)).toEqual([CLONE_LIST_FILE]);
  });

  it('never keeps a token from an address', async () => {
    const root = tmpRoot();
    await writeCloneList(fsp, root, { clones: [{ ...a, url: 'https://alice:tok-secret@git.example.test/team/a.git' }] });
    const text = fs.readFileSync(path.join(root, CLONE_LIST_FILE), 'utf8');
    expect(text).not.toContain('tok-secret');
    expect((await readCloneList(fsp, root))?.clones[0].url).toBe(a.url);
  });

  it('takes in an older localStorage list once, the legacy single clone included, and keeps what the file had', async () => {
    const root = tmpRoot();
    // The earliest versions: one clone, its Git data at /repo.
    const first = await loadCloneList(fsp, root, { url: 'https://u:tok-x@git.example.test/team/old.git', folder: 'old' });
    expect(first).toEqual({
      list: { clones: [{ url: 'https://git.example.test/team/old.git', folder: 'old', dir: LEGACY_CLONE_DIR }], active: LEGACY_CLONE_DIR },
      migrated: true,
    });
    // A list another tab of an older version kept meanwhile: its new entry joins, the file's entry and active one stay.
    const second = await loadCloneList(fsp, root, { clones: [a, { url: 'x', folder: 'old', dir: LEGACY_CLONE_DIR }], active: a.dir });
    expect(second.list.clones.map((c) => c.dir)).toEqual([LEGACY_CLONE_DIR, a.dir]);
    expect(second.list.active).toBe(LEGACY_CLONE_DIR);
    // Nothing left to take in: the file alone.
    expect(await loadCloneList(fsp, root, null)).toEqual({ list: second.list, migrated: false });
    expect(await readCloneList(fsp, root)).toEqual(second.list);
  });

  it('a failed write throws and leaves the old list whole, so the caller keeps the older copy', async () => {
    const root = tmpRoot();
    await writeCloneList(fsp, root, { clones: [a] });
    const refusing = { ...fsp, writeFile: () => Promise.reject(new Error('QuotaExceededError')) };
    await expect(loadCloneList(refusing, root, { clones: [b] })).rejects.toThrow('QuotaExceededError');
    expect(await readCloneList(fsp, root)).toEqual({ clones: [a], active: a.dir });
  });

  it('reads entries that are not clones as nothing, and an active one not in the list as the first', () => {
    expect(parseCloneList({ clones: [a, { url: 3 }, null], active: '/repos/gone' })).toEqual({ clones: [a], active: a.dir });
    expect(parseCloneList('nonsense')).toEqual({ clones: [] });
    expect(mergeCloneLists({ clones: [] }, { clones: [b], active: b.dir })).toEqual({ clones: [b], active: b.dir });
  });

  it('on lightning-fs over IndexedDB: flushed by one instance, read by the next (a reload)', async () => {
    // Node has no navigator: lightning-fs then takes its lock through IndexedDB, as a browser without Web Locks does.
    if (typeof navigator === 'undefined') vi.stubGlobal('navigator', {});
    const name = 'clone-list-test';
    const open = () => new LightningFS(name, { db: new BatchedIdb(name, `${name}_files`) });
    const one = open();
    await writeCloneList(one.promises, '/repos', { clones: [a, b], active: a.dir });
    await one.promises.flush();
    const two = open();
    expect(await readCloneList(two.promises, '/repos')).toEqual({ clones: [a, b], active: a.dir });
  });
});
