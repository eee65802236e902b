// The repository module wired for the browser: lightning-fs (IndexedDB) for
// the clones, the browser's fetch (behind the guard) for the wire. Each
// clone has its own folder, so cloning another repository never touches the
// Git data (unpushed commits, the index) of one cloned before.
import LightningFS from '@isomorphic-git/lightning-fs';
import { Buffer } from 'buffer';
import { loadCloneList, markClone, writeCloneList } from './clone-list';
import { BatchedIdb } from './idb-batch';
import { GitRepo, type GitRepoOptions } from './repo';
import type { GitClone, GitCloneList } from './types';

// isomorphic-git uses Node's Buffer as a global; the browser has none.
globalThis.Buffer ??= Buffer;

/** Where clones live in the browser's Git file system, one folder each. */
const REPOS_DIR = '/repos';

// One file system for the page's lifetime: a second instance on the same
// database (as wiping it made) breaks the locks of operations still running.
let fs: LightningFS | undefined;
const FS_NAME = 'router-ide-git';
// lightning-fs's own database and store names, with the store's reads and writes batched.
const theFs = () => (fs ??= new LightningFS(FS_NAME, { db: new BatchedIdb(FS_NAME, `${FS_NAME}_files`) }));

export function browserRepo(dir: string, o: Pick<GitRepoOptions, 'credentials' | 'onActivity' | 'onProgress' | 'server'>): GitRepo {
  return new GitRepo({ ...o, fs: theFs(), dir, origin: location.origin });
}

/**
 * Writes the file system's index to IndexedDB now. lightning-fs saves it a
 * moment after the last write, and a stream of writes keeps postponing that:
 * a reload right after an operation would find the new objects' data but
 * not their names, and a commit would be lost.
 */
export async function flushGitFs(): Promise<void> {
  await theFs().promises.flush();
}

/**
 * The list of clones, kept beside them in this file system (clone-list.ts), an older version's list (`legacy`, as
 * localStorage held it) and any marked clone it lacks taken in; `migrated`: the file now holds it all, so the old
 * copy can go; `saved` false: the browser refused to keep what was added. On disk when it resolves.
 */
export async function loadClones(legacy: unknown): ReturnType<typeof loadCloneList> {
  const r = await loadCloneList(theFs().promises, REPOS_DIR, legacy);
  if (r.saved) await flushGitFs();
  return r;
}

/** Keeps the list of clones in this file system; throws when the browser refuses (its storage full). */
export async function saveClones(list: GitCloneList): Promise<void> {
  await writeCloneList(theFs().promises, REPOS_DIR, list);
}

/**
 * Marks a clone whose files are now in the workspace, so that it is listed again should the list be lost; false
 * when the browser refused (a full storage), which is not an error: the list, written next, is read first.
 */
export async function markCloneLoaded(clone: GitClone): Promise<boolean> {
  return markClone(theFs().promises, clone).then(
    () => true,
    () => false,
  );
}

/** A new, empty folder for a clone; its name starts with the workspace folder's, for anyone reading the database. */
export async function newRepoDir(name: string): Promise<string> {
  const p = theFs().promises;
  await p.mkdir(REPOS_DIR).catch(() => {});
  const dir = `${REPOS_DIR}/${name.replace(/[^\w.-]+/g, '_')}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await p.mkdir(dir);
  return dir;
}

/** Removes one clone's folder (a clone that failed half-way); no other clone is touched. */
export async function removeRepoDir(dir: string): Promise<void> {
  if (!dir.startsWith(`${REPOS_DIR}/`)) return;
  await removeTree(theFs().promises, dir);
}

async function removeTree(p: LightningFS.PromisifiedFS, path: string): Promise<void> {
  const stat = await p.lstat(path).catch(() => undefined);
  if (!stat) return;
  if (stat.isDirectory()) {
    for (const name of await p.readdir(path)) await removeTree(p, `${path}/${name}`);
    await p.rmdir(path);
  } else {
    await p.unlink(path);
  }
}
