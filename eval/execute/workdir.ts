// Temporary directories: one per run (or compile), made under the system temp
// dir, handed to the slot's sandbox user, removed afterwards. Programs run
// with cwd here and are given relative file names only. No shared parent
// dir: nothing is left behind when a test worker ends without an exit event.
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const live = new Set<string>();

export function makeRunDir(uid?: number): string {
  // mkdtemp gives 0700: only its owner (the sandbox user, after chown) may enter.
  const dir = mkdtempSync(join(tmpdir(), 'router-ide-run-'));
  live.add(dir);
  if (uid !== undefined) chownSync(dir, uid, uid);
  return dir;
}

/** Give every file of a run dir to the sandbox user (after we copied artifacts in). */
export function chownTree(dir: string, uid: number): void {
  chownSync(dir, uid, uid);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) chownTree(p, uid);
    else chownSync(p, uid, uid);
  }
}

export function removeRunDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  live.delete(dir);
}

/** How many run dirs of this process still exist (tests check that runs clean up). */
export function leftoverRunDirs(): number {
  return live.size;
}
