// The list of clones (their addresses, workspace folders, Git folders, and
// the one the panel works on), kept as a JSON file in the Git file system
// beside the clones themselves: one store for both, so clearing or filling
// the browser's localStorage cannot make a clone unreachable. Lists kept by
// earlier versions in localStorage (and their single clone at /repo) are
// taken in once; no entry is dropped on the way, and no address keeps a token.
import type { GitClone, GitCloneList } from './types';
import { splitUserinfo } from './url';

/** What the list needs of a file system: lightning-fs's promises API, or Node's fs/promises. */
export interface CloneListFs {
  readFile(path: string, encoding: 'utf8'): Promise<string | Uint8Array>;
  writeFile(path: string, data: string, encoding: 'utf8'): Promise<void>;
  mkdir(path: string): Promise<void>;
}

/** The list's file name in the folder that holds the clones. */
export const CLONE_LIST_FILE = 'clones.json';
/** Where the one clone of the earliest versions lives; its commits stay reachable. */
export const LEGACY_CLONE_DIR = '/repo';

/** An entry as found (in the file, or in an older localStorage list): a clone, its address without credentials; or undefined. */
function asClone(v: unknown): GitClone | undefined {
  const c = v as Partial<GitClone> | null;
  if (!c || typeof c.url !== 'string' || typeof c.folder !== 'string' || typeof c.dir !== 'string') return undefined;
  return { url: splitUserinfo(c.url).url, folder: c.folder, dir: c.dir };
}

/**
 * A list from what was stored: `{clones, active}`, or the earliest versions' single clone (`{url, folder}`, its Git
 * data at /repo). Entries that are not clones are left out; anything else gives an empty list.
 */
export function parseCloneList(raw: unknown): GitCloneList {
  const r = raw as (Partial<GitCloneList> & Partial<GitClone>) | null;
  if (!r || typeof r !== 'object') return { clones: [] };
  const found = Array.isArray(r.clones) ? r.clones : r.url && r.folder ? [{ url: r.url, folder: r.folder, dir: LEGACY_CLONE_DIR }] : [];
  const clones = found.map(asClone).filter((c): c is GitClone => !!c);
  const active = typeof r.active === 'string' && clones.some((c) => c.dir === r.active) ? r.active : clones[0]?.dir;
  return { clones, ...(active && { active }) };
}

/** `a`'s clones, then those of `b` that `a` lacks (by Git folder); `a`'s active one, else `b`'s. */
export function mergeCloneLists(a: GitCloneList, b: GitCloneList): GitCloneList {
  const dirs = new Set(a.clones.map((c) => c.dir));
  const clones = [...a.clones, ...b.clones.filter((c) => !dirs.has(c.dir))];
  const active = a.active ?? b.active ?? clones[0]?.dir;
  return { clones, ...(active && { active }) };
}

/** The list kept in `root`; undefined when there is none yet (or it cannot be read as one). */
export async function readCloneList(fs: CloneListFs, root: string): Promise<GitCloneList | undefined> {
  let text: string | Uint8Array;
  try {
    text = await fs.readFile(`${root}/${CLONE_LIST_FILE}`, 'utf8');
  } catch {
    return undefined;
  }
  try {
    return parseCloneList(JSON.parse(typeof text === 'string' ? text : new TextDecoder().decode(text)));
  } catch {
    return undefined;
  }
}

/**
 * Keeps `list` in `root`. Written in place: lightning-fs stores a file's new content in one IndexedDB transaction
 * under the same inode (a file moved over another would leave the other's content behind in the database).
 */
export async function writeCloneList(fs: CloneListFs, root: string, list: GitCloneList): Promise<void> {
  await fs.mkdir(root).catch(() => {});
  await fs.writeFile(`${root}/${CLONE_LIST_FILE}`, JSON.stringify(parseCloneList(list), null, 1), 'utf8');
}

/**
 * The list in `root`, with an older version's list (`legacy`, as its localStorage held it) taken in: entries the
 * file lacks are added and the result written. `migrated` is true once the file holds every legacy entry, so the
 * caller can drop the old copy; a failed write throws, and the old copy must then stay.
 */
export async function loadCloneList(fs: CloneListFs, root: string, legacy: unknown): Promise<{ list: GitCloneList; migrated: boolean }> {
  const kept = await readCloneList(fs, root);
  const old = parseCloneList(legacy);
  if (!old.clones.length && legacy == null) return { list: kept ?? { clones: [] }, migrated: false };
  const list = kept ? mergeCloneLists(kept, old) : old;
  if (!kept || list.clones.length > kept.clones.length) await writeCloneList(fs, root, list);
  return { list, migrated: true };
}
