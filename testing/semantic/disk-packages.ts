// A folder's installed packages (its node_modules) read from disk as the
// types check's resolution asks for them: the Node host's packages, for the
// bench (this repository's) and tests. Each path is read once; `read` keeps
// what was read, so the bench can hand the browser the same files.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isPackagePath, type PackageFiles } from '../../src/semantic';

export function diskPackages(root: string): PackageFiles & { read: Map<string, string | undefined> } {
  const read = new Map<string, string | undefined>();
  const stat = (path: string) => (isPackagePath(path) ? statSync(join(root, path), { throwIfNoEntry: false }) : undefined);
  return {
    read,
    text(path) {
      if (!read.has(path)) read.set(path, stat(path)?.isFile() ? readFileSync(join(root, path), 'utf8') : undefined);
      return read.get(path);
    },
    isFolder: (path) => stat(path)?.isDirectory() ?? false,
  };
}
