// The Git review in progress, kept across a reload: which clone, what is
// reviewed (pinned to the commits it was opened on, so a later fetch does
// not change what the edits were made against) and the edits per file. In
// IndexedDB: edits of many files can outgrow localStorage's small quota.
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { GitReviewSpec } from '../git/types';

export interface StoredGitReview {
  /** The clone's folder in the browser's Git file system. */
  dir: string;
  /** What to read again: the commits themselves, or the working tree. */
  spec: GitReviewSpec;
  title: string;
  /** The end side of each edited file, by path. */
  edits: Record<string, string>;
}

const KEY = 'git-review';
let store: UseStore | undefined;
const db = () => (store ??= createStore('router-ide-git-review', 'review'));

export async function loadGitReview(): Promise<StoredGitReview | undefined> {
  try {
    const v = await get<StoredGitReview>(KEY, db());
    return v && typeof v.dir === 'string' && v.spec && typeof v.edits === 'object' ? v : undefined;
  } catch {
    return undefined;
  }
}

export async function saveGitReview(r: StoredGitReview | undefined): Promise<void> {
  try {
    await (r ? set(KEY, r, db()) : del(KEY, db()));
  } catch {
    // A review that cannot be kept is still open; only a reload would lose it, as before.
  }
}
