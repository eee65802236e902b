// Where a replacement from the search panel goes. A file with a Monaco model
// takes it as one edit of that model: Ctrl/Cmd+Z undoes it, and the model's
// change reaches the workspace (and the autosave's journal) like typing does.
// A single replacement in a file without a model takes the workspace's own
// edit path; Replace all gives every file it changes a model, so that one
// Ctrl/Cmd+Z undoes the whole replacement, open files or not (edit-groups.ts).
import { monaco } from '../editor/monaco';
import type { TextEdit } from '../workspace/text-edits';
import type { Workspace } from '../workspace/workspace';
import type { ModelRegistry } from './models';

/** `edits` are offsets in the file's current text, last first (search.ts's replacementEdits). */
export function applyFileEdits(models: ModelRegistry, workspace: Workspace, path: string, edits: TextEdit[]): void {
  if (!edits.length) return;
  const model = models.peek(path);
  if (!model) {
    workspace.edit(path, edits);
    return;
  }
  editModel(model, edits);
}

/** Replace all across files: every file's edits in its model, recorded as one group that one undo takes back. */
export function applyEditsAsOne(models: ModelRegistry, changes: readonly [path: string, edits: TextEdit[]][]): void {
  const changed: monaco.editor.ITextModel[] = [];
  for (const [path, edits] of changes) {
    const model = models.get(path);
    if (!model || !edits.length) continue;
    editModel(model, edits);
    changed.push(model);
  }
  models.editGroups.record(changed);
}

function editModel(model: monaco.editor.ITextModel, edits: TextEdit[]): void {
  const ops = edits.map((e) => {
    const a = model.getPositionAt(e.offset);
    const b = model.getPositionAt(e.offset + e.length);
    return { range: new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column), text: e.text };
  });
  // Stack elements on both sides: one Ctrl+Z undoes the whole replacement, and nothing typed before it.
  model.pushStackElement();
  model.pushEditOperations(null, ops, () => null);
  model.pushStackElement();
}
