import { useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { ancestors, basename, dirname, isWithin, joinPath } from '../workspace/paths';
import { buildTree, folderPaths, visibleRows, type TreeNode } from '../workspace/tree';
import type { Workspace, WorkspaceSnapshot } from '../workspace/workspace';
import { Icon } from './Icon';

/** Rows shown per folder before "N more": a 50,000-file folder must not freeze the page. */
const MAX_ROWS = 300;

/** What the tree's keys do, for the help overlay (the handler is onTreeKey below). */
export const TREE_KEYS = [
  { keys: '↑ / ↓', what: 'previous / next row' },
  { keys: 'Home / End', what: 'first / last row' },
  { keys: '→', what: 'open a folder, or go into it' },
  { keys: '←', what: 'close a folder, or go to the folder above' },
  { keys: 'a–z, 0–9', what: 'next row whose name starts with that letter' },
  { keys: 'Enter', what: 'open the file (or open/close the folder)' },
  { keys: 'F2', what: 'rename or move' },
  { keys: 'Delete', what: 'delete (asks first)' },
  { keys: 'Ctrl/Cmd+Z', what: 'undo the last delete' },
  { keys: '↓ in Filter files', what: 'from the filter into the tree' },
] as const;

type Editing = { kind: 'new-file' | 'new-folder' | 'move'; from?: string; value: string };
/** The last delete, kept so that it can be undone. */
type Deleted = { path: string; contents: WorkspaceSnapshot };

interface Props {
  workspace: Workspace;
  version: number;
  active: string | undefined;
  onOpen: (path: string) => void;
  /** Files or folders dropped from the desktop. */
  onDropFiles?: (e: DragEvent) => void;
}

export function FileTree({ workspace, version, active, onOpen, onDropFiles }: Props) {
  const fullTree = useMemo(() => buildTree(workspace.paths(), workspace.folders()), [workspace, version]);
  // The filter is how a file beyond a folder's first rows is found (and the quickest way to any file).
  const [filter, setFilter] = useState('');
  const query = filter.trim().toLowerCase();
  const tree = useMemo(
    () => (query ? buildTree(workspace.paths().filter((p) => p.toLowerCase().includes(query))) : fullTree),
    [fullTree, query, workspace],
  );
  const [open, setOpen] = useState<Set<string>>(() => new Set(active ? ancestors(active) : []));
  const [selected, setSelected] = useState<string | undefined>(active);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [lastDeleted, setLastDeleted] = useState<Deleted | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  /** The row that is the tree's one Tab stop. */
  const [focusPath, setFocusPath] = useState<string | undefined>(active);
  const rowRefs = useRef(new Map<string, HTMLLIElement>());
  /** Set when a form or dialog of the tree closes: focus goes back to the tree, not to the page. */
  const refocus = useRef(false);

  // The open file is always visible in the tree.
  useEffect(() => {
    if (active) setOpen((s) => (ancestors(active).every((a) => s.has(a)) ? s : new Set([...s, ...ancestors(active)])));
  }, [active]);

  const sel = selected && (workspace.has(selected) || workspace.isFolder(selected)) ? selected : undefined;
  const baseFolder = sel ? (workspace.isFolder(sel) ? sel : dirname(sel)) : '';

  const toggle = (p: string) =>
    setOpen((s) => {
      const n = new Set(s);
      if (n.has(p)) n.delete(p);
      else n.add(p);
      return n;
    });
  const start = (kind: Editing['kind']) => {
    setError(null);
    setConfirmDelete(null);
    if (kind === 'move') {
      if (sel) setEditing({ kind, from: sel, value: sel });
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
      setError(r.error);
      return;
    }
    const target = joinPath(editing.value);
    setOpen((s) => new Set([...s, ...ancestors(target), ...(workspace.isFolder(target) ? [target] : [])]));
    setSelected(target);
    setFocusPath(target);
    setEditing(null);
    setError(null);
    if (editing.kind === 'new-file') onOpen(target);
    else refocus.current = true;
  };
  const cancelEditing = () => {
    setEditing(null);
    setError(null);
    refocus.current = true;
  };
  const remove = (p: string) => {
    const contents = workspace.contentsOf(p);
    // Focus stays where the row was: the next row below what goes away (the one above at the end), never the tree's first.
    const at = visible.findIndex((r) => r.node.path === p);
    const after = visible.slice(at + 1).find((r) => !isWithin(r.node.path, p)) ?? visible.slice(0, Math.max(at, 0)).at(-1);
    const r = workspace.delete(p);
    if (r.ok) {
      setLastDeleted({ path: p, contents });
      setSelected(after?.node.path);
      setFocusPath(after?.node.path);
    } else setError(r.error);
    setConfirmDelete(null);
    refocus.current = true;
  };
  const undoDelete = () => {
    if (!lastDeleted) return;
    const { path } = lastDeleted;
    const r = workspace.restore(lastDeleted.contents);
    setError(r.ok ? null : r.error);
    setLastDeleted(null);
    setOpen((s) => new Set([...s, ...ancestors(path)]));
    setSelected(path);
    setFocusPath(path);
    refocus.current = true;
  };
  const moveInto = (from: string, folder: string) => {
    const to = joinPath(folder, basename(from));
    const r = workspace.move(from, to);
    setError(r.ok ? null : r.error);
    if (r.ok) {
      setOpen((s) => new Set([...s, ...ancestors(to)]));
      setSelected(to);
    }
  };

  // While filtering, every folder with a match is open.
  const shownOpen = useMemo(() => (query ? new Set(folderPaths(tree)) : open), [query, tree, open]);
  const visible = useMemo(() => visibleRows(tree, shownOpen, MAX_ROWS), [tree, shownOpen]);
  // Roving focus (the WAI-ARIA tree pattern): the tree is one Tab stop; arrows, Home, End and
  // a typed letter move inside it, so a 300-row folder is not 300 Tab presses.
  const current = visible.find((r) => r.node.path === focusPath) ?? visible.find((r) => r.node.path === sel) ?? visible[0];
  useEffect(() => {
    if (!refocus.current || editing || confirmDelete) return;
    refocus.current = false;
    if (current) rowRefs.current.get(current.node.path)?.focus();
  });
  const moveFocus = (path: string) => {
    setFocusPath(path);
    rowRefs.current.get(path)?.focus(); // the row exists already: only rows that are visible are targets
  };

  const onTreeKey = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (!target.matches('[role="treeitem"]')) return; // keys typed in a row's own controls are theirs
    const at = visible.findIndex((r) => r.node.path === target.dataset.path);
    if (at < 0) return;
    const { node, parent } = visible[at];
    const isOpen = shownOpen.has(node.path);
    const key = e.key;
    let handled = true;
    if (key === 'ArrowDown') {
      if (at + 1 < visible.length) moveFocus(visible[at + 1].node.path);
    } else if (key === 'ArrowUp') {
      if (at > 0) moveFocus(visible[at - 1].node.path);
    } else if (key === 'Home') moveFocus(visible[0].node.path);
    else if (key === 'End') moveFocus(visible[visible.length - 1].node.path);
    else if (key === 'ArrowRight') {
      if (node.kind === 'folder' && !isOpen) toggle(node.path);
      else if (node.kind === 'folder' && node.children.length) moveFocus(node.children[0].path);
    } else if (key === 'ArrowLeft') {
      if (node.kind === 'folder' && isOpen) toggle(node.path);
      else if (parent) moveFocus(parent);
    } else if (key === 'Enter' || key === ' ') activate(node);
    else if (key === 'F2') {
      setSelected(node.path);
      setEditing({ kind: 'move', from: node.path, value: node.path });
    } else if (key === 'Delete') {
      setSelected(node.path);
      setConfirmDelete(node.path);
    } else if (key.toLowerCase() === 'z' && (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey) {
      if (lastDeleted) undoDelete();
    } else if (/^[\p{L}\p{N}_.-]$/u.test(key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // Type-ahead: the next visible row whose name starts with the letter, wrapping around.
      const k = key.toLowerCase();
      for (let i = 1; i <= visible.length; i++) {
        const r = visible[(at + i) % visible.length];
        if (r.node.name.toLowerCase().startsWith(k)) {
          moveFocus(r.node.path);
          break;
        }
      }
    } else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  const activate = (node: TreeNode) => {
    setSelected(node.path);
    setFocusPath(node.path);
    if (node.kind === 'folder') toggle(node.path);
    else onOpen(node.path);
  };

  const rows = (node: TreeNode, depth: number): React.ReactNode[] => {
    const out: React.ReactNode[] = [];
    for (const child of node.children.slice(0, MAX_ROWS)) {
      const isOpen = shownOpen.has(child.path);
      out.push(
        <li
          key={child.path}
          role="treeitem"
          aria-expanded={child.kind === 'folder' ? isOpen : undefined}
          aria-selected={child.path === sel}
          aria-level={depth + 1}
          aria-label={
            child.kind === 'folder' ? `${child.name}, folder, ${child.fileCount} ${child.fileCount === 1 ? 'file' : 'files'}` : child.name
          }
          tabIndex={child.path === current?.node.path ? 0 : -1}
          data-path={child.path}
          ref={(el) => {
            if (el) rowRefs.current.set(child.path, el);
            else rowRefs.current.delete(child.path);
          }}
        >
          <div
            className={`row${child.path === active ? ' active' : ''}${dropTarget === child.path ? ' drop' : ''}`}
            style={{ paddingLeft: `${0.4 + depth * 0.9}rem` }}
            data-testid={`tree-item-${child.path}`}
            draggable
            onDragStart={(e) => e.dataTransfer.setData('application/x-router-ide-path', child.path)}
            onDragOver={
              child.kind === 'folder'
                ? (e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    setDropTarget(child.path);
                  }
                : undefined
            }
            onDragLeave={() => setDropTarget(null)}
            onDrop={
              child.kind === 'folder'
                ? (e) => {
                    setDropTarget(null);
                    const from = e.dataTransfer.getData('application/x-router-ide-path');
                    if (from) {
                      e.preventDefault();
                      e.stopPropagation();
                      moveInto(from, child.path);
                    }
                  }
                : undefined
            }
            onClick={() => activate(child)}
          >
            <span aria-hidden="true" className="icon">
              {child.kind === 'folder' ? (isOpen ? '▾' : '▸') : '·'}
            </span>
            {child.name}
            {child.kind === 'folder' && (
              <span className="count" aria-hidden="true">
                {child.fileCount}
              </span>
            )}
          </div>
          {child.kind === 'folder' && isOpen && child.children.length > 0 && <ul role="group">{rows(child, depth + 1)}</ul>}
        </li>,
      );
    }
    if (node.children.length > MAX_ROWS) {
      out.push(
        <li key={`${node.path}/…more`} role="none" className="more">
          … {(node.children.length - MAX_ROWS).toLocaleString('en')} more in this folder: type part of a name in Filter to find them
        </li>,
      );
    }
    return out;
  };

  return (
    <nav
      className="file-tree"
      aria-label="Files"
      data-testid="file-tree"
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) e.preventDefault();
      }}
      onDrop={(e) => {
        const from = e.dataTransfer.getData('application/x-router-ide-path');
        if (from) {
          e.preventDefault();
          moveInto(from, '');
          return;
        }
        if (e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          onDropFiles?.(e);
        }
      }}
    >
      <div className="tree-toolbar">
        <button type="button" onClick={() => start('new-file')} data-testid="new-file" title="New file">
          + File
        </button>
        <button type="button" onClick={() => start('new-folder')} data-testid="new-folder" title="New folder">
          + Folder
        </button>
        <button type="button" onClick={() => start('move')} disabled={!sel} data-testid="rename" title="Rename or move (F2)">
          Rename
        </button>
        <button type="button" onClick={() => sel && setConfirmDelete(sel)} disabled={!sel} data-testid="delete" title="Delete (Delete key)">
          Delete
        </button>
      </div>
      {editing && (
        <form
          className="name-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label>
            {editing.kind === 'new-file'
              ? 'New file path'
              : editing.kind === 'new-folder'
                ? 'New folder path'
                : `Rename or move ${editing.from} to`}
            <input
              autoFocus
              value={editing.value}
              onChange={(e) => setEditing({ ...editing, value: e.target.value })}
              data-testid="name-input"
              onKeyDown={(e) => {
                if (e.key === 'Escape') cancelEditing();
              }}
            />
          </label>
          <button type="submit" data-testid="name-submit">
            OK
          </button>
          <button type="button" onClick={cancelEditing}>
            Cancel
          </button>
        </form>
      )}
      {confirmDelete && (
        <div className="confirm" role="alertdialog" aria-label="Confirm delete">
          Delete <b>{confirmDelete}</b>
          {workspace.isFolder(confirmDelete) ? ' and everything in it' : ''}?
          <button type="button" autoFocus onClick={() => remove(confirmDelete)} data-testid="confirm-delete">
            Delete
          </button>
          <button
            type="button"
            onClick={() => {
              setConfirmDelete(null);
              refocus.current = true;
            }}
          >
            Keep
          </button>
        </div>
      )}
      {lastDeleted && !confirmDelete && (
        <div className="undo-delete" role="status" data-testid="undo-notice">
          Deleted <b>{lastDeleted.path}</b>
          {lastDeleted.contents.folders.length || lastDeleted.contents.files.length !== 1
            ? ` (${lastDeleted.contents.files.length} ${lastDeleted.contents.files.length === 1 ? 'file' : 'files'})`
            : ''}
          .
          <button type="button" onClick={undoDelete} data-testid="undo-delete" title="Undo the delete (Ctrl/Cmd+Z in the file tree)">
            Undo
          </button>
          <button type="button" className="icon-button" onClick={() => setLastDeleted(null)} aria-label="Dismiss" title="Dismiss">
            <Icon name="close" />
          </button>
        </div>
      )}
      {error && (
        <p className="error" role="alert" data-testid="tree-error">
          {error}
        </p>
      )}
      <input
        type="search"
        className="tree-filter"
        placeholder="Filter files"
        aria-label="Filter files by name or path"
        data-testid="tree-filter"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && filter) {
            e.preventDefault();
            setFilter('');
          }
          if (e.key === 'ArrowDown' && visible[0]) {
            e.preventDefault();
            moveFocus(visible[0].node.path);
          }
        }}
      />
      <ul role="tree" aria-label="Workspace files" onKeyDown={onTreeKey}>
        {rows(tree, 0)}
      </ul>
      {query && !visible.length && <p className="tree-empty">No file name or path contains “{filter.trim()}”.</p>}
      <p className="tree-count" data-testid="file-count" aria-live="polite">
        {query
          ? `${tree.fileCount.toLocaleString('en')} of ${fullTree.fileCount.toLocaleString('en')} files match`
          : `${fullTree.fileCount.toLocaleString('en')} ${fullTree.fileCount === 1 ? 'file' : 'files'}`}
      </p>
    </nav>
  );
}
