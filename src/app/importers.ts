// Browser sources of imported files: a file picker (files or a folder), the
// File System Access API's folder picker, and drag and drop.
import type { IncomingFile } from '../workspace/import';

const fromFile = (f: File, path: string): IncomingFile => ({ path, size: f.size, read: async () => new Uint8Array(await f.arrayBuffer()) });

/** `<input type=file multiple>` or `webkitdirectory` (relative paths kept). */
export function fromFileList(list: FileList | File[]): IncomingFile[] {
  return [...list].map((f) => fromFile(f, f.webkitRelativePath || f.name));
}

type DirHandle = { kind: 'directory'; name: string; values(): AsyncIterable<DirHandle | FileHandle> };
type FileHandle = { kind: 'file'; name: string; getFile(): Promise<File> };

export const canPickDirectory = () => typeof (window as unknown as { showDirectoryPicker?: unknown }).showDirectoryPicker === 'function';

/** File System Access API: the folder the user picks, walked recursively (files read lazily). */
export async function fromDirectoryPicker(): Promise<IncomingFile[] | undefined> {
  let root: DirHandle;
  try {
    root = await (window as unknown as { showDirectoryPicker(o?: object): Promise<DirHandle> }).showDirectoryPicker({ mode: 'read' });
  } catch {
    return undefined; // cancelled
  }
  const out: IncomingFile[] = [];
  const walk = async (dir: DirHandle, prefix: string) => {
    for await (const h of dir.values()) {
      const path = `${prefix}${h.name}`;
      if (h.kind === 'directory') await walk(h, `${path}/`);
      else {
        const file = await h.getFile();
        out.push(fromFile(file, path));
      }
    }
  };
  await walk(root, `${root.name}/`);
  return out;
}

/** Files and folders dropped from the desktop. */
export async function fromDataTransfer(dt: DataTransfer): Promise<IncomingFile[]> {
  const entries = [...dt.items].map((i) => i.webkitGetAsEntry?.()).filter((e): e is FileSystemEntry => !!e);
  if (!entries.length) return fromFileList(dt.files);
  const out: IncomingFile[] = [];
  const fileOf = (e: FileSystemFileEntry) => new Promise<File>((res, rej) => e.file(res, rej));
  const readAll = async (dir: FileSystemDirectoryEntry) => {
    const reader = dir.createReader();
    const all: FileSystemEntry[] = [];
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((res, rej) => reader.readEntries(res, rej));
      if (!batch.length) return all;
      all.push(...batch);
    }
  };
  const walk = async (e: FileSystemEntry, prefix: string): Promise<void> => {
    if (e.isFile) out.push(fromFile(await fileOf(e as FileSystemFileEntry), `${prefix}${e.name}`));
    else for (const c of await readAll(e as FileSystemDirectoryEntry)) await walk(c, `${prefix}${e.name}/`);
  };
  for (const e of entries) await walk(e, '');
  return out;
}

export function downloadBytes(name: string, bytes: Uint8Array, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}
