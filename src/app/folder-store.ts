// The linked folder's directory handle, kept in IndexedDB (handles survive
// there, permission does not): after a reload the folder is offered again,
// and a click asks the browser for write permission anew.
import { createStore, get, set, type UseStore } from 'idb-keyval';
import type { DiskDirectoryHandle } from '../workspace/disk-folder';

/** What the browser adds to a handle beyond the disk-folder interface. */
export interface PermissionHandle extends DiskDirectoryHandle {
  queryPermission?(o: { mode: 'readwrite' }): Promise<PermissionState>;
  requestPermission?(o: { mode: 'readwrite' }): Promise<PermissionState>;
}

const KEY = 'linked';
let store: UseStore | undefined;
const db = () => (store ??= createStore('router-ide-folder', 'handles'));

export async function loadLinkedHandle(): Promise<PermissionHandle | undefined> {
  try {
    return await get<PermissionHandle>(KEY, db());
  } catch {
    return undefined;
  }
}

/** False when the browser cannot keep this handle (then no reopen is offered after a reload). */
export async function saveLinkedHandle(h: DiskDirectoryHandle): Promise<boolean> {
  try {
    await set(KEY, h, db());
    return true;
  } catch {
    return false;
  }
}

/** Asks for write permission (needs a click when not granted yet); true when granted. */
export async function askWritePermission(h: PermissionHandle): Promise<boolean> {
  if (!h.requestPermission) return true;
  if ((await h.queryPermission?.({ mode: 'readwrite' })) === 'granted') return true;
  return (await h.requestPermission({ mode: 'readwrite' })) === 'granted';
}
