// The rows of the file tree: one <li role="treeitem"> per file or folder, open folders nesting
// their children, at most MAX_ROWS per folder.
import type { DragEvent } from 'react';
import type { TreeNode } from '../workspace/tree';
import { rowLabel } from './file-tree-text';
import { MAX_ROWS } from './hooks/use-tree-view';
import type { FileTreeState } from './hooks/use-file-tree';

/** The drag data a tree row carries, so that a drop can tell a row from files off the desktop. */
export const TREE_PATH_TYPE = 'application/x-router-ide-path';

interface RowsProps {
  state: FileTreeState;
  /** The open file, marked in the tree. */
  active: string | undefined;
  dropTarget: string | null;
  setDropTarget: (path: string | null) => void;
}

/** The children of `node`, then "N more" when the folder holds more than is shown. */
export function TreeRows({ node, depth, ...props }: RowsProps & { node: TreeNode; depth: number }) {
  const hidden = node.children.length - MAX_ROWS;
  return (
    <>
      {node.children.slice(0, MAX_ROWS).map((child) => (
        <TreeRow key={child.path} node={child} depth={depth} {...props} />
      ))}
      {hidden > 0 && (
        <li key={`${node.path}/…more`} role="none" className="more">
          … {hidden.toLocaleString('en')} more in this folder: type part of a name in Filter to find them
        </li>
      )}
    </>
  );
}

/** Folders take drops of other rows: the dragged row moves into them. */
function folderDropHandlers({ node, state, setDropTarget }: RowsProps & { node: TreeNode }) {
  if (node.kind !== 'folder') return {};
  return {
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      e.stopPropagation();
      setDropTarget(node.path);
    },
    onDrop: (e: DragEvent) => {
      setDropTarget(null);
      const from = e.dataTransfer.getData(TREE_PATH_TYPE);
      if (from) {
        e.preventDefault();
        e.stopPropagation();
        state.moveInto(from, node.path);
      }
    },
  };
}

function TreeRow(props: RowsProps & { node: TreeNode; depth: number }) {
  const { node, depth, state, active, dropTarget, setDropTarget } = props;
  const isFolder = node.kind === 'folder';
  const isOpen = state.view.shownOpen.has(node.path);
  return (
    <li
      role="treeitem"
      aria-expanded={isFolder ? isOpen : undefined}
      aria-selected={node.path === state.selected}
      aria-level={depth + 1}
      aria-label={rowLabel(node)}
      tabIndex={node.path === state.focus.tabStop ? 0 : -1}
      data-path={node.path}
      ref={state.focus.rowRef(node.path)}
    >
      <div
        className={`row${node.path === active ? ' active' : ''}${dropTarget === node.path ? ' drop' : ''}`}
        style={{ paddingLeft: `${0.4 + depth * 0.9}rem` }}
        data-testid={`tree-item-${node.path}`}
        draggable
        onDragStart={(e) => e.dataTransfer.setData(TREE_PATH_TYPE, node.path)}
        onDragLeave={() => setDropTarget(null)}
        {...folderDropHandlers(props)}
        onClick={() => state.activate(node)}
      >
        <span aria-hidden="true" className="icon">
          {isFolder ? (isOpen ? '▾' : '▸') : '·'}
        </span>
        {node.name}
        {isFolder && (
          <span className="count" aria-hidden="true">
            {node.fileCount}
          </span>
        )}
      </div>
      {isFolder && isOpen && node.children.length > 0 && (
        <ul role="group">
          <TreeRows {...props} node={node} depth={depth + 1} />
        </ul>
      )}
    </li>
  );
}
