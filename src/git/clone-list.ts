// The list of clones (their addresses, workspace folders, Git folders, and
// the one the panel works on), kept as a JSON file in the Git file system
// beside the clones themselves: one store for both, so clearing or filling
// the browser's localStorage cannot make a clone unreachable. Lists kept by
// earlier versions in localStorage (and their single clone at /repo) are
// taken in once; no entry is dropped on the way, and no address keeps a token.
// Each clone also carries its own entry in its Git folder (a mark written once
// its files are in the workspace), so a list that was never written (a crash,
// a full storage) or was lost is made whole again from the clones themselves.
import type { GitClone, GitCloneList } from './types';
import { splitUserinfo } from './url';

/** What the list needs of a file system: lightning-fs's promises API, or Node's fs/promises. */
export interface CloneListFs {
  readFile(path: string, encoding: 'utf8'): Promise<string | Uint8Array>;
  writeFile(path: string, data: string, encoding: 'utf8'): Promise<void>;
  mkdir(path: string): Promise<void>;
  readdir(path: string): Promise<string[]>;
}

/** The list's file name in the folder that holds the clones. */
export const CLONE_LIST_FILE = 'clones.json';
/** A clone's own entry, inside its Git folder: git ignores it, and it goes wherever the clone goes. */
export const CLONE_MARK_FILE = '.git/router-ide-clone.json';
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
 * Marks `clone`'s Git folder as a clone of `url` shown as `folder`, made at `made` (ms since the epoch). Written
 * only once its files are in the workspace: a clone taken back from its mark must find its working tree there, or
 * "Commit all" would commit every file as deleted.
 */
export async function markClone(fs: CloneListFs, clone: GitClone, made = Date.now()): Promise<void> {
  const { url, folder } = parseCloneList({ clones: [clone] }).clones[0] ?? clone;
  await fs.writeFile(`${clone.dir}/${CLONE_MARK_FILE}`, JSON.stringify({ url, folder, made }), 'utf8');
}

/** The clones in `root` that carry a mark, in the order they were made. */
export async function markedClones(fs: CloneListFs, root: string): Promise<GitClone[]> {
  const names = await fs.readdir(root).catch(() => [] as string[]);
  const found: { clone: GitClone; made: number }[] = [];
  for (const name of names) {
    const dir = `${root}/${name}`;
    const text = await fs.readFile(`${dir}/${CLONE_MARK_FILE}`, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    try {
      const mark = JSON.parse(typeof text === 'string' ? text : new TextDecoder().decode(text)) as Partial<GitClone> & { made?: unknown };
      const clone = parseCloneList({ clones: [{ ...mark, dir }] }).clones[0];
      if (clone) found.push({ clone, made: typeof mark.made === 'number' ? mark.made : 0 });
    } catch {
      // A mark cut short: that clone never finished, so there is nothing of the user's in it to take back.
    }
  }
  return found.sort((x, y) => x.made - y.made || x.clone.dir.localeCompare(y.clone.dir)).map((f) => f.clone);
}

/**
 * The list in `root`, with an older version's list (`legacy`, as its localStorage held it) and every marked
 * clone the list lacks taken in, written when anything was added. `saved` is false when that write failed (a
 * full storage): the list is still whole, only not kept yet. `migrated` is true once the file holds every legacy
 * entry, so the caller can drop the old copy; until then the old copy must stay.
 */
export async function loadCloneList(
  fs: CloneListFs,
  root: string,
  legacy: unknown,
): Promise<{ list: GitCloneList; migrated: boolean; saved: boolean; error?: Error }> {
  const kept = await readCloneList(fs, root);
  const old = parseCloneList(legacy);
  const hasLegacy = old.clones.length > 0 || legacy != null;
  const list = mergeCloneLists(mergeCloneLists(kept ?? { clones: [] }, old), { clones: await markedClones(fs, root) });
  if (list.clones.length === (kept?.clones.length ?? 0) && (kept || !hasLegacy)) return { list, migrated: hasLegacy, saved: true };
  try {
    await writeCloneList(fs, root, list);
    return { list, migrated: hasLegacy, saved: true };
  } catch (e) {
    return { list, migrated: false, saved: false, error: e as Error };
  }
}
