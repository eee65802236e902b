// A folder on disk behind a File System Access directory handle: read its
// files, write, move and delete them. Written against the handle interfaces
// only (the picker's handle, an Origin Private File System handle in tests,
// an in-memory fake in unit tests); no React, no window.

export interface DiskFile {
  readonly size: number;
  readonly lastModified: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface DiskWritable {
  write(data: string): Promise<void>;
  close(): Promise<void>;
  abort?(): Promise<void>;
}

export interface DiskFileHandle {
  readonly kind: 'file';
  readonly name: string;
  getFile(): Promise<DiskFile>;
  createWritable(): Promise<DiskWritable>;
}

export interface DiskDirectoryHandle {
  readonly kind: 'directory';
  readonly name: string;
  values(): AsyncIterable<DiskFileHandle | DiskDirectoryHandle>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<DiskFileHandle>;
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<DiskDirectoryHandle>;
  removeEntry(name: string, options?: { recursive?: boolean }): Promise<void>;
}

/** What a file on disk looked like when it was last read or written: a change by another program changes it. */
export interface DiskStamp {
  size: number;
  lastModified: number;
}

export const sameStamp = (a: DiskStamp | undefined, b: DiskStamp | undefined) =>
  !!a && !!b && a.size === b.size && a.lastModified === b.lastModified;

export const stampOf = (f: DiskFile): DiskStamp => ({ size: f.size, lastModified: f.lastModified });

/** A file found by walking the folder: its path below the folder, and the file as read. */
export interface FoundFile {
  path: string;
  file: DiskFile;
}

export class DiskFolder {
  constructor(readonly root: DiskDirectoryHandle) {}

  get name(): string {
    return this.root.name;
  }

  /**
   * Every file below the folder, recursively (paths relative to it,
   * `/`-separated), except in the folders `skip` names: a project's
   * node_modules can hold more files than the rest of it.
   */
  async list(onFound?: (count: number) => void, skip: (folder: string) => boolean = () => false, every = 500): Promise<FoundFile[]> {
    const out: FoundFile[] = [];
    const walk = async (dir: DiskDirectoryHandle, prefix: string): Promise<void> => {
      for await (const h of dir.values()) {
        const path = `${prefix}${h.name}`;
        if (h.kind === 'directory') {
          if (!skip(path)) await walk(h, `${path}/`);
        } else {
          out.push({ path, file: await h.getFile() });
          if (out.length % every === 0) onFound?.(out.length);
        }
      }
    };
    await walk(this.root, '');
    return out;
  }

  /** The file at `path` as it is now, or undefined when there is none. */
  async stat(path: string): Promise<DiskFile | undefined> {
    try {
      return await (await this.fileHandle(path, false)).getFile();
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  }

  /** Whether `path` is a folder (false: a file, or nothing). */
  async isFolder(path: string): Promise<boolean> {
    try {
      await this.dir(path.split('/'), false);
      return true;
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
  }

  /** The text of the file at `path`, when there is one of at most `maxBytes` (UTF-8). */
  async readText(path: string, maxBytes: number): Promise<string | undefined> {
    const file = await this.stat(path);
    return file && file.size <= maxBytes ? new TextDecoder().decode(await file.arrayBuffer()) : undefined;
  }

  /**
   * Writes `text` (creating folders on the way) and returns the file as
   * written. A write that fails leaves the disk's file as it was: the
   * writable is aborted, never closed half-written.
   */
  async write(path: string, text: string): Promise<DiskStamp> {
    const handle = await this.fileHandle(path, true);
    const w = await handle.createWritable();
    try {
      await w.write(text);
    } catch (e) {
      await w.abort?.().catch(() => undefined);
      throw e;
    }
    await w.close();
    return stampOf(await handle.getFile());
  }

  async mkdir(path: string): Promise<void> {
    await this.dir(path.split('/'), true);
  }

  /**
   * Removes a file, or an empty folder; one already gone is fine. False for
   * a folder that still holds something (files the workspace never took:
   * binary, too large, ignored), which stays.
   */
  async remove(path: string): Promise<boolean> {
    const segs = path.split('/');
    const name = segs.pop()!;
    try {
      await (await this.dir(segs, false)).removeEntry(name);
      return true;
    } catch (e) {
      if (isNotFound(e)) return true;
      if ((e as { name?: string })?.name === 'InvalidModificationError') return false;
      throw e;
    }
  }

  private async fileHandle(path: string, create: boolean): Promise<DiskFileHandle> {
    const segs = path.split('/');
    const name = segs.pop()!;
    return (await this.dir(segs, create)).getFileHandle(name, { create });
  }

  private async dir(segs: string[], create: boolean): Promise<DiskDirectoryHandle> {
    let d = this.root;
    for (const s of segs) if (s) d = await d.getDirectoryHandle(s, { create });
    return d;
  }
}

const isNotFound = (e: unknown) =>
  (e as { name?: string })?.name === 'NotFoundError' || (e as { name?: string })?.name === 'TypeMismatchError';

/** A write error in words the user can act on. */
export function describeDiskError(e: unknown, folder: string): string {
  const err = e as { name?: string; message?: string };
  if (err?.name === 'NotAllowedError' || err?.name === 'SecurityError')
    return `The browser no longer lets this page write to "${folder}" (${err.name}). Your changes are kept in this browser; reopen the folder to write them.`;
  if (err?.name === 'QuotaExceededError' || /quota|space/i.test(err?.message ?? ''))
    return `The disk holding "${folder}" is full (${err.name ?? 'no space'}). Your changes are kept in this browser and written at the next save once there is room.`;
  return `Could not write to "${folder}" (${err?.message ?? String(e)}). Your changes are kept in this browser and written at the next save.`;
}
