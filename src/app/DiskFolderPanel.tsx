// The linked folder on disk, in the sidebar: what it is, whether the disk is
// in step, the reopen offer after a reload, and each file another program
// changed there with the user's choice: keep mine, take theirs, compare.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { monaco } from '../editor/monaco';
import type { DiskConflict } from '../workspace/disk-sync';
import { ModalOverlay } from './Dialog';
import { monacoLanguageOf } from './files';
import type { useDiskFolder } from './hooks/use-disk-folder';
import { Icon } from './Icon';
import type { ModelRegistry } from './models';

type DiskFolderLink = ReturnType<typeof useDiskFolder>;

const STATE_TEXT = { synced: 'Written to disk', writing: 'Writing to disk…' } as const;

export function DiskFolderStatus({ link, models }: { link: DiskFolderLink; models: ModelRegistry }) {
  const { sync, offer, reopenError } = link;
  // Subscribed here, not in the app: a disk write re-renders this panel only.
  const subscribe = useCallback((fn: () => void) => sync?.subscribe(fn) ?? (() => {}), [sync]);
  useSyncExternalStore(subscribe, () => sync?.version ?? 0);
  const [comparing, setComparing] = useState<string | null>(null);
  const s = sync?.state;
  const conflicts = sync?.conflicts ?? [];
  const shown = comparing ? conflicts.find((c) => c.path === comparing) : undefined;
  // Theirs replaces mine as an undoable edit of the file's model: made first, so undo has mine to go back to.
  const takeTheirs = (path: string) => {
    models.get(path);
    sync?.takeTheirs(path);
    setComparing(null);
  };
  const keepMine = (path: string) => {
    setComparing(null);
    void sync?.keepMine(path);
  };
  return (
    <div className="disk-folder" data-testid="disk-folder">
      {offer && !sync && (
        <p>
          <button
            type="button"
            onClick={() => void link.reopen()}
            data-testid="folder-reopen"
            title={`Ask the browser again for permission to read and write "${offer.name}"`}
          >
            <Icon name="folderOpened" /> Reopen {offer.name}
          </button>
        </p>
      )}
      {reopenError && (
        <p className="error" role="alert" data-testid="folder-reopen-error">
          {reopenError}
        </p>
      )}
      {sync && s && (
        <p
          className={s.state === 'error' || s.state === 'unlinked' ? 'error' : undefined}
          data-testid="disk-state"
          data-state={s.state}
          role={s.state === 'error' ? 'alert' : undefined}
        >
          <Icon name={s.state === 'error' || s.state === 'unlinked' ? 'error' : 'check'} /> <b>{sync.root}</b> on disk:{' '}
          {s.state === 'error' || s.state === 'unlinked' ? s.message : STATE_TEXT[s.state]}
        </p>
      )}
      {conflicts.map((c) => (
        <ConflictCard key={c.path} path={c.path} keepMine={keepMine} takeTheirs={takeTheirs} compare={setComparing} />
      ))}
      {shown && sync && (
        <CompareDialog conflict={shown} models={models} onClose={() => setComparing(null)} keepMine={keepMine} takeTheirs={takeTheirs} />
      )}
    </div>
  );
}

/** One file another program changed on disk, and the three ways on: keep mine, take theirs, or compare them first. */
function ConflictCard({
  path,
  keepMine,
  takeTheirs,
  compare,
}: {
  path: string;
  keepMine: (p: string) => void;
  takeTheirs: (p: string) => void;
  compare: (p: string) => void;
}) {
  return (
    <div className="card card-warn disk-conflict" role="alert" data-testid={`conflict-${path}`}>
      <p>
        <Icon name="warning" /> <b>{path}</b> was changed on disk by another program.
      </p>
      <button
        type="button"
        onClick={() => keepMine(path)}
        data-testid="conflict-keep-mine"
        title="Write the editor's text to disk over theirs"
      >
        Keep mine
      </button>{' '}
      <button
        type="button"
        onClick={() => takeTheirs(path)}
        data-testid="conflict-take-theirs"
        title="Load the disk's text into the editor (Undo brings yours back)"
      >
        Take theirs
      </button>{' '}
      <button type="button" onClick={() => compare(path)} data-testid="conflict-compare">
        Compare
      </button>
    </div>
  );
}

/** Theirs (the disk, left) against mine (the workspace file itself, right: still editable). */
function CompareDialog({
  conflict,
  models,
  onClose,
  keepMine,
  takeTheirs,
}: {
  conflict: DiskConflict;
  models: ModelRegistry;
  onClose: () => void;
  keepMine: (p: string) => void;
  takeTheirs: (p: string) => void;
}) {
  const { path, theirs } = conflict;
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const mine = models.get(path);
    if (!mine) return;
    const disk = monaco.editor.createModel(theirs, monacoLanguageOf(path), monaco.Uri.from({ scheme: 'disk-theirs', path: `/${path}` }));
    const diff = monaco.editor.createDiffEditor(host.current!, {
      automaticLayout: true,
      renderSideBySide: true,
      useInlineViewWhenSpaceIsLimited: false,
      originalEditable: false,
      minimap: { enabled: false },
      fontSize: 13,
      ariaLabel: `${path}: on disk against yours`,
    });
    diff.setModel({ original: disk, modified: mine });
    return () => {
      diff.dispose();
      disk.dispose();
    };
  }, [path, theirs, models]);
  return (
    <ModalOverlay
      label={`Compare ${path}`}
      testId="conflict-dialog"
      heading={`${path}: on disk (left) against yours (right)`}
      closeTitle="Close (Escape): decide later"
      bodyClass="disk-compare"
      onClose={onClose}
    >
      <div className="diff-host" ref={host} data-testid="conflict-diff" />
      <p>
        <button type="button" onClick={() => keepMine(path)} data-testid="compare-keep-mine">
          Keep mine
        </button>{' '}
        <button type="button" onClick={() => takeTheirs(path)} data-testid="compare-take-theirs">
          Take theirs
        </button>
      </p>
    </ModalOverlay>
  );
}
