import { useState, type DragEvent } from 'react';
import type { Workspace } from '../workspace/workspace';
import { fileCountText } from './file-tree-text';
import { DeleteNotices, NameForm, TreeFilter, TreeToolbar } from './FileTreeForms';
import { TREE_PATH_TYPE, TreeRows } from './FileTreeRows';
import { useFileTree } from './hooks/use-file-tree';

export { TREE_KEYS } from './file-tree-keys';

interface Props {
  workspace: Workspace;
  version: number;
  active: string | undefined;
  onOpen: (path: string) => void;
  /** Files or folders dropped from the desktop. */
  onDropFiles?: (e: DragEvent) => void;
}

export function FileTree({ workspace, version, active, onOpen, onDropFiles }: Props) {
  const state = useFileTree(workspace, version, active, onOpen);
  const { view, error } = state;
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  // A row dropped on the tree's empty space moves to the top level; files from the desktop are imported.
  const onDrop = (e: DragEvent) => {
    const from = e.dataTransfer.getData(TREE_PATH_TYPE);
    if (from) {
      e.preventDefault();
      state.moveInto(from, '');
      return;
    }
    if (e.dataTransfer.types.includes('Files')) {
      e.preventDefault();
      onDropFiles?.(e);
    }
  };
  return (
    <nav
      className="file-tree"
      aria-label="Files"
      data-testid="file-tree"
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) e.preventDefault();
      }}
      onDrop={onDrop}
    >
      <TreeToolbar state={state} />
      <NameForm form={state.form} />
      <DeleteNotices del={state.del} workspace={workspace} />
      {error && (
        <p className="error" role="alert" data-testid="tree-error">
          {error}
        </p>
      )}
      <TreeFilter state={state} />
      <ul role="tree" aria-label="Workspace files" onKeyDown={state.onTreeKey}>
        <TreeRows node={view.tree} depth={0} state={state} active={active} dropTarget={dropTarget} setDropTarget={setDropTarget} />
      </ul>
      {view.query && !view.visible.length && <p className="tree-empty">No file name or path contains “{view.filter.trim()}”.</p>}
      <p className="tree-count" data-testid="file-count" aria-live="polite">
        {fileCountText(!!view.query, view.tree.fileCount, view.fullTree.fileCount)}
      </p>
    </nav>
  );
}
