// What a key pressed on a row of the file tree means, decided without React or the DOM so
// that the roving-focus rules (the WAI-ARIA tree pattern) can be tested in Node.
import { isWithin } from '../workspace/paths';
import type { TreeNode, visibleRows } from '../workspace/tree';

/** One row on screen, as `visibleRows` lists them. */
export type TreeRow = ReturnType<typeof visibleRows>[number];

/** What the tree's keys do, for the help overlay (the decision is treeKeyCommand below). */
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

/** The parts of a keyboard event the decision reads. */
export interface TreeKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export type TreeCommand =
  /** Move the tree's one Tab stop to another row. */
  | { kind: 'focus'; path: string }
  /** Open or close a folder. */
  | { kind: 'toggle'; path: string }
  /** Open the file, or open/close the folder (as a click does). */
  | { kind: 'activate'; node: TreeNode }
  | { kind: 'rename'; path: string }
  | { kind: 'delete'; path: string }
  | { kind: 'undo-delete' }
  /** A key the tree understands that has nothing to do here (↓ on the last row): still the tree's. */
  | { kind: 'none' };

const focus = (row: TreeRow | undefined): TreeCommand => (row ? { kind: 'focus', path: row.node.path } : { kind: 'none' });

/** Type-ahead: the next visible row after `at` whose name starts with the letter, wrapping around. */
export function typeAheadRow(visible: readonly TreeRow[], at: number, letter: string): TreeRow | undefined {
  const k = letter.toLowerCase();
  for (let i = 1; i <= visible.length; i++) {
    const row = visible[(at + i) % visible.length];
    if (row.node.name.toLowerCase().startsWith(k)) return row;
  }
  return undefined;
}

/** → opens a closed folder, else goes to its first child; ← closes an open folder, else goes to the folder above. */
function sidewaysCommand(key: 'ArrowRight' | 'ArrowLeft', row: TreeRow, isOpen: boolean): TreeCommand {
  const { node, parent } = row;
  const isFolder = node.kind === 'folder';
  if (key === 'ArrowRight') {
    if (isFolder && !isOpen) return { kind: 'toggle', path: node.path };
    return isFolder && node.children.length ? { kind: 'focus', path: node.children[0].path } : { kind: 'none' };
  }
  if (isFolder && isOpen) return { kind: 'toggle', path: node.path };
  return parent ? { kind: 'focus', path: parent } : { kind: 'none' };
}

/**
 * What `e` does on the row at `at` of `visible`; undefined for a key the tree leaves alone
 * (so the page's own shortcuts still see it).
 */
export function treeKeyCommand(e: TreeKey, visible: readonly TreeRow[], at: number, isOpen: boolean): TreeCommand | undefined {
  const row = visible[at];
  const { key } = e;
  const modified = e.ctrlKey || e.metaKey || e.altKey;
  switch (key) {
    case 'ArrowDown':
      return focus(visible[at + 1]);
    case 'ArrowUp':
      return focus(at > 0 ? visible[at - 1] : undefined);
    case 'Home':
      return focus(visible[0]);
    case 'End':
      return focus(visible.at(-1));
    case 'ArrowRight':
    case 'ArrowLeft':
      return sidewaysCommand(key, row, isOpen);
    case 'Enter':
    case ' ':
      return { kind: 'activate', node: row.node };
    case 'F2':
      return { kind: 'rename', path: row.node.path };
    case 'Delete':
      return { kind: 'delete', path: row.node.path };
  }
  if (key.toLowerCase() === 'z' && (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey) return { kind: 'undo-delete' };
  if (/^[\p{L}\p{N}_.-]$/u.test(key) && !modified) return focus(typeAheadRow(visible, at, key));
  return undefined;
}

/**
 * Where focus goes once `path` is deleted: the next row below what goes away (the one above at
 * the end), never the tree's first, so that a run of deletes stays where the user is.
 */
export function rowAfterRemoval(visible: readonly TreeRow[], path: string): string | undefined {
  const at = visible.findIndex((r) => r.node.path === path);
  const below = visible.slice(at + 1).find((r) => !isWithin(r.node.path, path));
  return (below ?? visible.slice(0, Math.max(at, 0)).at(-1))?.node.path;
}
