// Saving on request (Ctrl/Cmd+S, the palette). The workspace saves itself as
// you type; this writes what is pending now: the browser's copy first, then
// the folder on disk the workspace is linked to, so a failed disk write loses
// nothing.
import type { DiskSync } from '../workspace/disk-sync';
import type { AutoSaver } from '../workspace/persistence';

/** Writes every pending change now; whether all of it was written (each failure is shown where it is: the save indicator, the folder's panel). */
export async function saveNow(saver: AutoSaver, disk?: DiskSync | null): Promise<boolean> {
  await saver.flush();
  if (saver.state.state !== 'saved') return false;
  if (!disk) return true;
  await disk.flush();
  return disk.state.state === 'synced';
}
