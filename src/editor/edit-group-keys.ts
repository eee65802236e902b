// Undo and redo keys reach an edit group first (edit-groups.ts): in a file
// that took part in the last Replace all, and is still as it left it,
// Ctrl/Cmd+Z undoes the replacement in every file; anywhere else the keys are
// the editor's own. The editor's keydown comes before Monaco's keybindings,
// so a key the group used is stopped there.
import type { EditGroups } from './edit-groups';
import { monaco } from './monaco';

export function undoEditGroups(editor: monaco.editor.IStandaloneCodeEditor, groups: () => EditGroups): monaco.IDisposable {
  return editor.onKeyDown((e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const model = editor.getModel();
    if (!model) return;
    const undo = e.keyCode === monaco.KeyCode.KeyZ && !e.shiftKey;
    const redo = (e.keyCode === monaco.KeyCode.KeyZ && e.shiftKey) || (e.keyCode === monaco.KeyCode.KeyY && !e.shiftKey);
    const outcome = undo ? groups().undo(model) : redo ? groups().redo(model) : undefined;
    if (!outcome) return;
    e.preventDefault();
    e.stopPropagation();
  });
}
