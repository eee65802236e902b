// An in-memory directory handle for unit tests of disk-folder.ts and
// disk-sync.ts: the File System Access interfaces they use, with a clock
// for lastModified and a switch that makes writes fail like a full disk.
import type { DiskDirectoryHandle, DiskFile, DiskFileHandle, DiskWritable } from '../../src/workspace';

const notFound = (name: string) => Object.assign(new Error(`${name} not found`), { name: 'NotFoundError' });

let clock = 1;

class MemoryFile implements DiskFileHandle {
  readonly kind = 'file';
  bytes = new Uint8Array();
  lastModified = clock++;
  constructor(
    readonly name: string,
    private readonly owner: MemoryFolder,
  ) {}

  async getFile(): Promise<DiskFile> {
    const bytes = this.bytes;
    return { size: bytes.length, lastModified: this.lastModified, arrayBuffer: async () => bytes.slice().buffer };
  }

  async createWritable(): Promise<DiskWritable> {
    const fail = this.owner.failWrites;
    if (fail) throw fail;
    let next = '';
    return {
      write: async (data: string) => {
        next += data;
      },
      close: async () => {
        this.setText(next);
      },
      abort: async () => undefined,
    };
  }

  /** Another program writes the file. */
  setText(text: string): void {
    this.bytes = new TextEncoder().encode(text);
    this.lastModified = clock++;
  }

  text(): string {
    return new TextDecoder().decode(this.bytes);
  }
}

export class MemoryFolder implements DiskDirectoryHandle {
  readonly kind = 'directory';
  readonly entries = new Map<string, MemoryFile | MemoryFolder>();
  /** When set, every createWritable below the root throws it. */
  private failWith: Error | undefined;
  constructor(
    readonly name: string,
    private readonly parent?: MemoryFolder,
  ) {}

  get failWrites(): Error | undefined {
    return this.parent ? this.parent.failWrites : this.failWith;
  }

  set failWrites(e: Error | undefined) {
    this.failWith = e;
  }

  async *values(): AsyncIterable<MemoryFile | MemoryFolder> {
    yield* this.entries.values();
  }

  async getFileHandle(name: string, o?: { create?: boolean }): Promise<MemoryFile> {
    const have = this.entries.get(name);
    if (have instanceof MemoryFile) return have;
    if (have || !o?.create) throw notFound(name);
    const f = new MemoryFile(name, this);
    this.entries.set(name, f);
    return f;
  }

  async getDirectoryHandle(name: string, o?: { create?: boolean }): Promise<MemoryFolder> {
    const have = this.entries.get(name);
    if (have instanceof MemoryFolder) return have;
    if (have || !o?.create) throw notFound(name);
    const d = new MemoryFolder(name, this);
    this.entries.set(name, d);
    return d;
  }

  async removeEntry(name: string, o?: { recursive?: boolean }): Promise<void> {
    const e = this.entries.get(name);
    if (!e) throw notFound(name);
    if (e instanceof MemoryFolder && e.entries.size && !o?.recursive)
      throw Object.assign(new Error(`${name} is not empty`), { name: 'InvalidModificationError' });
    this.entries.delete(name);
  }

  /** The file at `path`, created with `text` when given. */
  file(path: string, text?: string): MemoryFile | undefined {
    const segs = path.split('/');
    const name = segs.pop()!;
    // The walk down the path starts at this folder.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    let d: MemoryFolder = this;
    for (const s of segs) {
      let next = d.entries.get(s);
      if (!next && text !== undefined) {
        next = new MemoryFolder(s, d);
        d.entries.set(s, next);
      }
      if (!(next instanceof MemoryFolder)) return undefined;
      d = next;
    }
    if (text !== undefined && !d.entries.has(name)) d.entries.set(name, new MemoryFile(name, d));
    const f = d.entries.get(name);
    if (!(f instanceof MemoryFile)) return undefined;
    if (text !== undefined) f.setText(text);
    return f;
  }

  /** Every path below, folders with a trailing slash. */
  tree(prefix = ''): string[] {
    return [...this.entries]
      .flatMap(([n, e]) => (e instanceof MemoryFolder ? [`${prefix}${n}/`, ...e.tree(`${prefix}${n}/`)] : [`${prefix}${n}`]))
      .sort();
  }
}
