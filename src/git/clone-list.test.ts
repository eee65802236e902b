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
  CLONE_MARK_FILE,
  LEGACY_CLONE_DIR,
  loadCloneList,
  markClone,
  markedClones,
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
      saved: true,
    });
    // A list another tab of an older version kept meanwhile: its new entry joins, the file's entry and active one stay.
    const second = await loadCloneList(fsp, root, { clones: [a, { url: 'x', folder: 'old', dir: LEGACY_CLONE_DIR }], active: a.dir });
    expect(second.list.clones.map((c) => c.dir)).toEqual([LEGACY_CLONE_DIR, a.dir]);
    expect(second.list.active).toBe(LEGACY_CLONE_DIR);
    // Nothing left to take in: the file alone.
    expect(await loadCloneList(fsp, root, null)).toEqual({ list: second.list, migrated: false, saved: true });
    expect(await readCloneList(fsp, root)).toEqual(second.list);
  });

  it('a failed write is reported, not migrated, and leaves the old file whole; the list shown still has every entry', async () => {
    const root = tmpRoot();
    await writeCloneList(fsp, root, { clones: [a] });
    const refusing = { ...fsp, writeFile: () => Promise.reject(new Error('QuotaExceededError')) };
    const r = await loadCloneList(refusing, root, { clones: [b] });
    expect(r).toMatchObject({ list: { clones: [a, b], active: a.dir }, migrated: false, saved: false });
    expect(r.error?.message).toBe('QuotaExceededError');
    expect(await readCloneList(fsp, root)).toEqual({ clones: [a], active: a.dir });
  });

  /** A clone folder under `root` as the panel makes one: its Git folder, marked as a clone of `url` shown as `folder`. */
  async function markedClone(root: string, name: string, url: string, folder: string, made: number) {
    const clone = { url, folder, dir: path.join(root, name) };
    await fsp.mkdir(path.join(clone.dir, '.git'), { recursive: true });
    await markClone(fsp, clone, made);
    return clone;
  }

  it('a clone missing from the list (the list never written, or lost) is listed again from its own mark', async () => {
    const root = tmpRoot();
    // Made in this order; their folders' names sort the other way.
    const one = await markedClone(root, 'zz-one', 'https://alice:tok-1@git.example.test/team/one.git', 'one', 1_000);
    const two = await markedClone(root, 'aa-two', 'https://git.example.test/team/two.git', 'two (2)', 2_000);
    // A folder without a mark (a clone that never got its files into the workspace) and a mark cut short are not clones.
    await fsp.mkdir(path.join(root, 'half-m3', '.git'), { recursive: true });
    await fsp.mkdir(path.join(root, 'cut-m4', '.git'), { recursive: true });
    await fsp.writeFile(path.join(root, 'cut-m4', CLONE_MARK_FILE), '{"url":"https://git.exa');
    await writeCloneList(fsp, root, { clones: [two], active: two.dir });

    expect(await markedClones(fsp, root)).toEqual([{ ...one, url: 'https://git.example.test/team/one.git' }, two]);
    expect(fs.readFileSync(path.join(one.dir, CLONE_MARK_FILE), 'utf8')).not.toContain('tok-1');
    const r = await loadCloneList(fsp, root, null);
    // The list's own entries first, its active one kept; the clone it lacked after them, and written.
    expect(r.list.clones.map((c) => c.folder)).toEqual(['two (2)', 'one']);
    expect(r.list.active).toBe(two.dir);
    expect(r.saved).toBe(true);
    expect(await readCloneList(fsp, root)).toEqual(r.list);

    // No list at all: every marked clone, in the order they were made.
    fs.rmSync(path.join(root, CLONE_LIST_FILE));
    expect((await loadCloneList(fsp, root, null)).list.clones.map((c) => c.folder)).toEqual(['one', 'two (2)']);
  });

  it('reads entries that are not clones as nothing, and an active one not in the list as the first', () => {
    expect(parseCloneList({ clones: [a, { url: 3 }, null], active: '/repos/gone' })).toEqual({ clones: [a], active: a.dir });
    expect(parseCloneList('nonsense')).toEqual({ clones: [] });
    expect(mergeCloneLists({ clones: [] }, { clones: [b], active: b.dir })).toEqual({ clones: [b], active: b.dir });
  });

  it('on lightning-fs over IndexedDB: flushed by one instance, read by the next (a reload), marks included', async () => {
    // Node has no navigator: lightning-fs then takes its lock through IndexedDB, as a browser without Web Locks does.
    if (typeof navigator === 'undefined') vi.stubGlobal('navigator', {});
    const name = 'clone-list-test';
    const open = () => new LightningFS(name, { db: new BatchedIdb(name, `${name}_files`) });
    const one = open();
    await writeCloneList(one.promises, '/repos', { clones: [a, b], active: a.dir });
    // A third clone whose list entry was never written: only its mark is kept.
    const c = { url: 'https://git.example.test/team/c.git', folder: 'c', dir: '/repos/c-3' };
    await one.promises.mkdir(c.dir);
    await one.promises.mkdir(`${c.dir}/.git`);
    await markClone(one.promises, c);
    await one.promises.flush();
    const two = open();
    expect(await readCloneList(two.promises, '/repos')).toEqual({ clones: [a, b], active: a.dir });
    expect((await loadCloneList(two.promises, '/repos', null)).list).toEqual({ clones: [a, b, c], active: a.dir });
  });
});
