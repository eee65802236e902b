// Browser sources of imported files: a file picker (files or a folder), the
// File System Access API's folder picker (read-write: disk-folder.ts), and drag and drop.
import { DiskFolder, type DiskDirectoryHandle, type FoundFile } from '../workspace/disk-folder';
import { inSkippedFolder, type IncomingFile } from '../workspace/import';

const fromFile = (f: File, path: string): IncomingFile => ({ path, size: f.size, read: async () => new Uint8Array(await f.arrayBuffer()) });

/** `<input type=file multiple>` or `webkitdirectory` (relative paths kept). */
export function fromFileList(list: FileList | File[]): IncomingFile[] {
  return [...list].map((f) => fromFile(f, f.webkitRelativePath || f.name));
}

/** Walking a big folder reports how many files it has found every this many. */
const FOUND_EVERY = 500;

export const canPickDirectory = () => typeof (window as unknown as { showDirectoryPicker?: unknown }).showDirectoryPicker === 'function';

/**
 * File System Access API: the folder the user picks, with permission to
 * write to it. Undefined when the user cancels; any other failure (permission
 * refused ...) is thrown to be shown.
 */
export async function pickDirectory(): Promise<DiskDirectoryHandle | undefined> {
  try {
    return await (window as unknown as { showDirectoryPicker(o?: object): Promise<DiskDirectoryHandle> }).showDirectoryPicker({
      mode: 'readwrite',
    });
  } catch (e) {
    if ((e as DOMException)?.name === 'AbortError') return undefined;
    throw e;
  }
}

/** A linked folder's files as import candidates, under `<folder name>/` (contents read only for files that pass the checks). */
export const fromFoundFiles = (root: string, found: FoundFile[], foldersNotRead: readonly string[] = []): IncomingFile[] => [
  ...found.map(({ path, file }) => ({
    path: `${root}/${path}`,
    size: file.size,
    read: async () => new Uint8Array(await file.arrayBuffer()),
  })),
  ...foldersNotRead.map((path) => ({ path: `${root}/${path}/`, size: 0, read: async () => new Uint8Array() })),
];

/**
 * A folder about to be linked, walked once: the files as found (what the link
 * compares the disk with later) and the same files as an import reads them.
 */
export async function readDiskFolder(handle: DiskDirectoryHandle, onFound?: (count: number) => void) {
  const folder = new DiskFolder(handle);
  // .git and node_modules are not walked (node_modules can hold more files than the rest); the report says so.
  const notRead: string[] = [];
  const skip = (path: string) => {
    if (inSkippedFolder(path)) notRead.push(path);
    return inSkippedFolder(path);
  };
  const found = await folder.list(onFound, skip);
  return { folder, found, incoming: fromFoundFiles(handle.name, found, notRead) };
}

/** Files and folders dropped from the desktop. */
export async function fromDataTransfer(dt: DataTransfer, onFound?: (count: number) => void): Promise<IncomingFile[]> {
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
    if (e.isFile) {
      out.push(fromFile(await fileOf(e as FileSystemFileEntry), `${prefix}${e.name}`));
      if (out.length % FOUND_EVERY === 0) onFound?.(out.length);
    } else for (const c of await readAll(e as FileSystemDirectoryEntry)) await walk(c, `${prefix}${e.name}/`);
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
