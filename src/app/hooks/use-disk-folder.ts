// The workspace's link to a folder on disk: opening one (read-write), the
// offer to reopen it after a reload, and writing back after every browser
// save and on request. The disk logic itself is in workspace/disk-sync.ts.
import { useCallback, useEffect, useState } from 'react';
import type { DiskDirectoryHandle } from '../../workspace/disk-folder';
import { DiskSync } from '../../workspace/disk-sync';
import type { ImportReport, IncomingFile } from '../../workspace/import';
import { folderPackages } from '../../workspace/folder-packages';
import { setPackageSource } from '../../editor/typescript-worker';
import type { AutoSaver } from '../../workspace/persistence';
import type { Workspace } from '../../workspace/workspace';
import { askWritePermission, loadLinkedHandle, saveLinkedHandle, type PermissionHandle } from '../folder-store';
import { pickDirectory, readDiskFolder } from '../importers';

interface Importer {
  runImport(incoming: Promise<IncomingFile[] | undefined>): Promise<ImportReport | undefined>;
  showFound(n: number): void;
}

type FolderRead = Awaited<ReturnType<typeof readDiskFolder>>;

// Written to disk when the browser copy is saved: the browser copy comes first, so a failed disk write loses nothing.
function useWriteBackOnSave(sync: DiskSync | null, saver: AutoSaver) {
  useEffect(
    () =>
      sync
        ? saver.subscribe((s) => {
            if (s.state === 'saved') void sync.flush();
          })
        : undefined,
    [sync, saver],
  );
}

/** Another program may have changed the folder while the page was away: looked at again when the user comes back to it. */
function useDiskCheckOnReturn(sync: DiskSync | null) {
  useEffect(() => {
    if (!sync) return;
    const check = () => {
      if (document.visibilityState === 'visible') void sync.checkDisk();
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [sync]);
}

export function useDiskFolder(workspace: Workspace, saver: AutoSaver, imports: Importer) {
  const [sync, setSync] = useState<DiskSync | null>(null);
  const [offer, setOffer] = useState<PermissionHandle | null>(null);
  const [reopenError, setReopenError] = useState<string | null>(null);

  useEffect(() => {
    void loadLinkedHandle().then((h) => h && setOffer(h));
  }, []);
  useEffect(() => () => sync?.dispose(), [sync]);
  useWriteBackOnSave(sync, saver);
  useDiskCheckOnReturn(sync);

  /** Imports the folder's files (the usual checks and report), then links the workspace folder to it. */
  const link = useCallback(
    async (handle: Promise<DiskDirectoryHandle | undefined>) => {
      let read: FolderRead | undefined;
      const report = await imports.runImport(
        handle.then(async (h) => {
          if (!h) return undefined;
          read = await readDiskFolder(h, imports.showFound);
          return read.incoming;
        }),
      );
      if (!report || !read) return;
      const { folder, found } = read;
      workspace.putMany([], [folder.name]);
      const linked = await DiskSync.link(workspace, folder, found, report);
      // The folder's own node_modules: the types check reads its packages' declarations from there.
      setPackageSource(folderPackages(folder));
      setSync((old) => {
        old?.dispose();
        return linked;
      });
      setOffer(null);
      if (await saveLinkedHandle(folder.root)) setReopenError(null);
      await linked.flush();
    },
    [workspace, imports],
  );

  const open = useCallback(() => link(pickDirectory()), [link]);

  const reopen = useCallback(async () => {
    if (!offer) return;
    try {
      if (!(await askWritePermission(offer))) {
        setReopenError(`The browser did not allow writing to "${offer.name}". Click Reopen again, or open the folder anew.`);
        return;
      }
      setReopenError(null);
      await link(Promise.resolve(offer));
    } catch (e) {
      setReopenError(`Could not reopen "${offer.name}" (${(e as Error).message}). Open the folder anew.`);
    }
  }, [offer, link]);

  return { sync, offer, reopenError, open, reopen };
}
