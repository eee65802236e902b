// The workspace as a zip file and back: files as UTF-8 text, every folder as a
// directory entry (so an empty folder survives the round trip). fflate does the
// format; this module only maps workspace paths to zip entries.
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { dirname, joinPath, normalizePath } from './paths';
import type { IncomingFile } from './incoming-file';

export function zipWorkspace(files: Iterable<[string, string]>, folders: Iterable<string> = []): Uint8Array {
  const entries: Zippable = {};
  // fflate writes a key ending in "/" as a directory entry.
  for (const f of folders) entries[`${f}/`] = new Uint8Array(0);
  for (const [p, c] of files) entries[p] = strToU8(c);
  return zipSync(entries, { level: 6 });
}

export const isZip = (path: string) => /\.zip$/i.test(path);

/** A zip's files (read from memory) and its folders, under the folder the zip itself was in. */
export function unzipEntries(zipPath: string, bytes: Uint8Array): { files: IncomingFile[]; folders: string[] } {
  const base = dirname(normalizePath(zipPath));
  const files: IncomingFile[] = [];
  const folders: string[] = [];
  for (const [name, data] of Object.entries(unzipSync(bytes))) {
    const path = joinPath(base, name);
    if (name.endsWith('/')) folders.push(normalizePath(path));
    else files.push({ path, size: data.length, read: async () => data });
  }
  return { files, folders };
}
