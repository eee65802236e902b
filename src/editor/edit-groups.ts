// An edit made to several files at once (Replace all across files) is undone
// and redone as one, as VS Code does: Ctrl/Cmd+Z in any of its files takes
// the whole replacement back from every file. Each file keeps the edit in its
// own model's undo history, so the group is only a record of which models
// took part and the version each was left at; a file edited since then has a
// newer version and is left as it is (counted as skipped), never overwritten.

/** What the group needs of a Monaco text model (ITextModel has it). */
export interface UndoableModel {
  getAlternativeVersionId(): number;
  undo(): void | Promise<void>;
  redo(): void | Promise<void>;
  isDisposed(): boolean;
}

interface Member {
  model: UndoableModel;
  /** The model's version with the group's edit in it. */
  done: number;
  /** The model's version before the edit (known once the group was undone). */
  undone?: number;
}

export interface GroupOutcome {
  /** Files whose part of the group was undone (or redone). */
  changed: number;
  /** Files changed since, left as they are. */
  skipped: number;
}

export class EditGroups {
  private last: { members: Member[]; state: 'done' | 'undone' } | undefined;

  /** Records the models that just took one edit together (each at its version right after it). */
  record(models: readonly UndoableModel[]): void {
    this.last =
      models.length > 1 ? { members: models.map((model) => ({ model, done: model.getAlternativeVersionId() })), state: 'done' } : undefined;
  }

  /**
   * Undoes the last group in every file still as it left it, when `model`
   * (the file where the user pressed undo) is one of them and still as the
   * group left it; undefined otherwise (the editor's own undo applies).
   */
  undo(model: UndoableModel): GroupOutcome | undefined {
    const g = this.last;
    if (!g || g.state !== 'done' || !this.holds(model, (m) => m.done)) return undefined;
    let changed = 0;
    for (const m of g.members) {
      if (m.model.isDisposed() || m.model.getAlternativeVersionId() !== m.done) continue;
      void m.model.undo();
      m.undone = m.model.getAlternativeVersionId();
      changed++;
    }
    g.state = 'undone';
    return { changed, skipped: g.members.length - changed };
  }

  /** Redoes the group undone last, under the same conditions as `undo`. */
  redo(model: UndoableModel): GroupOutcome | undefined {
    const g = this.last;
    if (!g || g.state !== 'undone' || !this.holds(model, (m) => m.undone)) return undefined;
    let changed = 0;
    for (const m of g.members) {
      if (m.undone === undefined || m.model.isDisposed() || m.model.getAlternativeVersionId() !== m.undone) continue;
      void m.model.redo();
      m.done = m.model.getAlternativeVersionId();
      changed++;
    }
    g.state = 'done';
    return { changed, skipped: g.members.length - changed };
  }

  private holds(model: UndoableModel, version: (m: Member) => number | undefined): boolean {
    const m = this.last?.members.find((x) => x.model === model);
    return !!m && version(m) === model.getAlternativeVersionId();
  }
}
