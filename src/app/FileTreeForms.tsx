// The file tree's controls above its rows: the toolbar, the name form, the delete question,
// the undo notice and the filter box.
import type { Workspace } from '../workspace/workspace';
import { deletedCountText } from './file-tree-text';
import type { FileTreeState } from './hooks/use-file-tree';
import { Icon } from './Icon';

export function TreeToolbar({ state }: { state: FileTreeState }) {
  const { selected, startEditing } = state;
  return (
    <div className="tree-toolbar">
      <button type="button" onClick={() => startEditing('new-file')} data-testid="new-file" title="New file">
        + File
      </button>
      <button type="button" onClick={() => startEditing('new-folder')} data-testid="new-folder" title="New folder">
        + Folder
      </button>
      <button type="button" onClick={() => startEditing('move')} disabled={!selected} data-testid="rename" title="Rename or move (F2)">
        Rename
      </button>
      <button
        type="button"
        onClick={() => selected && state.del.setConfirmDelete(selected)}
        disabled={!selected}
        data-testid="delete"
        title="Delete (Delete key)"
      >
        Delete
      </button>
    </div>
  );
}

export function NameForm({ form }: { form: FileTreeState['form'] }) {
  const { editing, setEditing, submit, cancel } = form;
  if (!editing) return null;
  const label =
    editing.kind === 'new-file' ? 'New file path' : editing.kind === 'new-folder' ? 'New folder path' : `Rename or move ${editing.from} to`;
  return (
    <form
      className="name-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label>
        {label}
        <input
          autoFocus
          value={editing.value}
          onChange={(e) => setEditing({ ...editing, value: e.target.value })}
          data-testid="name-input"
          onKeyDown={(e) => {
            if (e.key === 'Escape') cancel();
          }}
        />
      </label>
      <button type="submit" data-testid="name-submit">
        OK
      </button>
      <button type="button" onClick={cancel}>
        Cancel
      </button>
    </form>
  );
}

/** The question before a delete, and the notice that offers to undo the last one. */
export function DeleteNotices({ del, workspace }: { del: FileTreeState['del']; workspace: Workspace }) {
  const { confirmDelete, lastDeleted } = del;
  if (confirmDelete)
    return (
      <div className="confirm" role="alertdialog" aria-label="Confirm delete">
        Delete <b>{confirmDelete}</b>
        {workspace.isFolder(confirmDelete) ? ' and everything in it' : ''}?
        <button type="button" autoFocus onClick={() => del.remove(confirmDelete)} data-testid="confirm-delete">
          Delete
        </button>
        <button type="button" onClick={del.keep}>
          Keep
        </button>
      </div>
    );
  if (!lastDeleted) return null;
  return (
    <div className="undo-delete" role="status" data-testid="undo-notice">
      Deleted <b>{lastDeleted.path}</b>
      {deletedCountText(lastDeleted.contents)}.
      <button type="button" onClick={del.undo} data-testid="undo-delete" title="Undo the delete (Ctrl/Cmd+Z in the file tree)">
        Undo
      </button>
      <button type="button" className="icon-button" onClick={del.dismissUndo} aria-label="Dismiss" title="Dismiss">
        <Icon name="close" />
      </button>
    </div>
  );
}

/** Filters the tree by name or path; ↓ goes from here to the first row. */
export function TreeFilter({ state }: { state: FileTreeState }) {
  const { filter, setFilter, visible } = state.view;
  return (
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
          state.focus.moveFocus(visible[0].node.path);
        }
      }}
    />
  );
}
