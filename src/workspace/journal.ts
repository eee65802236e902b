// The journal: what the durable store does not have yet, written
// synchronously on every change so that a reload right after a keystroke
// loses nothing. One entry per change, each under its own name, so a
// keystroke writes its edits only, never the file or the rest of the journal.
//
// Every change gets the next number of one sequence. The store keeps with
// each file the number it is current to; on load, a file's entries with a
// higher number are applied to the stored text in order. So a store write
// that is in flight while more edits arrive stays correct, and after a write
// the entries it covers are removed.
//
// An edit typed into a file that arrived in bulk (a clone, an import) while
// the store may not have that file's new text yet names the arrival's number
// (`after`): it is applied only over a text at least that new, never over the
// text from before the arrival.
//
// Entries are named `<seq>:<path>` (the saver finds a file's entries without
// reading them), the folder list `folders`. The record older versions wrote,
// every pending file's whole text in one entry, has the name `''` (LEGACY):
// it is replayed, and removed after the first store write.
import { EditableText, type TextEdit } from './text-edits';

/** A synchronous store of named strings (localStorage in the browser; testing/memory-storage.ts in tests). */
export interface Journal {
  entries(): [name: string, value: string][];
  /** Throws (quota) when it cannot store. */
  write(name: string, value: string): void;
  remove(name: string): void;
}

export const LEGACY = '';
const FOLDERS = 'folders';

/** What older versions wrote under LEGACY: path -> text, or null for a deleted file. */
interface LegacyRecord {
  files: Record<string, string | null>;
  folders?: string[];
}

/**
 * One change to one file. `after`: the edits apply only to a text at least as
 * new as change number `after` (the bulk arrival they were typed into).
 */
export type FileChange = { edits: readonly TextEdit[]; after?: number } | { text: string } | { deleted: true };

/** A change as stored: short keys, edits as [offset, length, text], since one is written per keystroke. */
type Body = { e: [number, number, string][]; a?: number } | { t: string } | { d: 1 };

interface JournalEntry {
  seq: number;
  path: string;
  change: FileChange;
}

/** The durable store's view, as replay needs it: each file's text and the sequence number it is current to (0: older than the numbers). */
export interface StoredWorkspace {
  files: [path: string, text: string, seq: number][];
  folders: string[];
  foldersSeq: number;
}

interface JournalContents {
  entries: JournalEntry[];
  folders?: { seq: number; folders: string[] };
  legacy?: LegacyRecord;
}

function encodeChange(change: FileChange): string {
  const body: Body =
    'edits' in change
      ? { e: change.edits.map((e) => [e.offset, e.length, e.text]), ...(change.after !== undefined && { a: change.after }) }
      : 'text' in change
        ? { t: change.text }
        : { d: 1 };
  return JSON.stringify(body);
}

function decodeChange(value: string): FileChange | undefined {
  const b = JSON.parse(value) as Partial<{ e: unknown; a: unknown; t: unknown; d: unknown }>;
  if (Array.isArray(b.e)) {
    const edits = (b.e as unknown[]).map((x) => {
      const [offset, length, text] = x as [unknown, unknown, unknown];
      if (typeof offset !== 'number' || typeof length !== 'number' || typeof text !== 'string') throw new Error('bad edit');
      return { offset, length, text };
    });
    if (b.a === undefined) return { edits };
    if (typeof b.a !== 'number') throw new Error('bad edit');
    return { edits, after: b.a };
  }
  if (typeof b.t === 'string') return { text: b.t };
  if (b.d === 1) return { deleted: true };
  return undefined;
}

/** `<seq>:<path>` -> its parts; undefined for a name that is not a file entry. */
function parseEntryName(name: string): { seq: number; path: string } | undefined {
  const colon = name.indexOf(':');
  if (colon <= 0) return undefined;
  const seq = Number(name.slice(0, colon));
  return Number.isSafeInteger(seq) && seq > 0 ? { seq, path: name.slice(colon + 1) } : undefined;
}

const entryName = (seq: number, path: string) => `${seq}:${path}`;

/** Everything in the journal; an unreadable entry is skipped (the store still has that file's older text). */
export function readJournal(journal: Journal): JournalContents {
  const out: JournalContents = { entries: [] };
  for (const [name, value] of journal.entries()) {
    try {
      if (name === LEGACY) {
        const r = JSON.parse(value) as LegacyRecord | null;
        if (r && typeof r.files === 'object') out.legacy = r;
      } else if (name === FOLDERS) {
        const f = JSON.parse(value) as { s?: unknown; folders?: unknown };
        if (typeof f.s === 'number' && Array.isArray(f.folders)) out.folders = { seq: f.s, folders: f.folders as string[] };
      } else {
        const id = parseEntryName(name);
        const change = id && decodeChange(value);
        if (id && change) out.entries.push({ ...id, change });
      }
    } catch {
      /* unreadable: skipped */
    }
  }
  out.entries.sort((a, b) => a.seq - b.seq);
  return out;
}

interface Replayed {
  files: [string, string][];
  folders: string[];
  /** Files the journal names: the store must get them (and so the journal loses their entries). */
  touched: string[];
  /** The highest sequence number in the store or the journal. */
  lastSeq: number;
}

