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
