// A folder on disk as the types check's workspace: the files a checked file
// imports are read from it as the compiler asks for them.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkspaceFiles } from '../../src/semantic';

/** A path's text as on disk under `root` (read once), never under node_modules: packages come through their own reader. */
export function folderFiles(root: string): WorkspaceFiles & { read: Map<string, string | undefined> } {
  const read = new Map<string, string | undefined>();
  return {
    read,
    text(path) {
      if (!read.has(path)) {
        const full = join(root, path);
        const ok = !path.split('/').includes('node_modules') && existsSync(full) && statSync(full).isFile();
        read.set(path, ok ? readFileSync(full, 'utf8') : undefined);
      }
      return read.get(path);
    },
  };
}
