// The installed packages of a folder opened from disk, as the types check
// reads them (src/semantic/package-types.ts): only what lies in a
// node_modules folder, read as the check's module resolution asks for it.
// The workspace never takes these files in (src/workspace/import.ts). The
// workspace holds the folder's files under the folder's name (`proj/src/a.ts`),
// so that is where its node_modules are asked for (`proj/node_modules/...`).
import { isPackagePath, MAX_PACKAGE_FILE_CHARS, type PackageSource } from '../semantic/package-types';
import type { DiskFolder } from './disk-folder';
import { ancestors } from './paths';

/** Past this a file cannot be within the resolution's limit, counted in characters (a UTF-8 one takes up to 4 bytes). */
const MAX_PACKAGE_FILE_BYTES = 4 * MAX_PACKAGE_FILE_CHARS;

export function folderPackages(folder: DiskFolder): PackageSource {
  const root = `${folder.name}/`;
  /** The path in the folder, when a workspace path is one of its packages' files or folders. */
  const inFolder = (path: string) => (path.startsWith(root) && isPackagePath(path) ? path.slice(root.length) : undefined);
  return {
    read: async (path) => {
      const p = inFolder(path);
      return p === undefined ? undefined : folder.readText(p, MAX_PACKAGE_FILE_BYTES);
    },
    isFolder: async (path) => {
      const p = inFolder(path);
      return p !== undefined && folder.isFolder(p);
    },
  };
}

/** Package files held in memory by path (the bench's page, tests): a folder exists where a file lies below it. */
export function packageSourceFromFiles(files: Readonly<Record<string, string>>): PackageSource {
  const folders = new Set(Object.keys(files).flatMap(ancestors));
  return { read: async (path) => files[path], isFolder: async (path) => folders.has(path) };
}
