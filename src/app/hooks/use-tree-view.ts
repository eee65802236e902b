// Which rows the file tree shows: the workspace as a tree, narrowed by the filter, with the
// folders the user opened (every folder with a match while filtering).
import { useEffect, useMemo, useState } from 'react';
import { ancestors } from '../../workspace/paths';
import { buildTree, folderPaths, visibleRows } from '../../workspace/tree';
import type { Workspace } from '../../workspace/workspace';

/** Rows shown per folder before "N more": a 50,000-file folder must not freeze the page. */
export const MAX_ROWS = 300;

export function useTreeView(workspace: Workspace, version: number, active: string | undefined) {
  // `version` is the workspace's change count: the tree is rebuilt when files come or go.
  const fullTree = useMemo(() => buildTree(workspace.paths(), workspace.folders()), [workspace, version]);
  // The filter is how a file beyond a folder's first rows is found (and the quickest way to any file).
  const [filter, setFilter] = useState('');
  const query = filter.trim().toLowerCase();
  const tree = useMemo(
    () => (query ? buildTree(workspace.paths().filter((p) => p.toLowerCase().includes(query))) : fullTree),
    [fullTree, query, workspace],
  );
  const [open, setOpen] = useState<Set<string>>(() => new Set(active ? ancestors(active) : []));

  // The open file is always visible in the tree.
  useEffect(() => {
    if (active) setOpen((s) => (ancestors(active).every((a) => s.has(a)) ? s : new Set([...s, ...ancestors(active)])));
  }, [active]);

  const toggle = (path: string) =>
    setOpen((s) => {
      const n = new Set(s);
      if (n.has(path)) n.delete(path);
      else n.add(path);
      return n;
    });
  const openFolders = (paths: string[]) => setOpen((s) => new Set([...s, ...paths]));

  // While filtering, every folder with a match is open.
  const shownOpen = useMemo(() => (query ? new Set(folderPaths(tree)) : open), [query, tree, open]);
  const visible = useMemo(() => visibleRows(tree, shownOpen, MAX_ROWS), [tree, shownOpen]);
  return { filter, setFilter, query, fullTree, tree, shownOpen, visible, toggle, openFolders };
}

export type TreeView = ReturnType<typeof useTreeView>;
