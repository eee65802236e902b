// In-memory stand-ins for the durable store and the journal, for tests: they
// can be told to fail (a full quota), count their writes, and the store's
// writes can be held (a write in flight).
import { type Journal, type StoredWorkspace, type StoreBatch, type WorkspaceStorage, readAll } from '../../src/workspace';

export class MemoryStorage implements WorkspaceStorage {
  /** path -> text and the sequence number it is current to (0: a record from before the numbers). */
  files = new Map<string, { text: string; seq: number }>();
  folders: string[] = [];
  foldersSeq = 0;
  failWith: Error | undefined;
  writes = 0;
  /** While set, writes wait for it (a store write in flight). */
  hold: Promise<void> | undefined;

  text(path: string): string | undefined {
    return this.files.get(path)?.text;
  }

  async load(): Promise<StoredWorkspace | undefined> {
    return this.files.size || this.folders.length
      ? { files: [...this.files].map(([p, f]) => [p, f.text, f.seq]), folders: [...this.folders], foldersSeq: this.foldersSeq }
      : undefined;
  }

  async write(b: StoreBatch): Promise<void> {
    this.writes++;
    if (this.hold) await this.hold;
    if (this.failWith) throw this.failWith;
    for (const p of b.del) this.files.delete(p);
    for (const [p, text] of b.put) this.files.set(p, { text: readAll(text), seq: b.seq });
    this.folders = b.folders;
    this.foldersSeq = b.seq;
  }
}

/** Serializes like localStorage (strings in, strings out) and counts the characters written. */
export class MemoryJournal implements Journal {
  readonly items = new Map<string, string>();
  failWith: Error | undefined;
  /** Refuses a write that would take the journal past this many characters (localStorage's quota). */
  quota = Infinity;
  charsWritten = 0;
  /** Characters of every write asked for, refused ones included (what a refused write still cost the page). */
  charsAttempted = 0;

  private get size(): number {
    let n = 0;
    for (const [k, v] of this.items) n += k.length + v.length;
    return n;
  }

  entries(): [string, string][] {
    return [...this.items];
  }

  write(name: string, value: string): void {
    this.charsAttempted += name.length + value.length;
    if (this.failWith) throw this.failWith;
    if (this.quota !== Infinity && this.size - (this.items.get(name)?.length ?? 0) + value.length + name.length > this.quota) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    this.charsWritten += name.length + value.length;
    this.items.set(name, value);
  }

  remove(name: string): void {
    this.items.delete(name);
  }
}
