// The review's state across view switches and reloads: the pasted diff, its
// report and each hunk's state. In IndexedDB, not localStorage: a pasted diff
// may be megabytes, and localStorage's small quota is the workspace journal's.
import { createStore, get, set, type UseStore } from 'idb-keyval';
import type { DiffReport } from '../workspace/diff';

export interface ReviewState {
  text: string;
  report: DiffReport | null;
  /** The file the diff view shows. */
  shown?: string;
}

const EMPTY_REVIEW: ReviewState = { text: '', report: null };

const KEY = 'review';
let store: UseStore | undefined;
const db = () => (store ??= createStore('router-ide-review', 'review'));

const isReview = (v: unknown): v is ReviewState =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as ReviewState).text === 'string' &&
  ((v as ReviewState).report === null || Array.isArray((v as ReviewState).report?.files));

/** The stored review, or an empty one when none is stored or it cannot be read. */
export async function loadReview(): Promise<ReviewState> {
  try {
    const v = await get<unknown>(KEY, db());
    return isReview(v) ? v : EMPTY_REVIEW;
  } catch {
    return EMPTY_REVIEW;
  }
}

/** Stores `state`; the reason when the browser refused (quota, private mode). */
export async function saveReview(state: ReviewState): Promise<string | undefined> {
  try {
    await set(KEY, state, db());
    return undefined;
  } catch (e) {
    return (e as Error).name === 'QuotaExceededError' ? 'the browser storage is full' : (e as Error).message || 'the browser refused';
  }
}
