import { describe, expect, it } from 'vitest';
import { EditGroups, type UndoableModel } from './edit-groups';

/** A text with an undo history, numbered the way Monaco numbers versions (an undo returns to the earlier number). */
class History implements UndoableModel {
  private versions: { text: string; id: number }[];
  private at = 0;
  private next = 2;
  disposed = false;
  constructor(text: string) {
    this.versions = [{ text, id: 1 }];
  }
  get text() {
    return this.versions[this.at].text;
  }
  edit(text: string) {
    this.versions = [...this.versions.slice(0, this.at + 1), { text, id: this.next++ }];
    this.at++;
  }
  getAlternativeVersionId() {
    return this.versions[this.at].id;
  }
  undo() {
    if (this.at > 0) this.at--;
  }
  redo() {
    if (this.at < this.versions.length - 1) this.at++;
  }
  isDisposed() {
    return this.disposed;
  }
}

function replaceAll(groups: EditGroups, files: History[]) {
  for (const f of files) f.edit(f.text.replaceAll('add', 'sum'));
  groups.record(files);
}

describe('EditGroups', () => {
  it('one undo in any file of the group takes the replacement back from every file, and one redo puts it back', () => {
    const groups = new EditGroups();
    const files = [new History('add(1)'), new History('x = add'), new History('# add')];
    replaceAll(groups, files);
    expect(groups.undo(files[1])).toEqual({ changed: 3, skipped: 0 });
    expect(files.map((f) => f.text)).toEqual(['add(1)', 'x = add', '# add']);
    expect(groups.undo(files[0])).toBeUndefined(); // already undone: the editor's own undo goes on from here
    expect(groups.redo(files[2])).toEqual({ changed: 3, skipped: 0 });
    expect(files.map((f) => f.text)).toEqual(['sum(1)', 'x = sum', '# sum']);
  });

  it('a file edited since the replacement keeps its edit, and an undo pressed there is its own', () => {
    const groups = new EditGroups();
    const files = [new History('add'), new History('add')];
    replaceAll(groups, files);
    files[0].edit('sum typed');
    expect(groups.undo(files[0])).toBeUndefined();
    expect(groups.undo(files[1])).toEqual({ changed: 1, skipped: 1 });
    expect(files.map((f) => f.text)).toEqual(['sum typed', 'add']);
  });

  it('a file outside the group, or a single file, undoes on its own', () => {
    const groups = new EditGroups();
    const other = new History('x');
    const one = new History('add');
    replaceAll(groups, [one]);
    expect(groups.undo(one)).toBeUndefined();
    replaceAll(groups, [new History('add'), new History('add')]);
    expect(groups.undo(other)).toBeUndefined();
  });

  it('a closed (disposed) file is skipped, never touched', () => {
    const groups = new EditGroups();
    const files = [new History('add'), new History('add')];
    replaceAll(groups, files);
    files[1].disposed = true;
    expect(groups.undo(files[0])).toEqual({ changed: 1, skipped: 1 });
  });
});
