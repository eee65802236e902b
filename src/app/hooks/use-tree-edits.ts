// The file tree's changes to the workspace: the new-file / new-folder / rename form, delete
// with its question and its undo, and moving a dragged row into a folder.
import { useState } from 'react';
import { ancestors, basename, dirname, joinPath } from '../../workspace/paths';
import type { Workspace, WorkspaceSnapshot } from '../../workspace/workspace';
import { rowAfterRemoval, type TreeRow } from '../file-tree-keys';

export type Editing = { kind: 'new-file' | 'new-folder' | 'move'; from?: string; value: string };
/** The last delete, kept so that it can be undone. */
export type Deleted = { path: string; contents: WorkspaceSnapshot };

/** What the edits need from the rest of the tree. */
export interface TreeEditsHost {
  workspace: Workspace;
  /** The selected row, if it still exists. */
  selected: string | undefined;
  visible: readonly TreeRow[];
  setSelected: (path: string | undefined) => void;
  setFocusPath: (path: string | undefined) => void;
  openFolders: (paths: string[]) => void;
  focusTreeLater: () => void;
  setError: (error: string | null) => void;
  onOpen: (path: string) => void;
}

/** The form that names a new file or folder, or the new path of a moved one. */
export function useNameForm(host: TreeEditsHost) {
  const { workspace, selected } = host;
  const [editing, setEditing] = useState<Editing | null>(null);
  const baseFolder = selected ? (workspace.isFolder(selected) ? selected : dirname(selected)) : '';
  const start = (kind: Editing['kind']) => {
    if (kind === 'move') {
      if (selected) setEditing({ kind, from: selected, value: selected });
    } else setEditing({ kind, value: baseFolder ? `${baseFolder}/` : '' });
  };
  const submit = () => {
    if (!editing) return;
    const r =
      editing.kind === 'new-file'
        ? workspace.createFile(editing.value)
        : editing.kind === 'new-folder'
          ? workspace.createFolder(editing.value)
          : workspace.move(editing.from!, editing.value);
    if (!r.ok) {
      host.setError(r.error);
      return;
    }
    const target = joinPath(editing.value);
    host.openFolders([...ancestors(target), ...(workspace.isFolder(target) ? [target] : [])]);
    host.setSelected(target);
    host.setFocusPath(target);
    setEditing(null);
    host.setError(null);
    if (editing.kind === 'new-file') host.onOpen(target);
    else host.focusTreeLater();
  };
  const cancel = () => {
    setEditing(null);
    host.setError(null);
    host.focusTreeLater();
  };
  return { editing, setEditing, start, submit, cancel };
}

/** Delete with a question first, and the last delete kept for undo. */
export function useTreeDelete(host: TreeEditsHost) {
  const { workspace } = host;
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [lastDeleted, setLastDeleted] = useState<Deleted | null>(null);
  const remove = (path: string) => {
    const contents = workspace.contentsOf(path);
    const after = rowAfterRemoval(host.visible, path);
    const r = workspace.delete(path);
    if (r.ok) {
      setLastDeleted({ path, contents });
      host.setSelected(after);
      host.setFocusPath(after);
    } else host.setError(r.error);
    setConfirmDelete(null);
    host.focusTreeLater();
  };
  const keep = () => {
    setConfirmDelete(null);
    host.focusTreeLater();
  };
  const undo = () => {
    if (!lastDeleted) return;
    const { path } = lastDeleted;
    const r = workspace.restore(lastDeleted.contents);
    host.setError(r.ok ? null : r.error);
    setLastDeleted(null);
    host.openFolders(ancestors(path));
    host.setSelected(path);
    host.setFocusPath(path);
    host.focusTreeLater();
  };
  const dismissUndo = () => setLastDeleted(null);
  return { confirmDelete, setConfirmDelete, lastDeleted, remove, keep, undo, dismissUndo };
}

/** Moves a dragged row into `folder` ('' is the top level). */
export function moveInto(host: TreeEditsHost, from: string, folder: string): void {
  const to = joinPath(folder, basename(from));
  const r = host.workspace.move(from, to);
  host.setError(r.ok ? null : r.error);
  if (r.ok) {
    host.openFolders(ancestors(to));
    host.setSelected(to);
  }
}
