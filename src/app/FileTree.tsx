import { useEffect, useMemo, useState, type DragEvent, type KeyboardEvent } from 'react';
import { ancestors, basename, dirname, joinPath } from '../workspace/paths';
import { buildTree, type TreeNode } from '../workspace/tree';
import type { Workspace } from '../workspace/workspace';

/** Rows shown per folder before "N more": a 50,000-file folder must not freeze the page. */
const MAX_ROWS = 300;

type Editing = { kind: 'new-file' | 'new-folder' | 'move'; from?: string; value: string };

interface Props {
  workspace: Workspace;
  version: number;
  active: string | undefined;
  onOpen: (path: string) => void;
  /** Files or folders dropped from the desktop. */
  onDropFiles?: (e: DragEvent) => void;
}

export function FileTree({ workspace, version, active, onOpen, onDropFiles }: Props) {
  const tree = useMemo(() => buildTree(workspace.paths(), workspace.folders()), [workspace, version]);
  const [open, setOpen] = useState<Set<string>>(() => new Set(active ? ancestors(active) : []));
  const [selected, setSelected] = useState<string | undefined>(active);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);

  // The open file is always visible in the tree.
  useEffect(() => {
    if (active) setOpen((s) => (ancestors(active).every((a) => s.has(a)) ? s : new Set([...s, ...ancestors(active)])));
  }, [active]);

  const sel = selected && (workspace.has(selected) || workspace.isFolder(selected)) ? selected : undefined;
  const baseFolder = sel ? (workspace.isFolder(sel) ? sel : dirname(sel)) : '';

  const toggle = (p: string) => setOpen((s) => { const n = new Set(s); if (n.has(p)) n.delete(p); else n.add(p); return n; });
  const start = (kind: Editing['kind']) => {
    setError(null);
    setConfirmDelete(null);
    if (kind === 'move') { if (sel) setEditing({ kind, from: sel, value: sel }); }
    else setEditing({ kind, value: baseFolder ? `${baseFolder}/` : '' });
  };
  const submit = () => {
    if (!editing) return;
    const r = editing.kind === 'new-file' ? workspace.createFile(editing.value)
      : editing.kind === 'new-folder' ? workspace.createFolder(editing.value)
        : workspace.move(editing.from!, editing.value);
    if (!r.ok) { setError(r.error); return; }
    const target = joinPath(editing.value);
    setOpen((s) => new Set([...s, ...ancestors(target), ...(workspace.isFolder(target) ? [target] : [])]));
    setSelected(target);
    setEditing(null);
    setError(null);
    if (editing.kind === 'new-file') onOpen(target);
  };
  const remove = (p: string) => {
    const r = workspace.delete(p);
    if (!r.ok) setError(r.error);
    setConfirmDelete(null);
  };
  const moveInto = (from: string, folder: string) => {
    const to = joinPath(folder, basename(from));
    const r = workspace.move(from, to);
    setError(r.ok ? null : r.error);
    if (r.ok) { setOpen((s) => new Set([...s, ...ancestors(to)])); setSelected(to); }
  };

  const onRowKey = (e: KeyboardEvent, node: TreeNode) => {
    if (e.key === 'F2') { e.preventDefault(); setSelected(node.path); setEditing({ kind: 'move', from: node.path, value: node.path }); }
    if (e.key === 'Delete') { e.preventDefault(); setSelected(node.path); setConfirmDelete(node.path); }
    if (node.kind === 'folder' && (e.key === 'ArrowRight' || e.key === 'ArrowLeft')) {
      e.preventDefault();
      setOpen((s) => { const n = new Set(s); if (e.key === 'ArrowRight') n.add(node.path); else n.delete(node.path); return n; });
    }
  };

  const rows = (node: TreeNode, depth: number): React.ReactNode[] => {
    const out: React.ReactNode[] = [];
    for (const child of node.children.slice(0, MAX_ROWS)) {
      const isOpen = open.has(child.path);
      out.push(
        <li key={child.path} role="treeitem" aria-expanded={child.kind === 'folder' ? isOpen : undefined}
          aria-selected={child.path === sel} aria-level={depth + 1}>
          <button type="button" className={`row${child.path === active ? ' active' : ''}${dropTarget === child.path ? ' drop' : ''}`}
            style={{ paddingLeft: `${0.4 + depth * 0.9}rem` }} data-testid={`tree-item-${child.path}`}
            draggable onDragStart={(e) => e.dataTransfer.setData('application/x-router-ide-path', child.path)}
            onDragOver={child.kind === 'folder' ? (e) => { e.preventDefault(); e.stopPropagation(); setDropTarget(child.path); } : undefined}
            onDragLeave={() => setDropTarget(null)}
            onDrop={child.kind === 'folder' ? (e) => {
              setDropTarget(null);
              const from = e.dataTransfer.getData('application/x-router-ide-path');
              if (from) { e.preventDefault(); e.stopPropagation(); moveInto(from, child.path); }
            } : undefined}
            onClick={() => { setSelected(child.path); if (child.kind === 'folder') toggle(child.path); else onOpen(child.path); }}
            onKeyDown={(e) => onRowKey(e, child)}>
            <span aria-hidden="true" className="icon">{child.kind === 'folder' ? (isOpen ? '▾' : '▸') : '·'}</span>
            {child.name}
            {child.kind === 'folder' && <span className="count" aria-label={`${child.fileCount} files`}>{child.fileCount}</span>}
          </button>
          {child.kind === 'folder' && isOpen && child.children.length > 0 && <ul role="group">{rows(child, depth + 1)}</ul>}
        </li>,
      );
    }
    if (node.children.length > MAX_ROWS) {
      out.push(<li key={`${node.path}/…more`} role="none" className="more">… {node.children.length - MAX_ROWS} more in this folder (open them by name with New file / Rename, or search)</li>);
    }
    return out;
  };

  return (
    <nav className="file-tree" aria-label="Files" data-testid="file-tree"
      onDragOver={(e) => { if (e.dataTransfer.types.includes('Files')) e.preventDefault(); }}
      onDrop={(e) => {
        const from = e.dataTransfer.getData('application/x-router-ide-path');
        if (from) { e.preventDefault(); moveInto(from, ''); return; }
        if (e.dataTransfer.types.includes('Files')) { e.preventDefault(); onDropFiles?.(e); }
      }}>
      <div className="tree-toolbar">
        <button type="button" onClick={() => start('new-file')} data-testid="new-file" title="New file">+ File</button>
        <button type="button" onClick={() => start('new-folder')} data-testid="new-folder" title="New folder">+ Folder</button>
        <button type="button" onClick={() => start('move')} disabled={!sel} data-testid="rename" title="Rename or move (F2)">Rename</button>
        <button type="button" onClick={() => sel && setConfirmDelete(sel)} disabled={!sel} data-testid="delete" title="Delete (Delete key)">Delete</button>
      </div>
      {editing && (
        <form className="name-form" onSubmit={(e) => { e.preventDefault(); submit(); }}>
          <label>
            {editing.kind === 'new-file' ? 'New file path' : editing.kind === 'new-folder' ? 'New folder path' : `Rename or move ${editing.from} to`}
            <input autoFocus value={editing.value} onChange={(e) => setEditing({ ...editing, value: e.target.value })} data-testid="name-input"
              onKeyDown={(e) => { if (e.key === 'Escape') { setEditing(null); setError(null); } }} />
          </label>
          <button type="submit" data-testid="name-submit">OK</button>
          <button type="button" onClick={() => { setEditing(null); setError(null); }}>Cancel</button>
        </form>
      )}
      {confirmDelete && (
        <div className="confirm" role="alertdialog" aria-label="Confirm delete">
          Delete <b>{confirmDelete}</b>{workspace.isFolder(confirmDelete) ? ' and everything in it' : ''}?
          <button type="button" autoFocus onClick={() => remove(confirmDelete)} data-testid="confirm-delete">Delete</button>
          <button type="button" onClick={() => setConfirmDelete(null)}>Keep</button>
        </div>
      )}
      {error && <p className="error" role="alert" data-testid="tree-error">{error}</p>}
      <ul role="tree" aria-label="Workspace files">{rows(tree, 0)}</ul>
      <p className="tree-count" data-testid="file-count">{tree.fileCount} {tree.fileCount === 1 ? 'file' : 'files'}</p>
    </nav>
  );
}
