// The file tree's state in one place: what it shows, where focus is, what is selected, and the
// edits in progress; the keys' meaning is decided in file-tree-keys.ts.
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { Workspace } from '../../workspace/workspace';
import type { TreeNode } from '../../workspace/tree';
import { treeKeyCommand, type TreeCommand } from '../file-tree-keys';
import { useTreeFocus } from './use-tree-focus';
import { moveInto, useNameForm, useTreeDelete, type Editing, type TreeEditsHost } from './use-tree-edits';
import { useTreeView } from './use-tree-view';

export function useFileTree(workspace: Workspace, version: number, active: string | undefined, onOpen: (path: string) => void) {
  const view = useTreeView(workspace, version, active);
  const [selected, setSelected] = useState<string | undefined>(active);
  const [error, setError] = useState<string | null>(null);
  const sel = selected && (workspace.has(selected) || workspace.isFolder(selected)) ? selected : undefined;
  const focus = useTreeFocus(view.visible, sel, active);
  const host: TreeEditsHost = {
    workspace,
    selected: sel,
    visible: view.visible,
    setSelected,
    setFocusPath: focus.setFocusPath,
    openFolders: view.openFolders,
    focusTreeLater: focus.focusTreeLater,
    setError,
    onOpen,
  };
  const form = useNameForm(host);
  const del = useTreeDelete(host);
  // While a form or the delete question is open it keeps the keyboard.
  const formOpen = !!form.editing || !!del.confirmDelete;
  useEffect(() => {
    if (!formOpen) focus.returnFocusIfAsked();
  });

  const startEditing = (kind: Editing['kind']) => {
    setError(null);
    del.setConfirmDelete(null);
    form.start(kind);
  };
  const activate = (node: TreeNode) => {
    setSelected(node.path);
    focus.setFocusPath(node.path);
    if (node.kind === 'folder') view.toggle(node.path);
    else onOpen(node.path);
  };
  const run = (command: TreeCommand) => {
    if (command.kind === 'focus') focus.moveFocus(command.path);
    else if (command.kind === 'toggle') view.toggle(command.path);
    else if (command.kind === 'activate') activate(command.node);
    else if (command.kind === 'rename') {
      setSelected(command.path);
      form.setEditing({ kind: 'move', from: command.path, value: command.path });
    } else if (command.kind === 'delete') {
      setSelected(command.path);
      del.setConfirmDelete(command.path);
    } else if (command.kind === 'undo-delete') del.undo();
  };
  const onTreeKey = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (!target.matches('[role="treeitem"]')) return; // keys typed in a row's own controls are theirs
    const at = view.visible.findIndex((r) => r.node.path === target.dataset.path);
    if (at < 0) return;
    const command = treeKeyCommand(e, view.visible, at, view.shownOpen.has(view.visible[at].node.path));
    if (!command) return;
    run(command);
    e.preventDefault();
    e.stopPropagation();
  };
  return {
    view,
    focus,
    form,
    del,
    selected: sel,
    error,
    startEditing,
    activate,
    onTreeKey,
    moveInto: (from: string, folder: string) => moveInto(host, from, folder),
  };
}

export type FileTreeState = ReturnType<typeof useFileTree>;