/** The workspace as the last session left it: the journal applied to what the store had. */
export function replayJournal(stored: StoredWorkspace | undefined, journal: JournalContents): Replayed {
  const files = new Map<string, { text: string | EditableText; seq: number }>();
  let lastSeq = stored?.foldersSeq ?? 0;
  for (const [p, text, seq] of stored?.files ?? []) {
    files.set(p, { text, seq });
    lastSeq = Math.max(lastSeq, seq);
  }
  const touched = new Set<string>();
  for (const [p, c] of Object.entries(journal.legacy?.files ?? {})) {
    touched.add(p);
    if (c === null) files.delete(p);
    else files.set(p, { text: c, seq: files.get(p)?.seq ?? 0 });
  }
  // A deleted file's number stays, so that older entries for its path are not applied to a new file there.
  const deletedAt = new Map<string, number>();
  /** Files whose edits stopped fitting (a damaged journal): they keep the last text that made sense. */
  const broken = new Set<string>();
  for (const { seq, path, change } of journal.entries) {
    lastSeq = Math.max(lastSeq, seq);
    const have = files.get(path);
    // Edits to a file nobody has (the store could not be read): left in the journal for a later start.
    if ('edits' in change && !have) continue;
    // From here on the store gets the file again, which removes the entry, also when it is older than the store's text.
    touched.add(path);
    if (seq <= (have?.seq ?? deletedAt.get(path) ?? 0)) continue;
    if ('text' in change) {
      files.set(path, { text: change.text, seq });
      broken.delete(path);
    } else if ('deleted' in change) {
      files.delete(path);
      deletedAt.set(path, seq);
      broken.delete(path);
    } else if (have && change.after !== undefined && have.seq < change.after) {
      // Typed into a bulk arrival the store never got: the text here is from before it, and the edits are not for it.
      broken.add(path);
    } else if (have && !broken.has(path)) {
      if (typeof have.text === 'string') have.text = new EditableText(have.text);
      if (have.text.apply(change.edits)) have.seq = seq;
      else broken.add(path);
    }
  }
  let folders = journal.legacy?.folders ?? stored?.folders ?? [];
  if (journal.folders && journal.folders.seq > (stored?.foldersSeq ?? 0)) folders = journal.folders.folders;
  if (journal.folders) lastSeq = Math.max(lastSeq, journal.folders.seq);
  return {
    files: [...files].map(([p, f]) => [p, f.text.toString()]),
    folders,
    touched: [...touched],
    lastSeq,
  };
}

/**
 * The saver's side of the journal: writes entries, and knows each file's
 * entries by name so it can remove those a store write covered.
 */
export class JournalLog {
  private readonly byPath = new Map<string, number[]>();
  private foldersSeq: number | undefined;
  private hasLegacy = false;
  /** The highest sequence number in the journal when it was opened. */
  readonly lastSeq: number;

  constructor(private readonly journal: Journal) {
    let last = 0;
    for (const [name, value] of journal.entries()) {
      if (name === LEGACY) this.hasLegacy = true;
      else if (name === FOLDERS) {
        try {
          this.foldersSeq = (JSON.parse(value) as { s: number }).s;
        } catch {
          this.foldersSeq = 0;
        }
      } else {
        const id = parseEntryName(name);
        if (!id) continue;
        this.track(id.path, id.seq);
        last = Math.max(last, id.seq);
      }
    }
    this.lastSeq = Math.max(last, this.foldersSeq ?? 0);
  }

  private track(path: string, seq: number): void {
    const list = this.byPath.get(path);
    list ? list.push(seq) : this.byPath.set(path, [seq]);
  }

  /** Writes one change; false when the journal refused it (quota). A whole text or a delete replaces the file's older entries. */
  append(seq: number, path: string, change: FileChange): boolean {
    try {
      this.journal.write(entryName(seq, path), encodeChange(change));
    } catch {
      return false;
    }
    if (!('edits' in change)) this.compact([path], seq - 1);
    this.track(path, seq);
    return true;
  }

  writeFolders(seq: number, folders: string[]): boolean {
    try {
      this.journal.write(FOLDERS, JSON.stringify({ s: seq, folders }));
    } catch {
      return false;
    }
    this.foldersSeq = seq;
    return true;
  }

  /** The store has `paths` and the folder list as of `upTo`: their entries up to it go, and the legacy record with them. */
  compact(paths: Iterable<string>, upTo: number, folders = false): void {
    for (const p of paths) {
      const list = this.byPath.get(p);
      if (!list) continue;
      const keep = list.filter((s) => s > upTo);
      for (const s of list) if (s <= upTo) this.remove(entryName(s, p));
      keep.length ? this.byPath.set(p, keep) : this.byPath.delete(p);
    }
    if (folders && this.foldersSeq !== undefined && this.foldersSeq <= upTo) {
      this.remove(FOLDERS);
      this.foldersSeq = undefined;
    }
    if (folders && this.hasLegacy) {
      this.remove(LEGACY);
      this.hasLegacy = false;
    }
  }

  private remove(name: string): void {
    try {
      this.journal.remove(name);
    } catch {
      /* gone already */
    }
  }

  get empty(): boolean {
    return !this.byPath.size && this.foldersSeq === undefined && !this.hasLegacy;
  }
}
