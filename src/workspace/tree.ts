// The flat path list as a tree for display: folders first, then files, by name.
import { ancestors, basename } from './paths';

export interface TreeNode {
  name: string;
  path: string;
  kind: 'file' | 'folder';
  children: TreeNode[];
  /** Files anywhere below (folders only). */
  fileCount: number;
}

const byName = (a: TreeNode, b: TreeNode) =>
  a.kind !== b.kind ? (a.kind === 'folder' ? -1 : 1) : a.name.localeCompare(b.name, undefined, { numeric: true });

export function buildTree(files: Iterable<string>, folders: Iterable<string> = []): TreeNode {
  const root: TreeNode = { name: '', path: '', kind: 'folder', children: [], fileCount: 0 };
  const dirs = new Map<string, TreeNode>([['', root]]);
  const folder = (path: string): TreeNode => {
    let node = dirs.get(path);
    if (node) return node;
    const parentPath = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    node = { name: basename(path), path, kind: 'folder', children: [], fileCount: 0 };
    folder(parentPath).children.push(node);
    dirs.set(path, node);
    return node;
  };
  for (const f of folders) folder(f);
  for (const f of files) {
    const parents = ancestors(f);
    const parent = folder(parents.at(-1) ?? '');
    parent.children.push({ name: basename(f), path: f, kind: 'file', children: [], fileCount: 0 });
    root.fileCount++;
    for (const a of parents) dirs.get(a)!.fileCount++;
  }
  for (const d of dirs.values()) d.children.sort(byName);
  return root;
}

interface VisibleRow {
  node: TreeNode;
  /** The folder above (undefined at the top level). */
  parent?: string;
}

/** The rows on screen, top to bottom: children of open folders only, at most `limit` per folder. */
export function visibleRows(root: TreeNode, open: ReadonlySet<string>, limit = Infinity): VisibleRow[] {
  const out: VisibleRow[] = [];
  const walk = (node: TreeNode, parent: string | undefined) => {
    for (const child of node.children.slice(0, limit)) {
      out.push({ node: child, parent });
      if (child.kind === 'folder' && open.has(child.path)) walk(child, child.path);
    }
  };
  walk(root, undefined);
  return out;
}

/** Every folder in the tree (the root excluded). */
export function folderPaths(root: TreeNode): string[] {
  const out: string[] = [];
  const walk = (node: TreeNode) => {
    for (const child of node.children)
      if (child.kind === 'folder') {
        out.push(child.path);
        walk(child);
      }
  };
  walk(root);
  return out;
}
