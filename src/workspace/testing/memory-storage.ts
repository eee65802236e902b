// In-memory stand-ins for the durable store and the journal, for tests: they
// can be told to fail (a full quota) and count their writes.
import type { WorkspaceSnapshot } from '../workspace';
import type { Journal, JournalRecord, WorkspaceStorage } from '../persistence';

export class MemoryStorage implements WorkspaceStorage {
  files = new Map<string, string>();
  folders: string[] = [];
  failWith: Error | undefined;
  writes = 0;
  async load(): Promise<WorkspaceSnapshot | undefined> {
    return this.files.size || this.folders.length ? { files: [...this.files], folders: [...this.folders] } : undefined;
  }
  async write(b: { put: [string, string][]; del: string[]; folders: string[] }): Promise<void> {
    this.writes++;
    if (this.failWith) throw this.failWith;
    for (const p of b.del) this.files.delete(p);
    for (const [p, c] of b.put) this.files.set(p, c);
    this.folders = b.folders;
  }
}

export class MemoryJournal implements Journal {
  record: JournalRecord | undefined;
  failWith: Error | undefined;
  write(r: JournalRecord): void {
    if (this.failWith) throw this.failWith;
    this.record = JSON.parse(JSON.stringify(r)) as JournalRecord;
  }
  read(): JournalRecord | undefined {
    return this.record;
  }
  clear(): void {
    this.record = undefined;
  }
}
