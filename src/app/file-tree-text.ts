// The file tree's words, kept apart from its markup so that the plural and count rules are tested in Node.
import type { TreeNode } from '../workspace/tree';
import type { WorkspaceSnapshot } from '../workspace/workspace';

const fileWord = (n: number) => (n === 1 ? 'file' : 'files');

/** What a screen reader says for a row: a folder says how much is in it, as its badge shows. */
export function rowLabel(node: TreeNode): string {
  return node.kind === 'folder' ? `${node.name}, folder, ${node.fileCount} ${fileWord(node.fileCount)}` : node.name;
}

/** The line under the tree: how many files, or how many of them the filter matches. */
export function fileCountText(filtering: boolean, matching: number, total: number): string {
  return filtering
    ? `${matching.toLocaleString('en')} of ${total.toLocaleString('en')} files match`
    : `${total.toLocaleString('en')} ${fileWord(total)}`;
}

/** What the undo notice adds after the deleted path: nothing for one file, else how many files went. */
export function deletedCountText(contents: WorkspaceSnapshot): string {
  const oneFile = !contents.folders.length && contents.files.length === 1;
  return oneFile ? '' : ` (${contents.files.length} ${fileWord(contents.files.length)})`;
}
