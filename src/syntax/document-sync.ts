// Main-thread side of the live documents: turns an editor's model events
// into openDocument / applyEdits / closeDocument calls on the syntax worker,
// and reopens a document from the editor's current text whenever the worker
// says its copy no longer follows (a change event was missed because the
// engine was not ready yet, or an edit did not fit). Editor-agnostic: the
// Monaco wiring is a few lines in src/completion/browser/inline-completions.ts.
import type { TextEdit } from './text-edits';
import type { SyntaxDocumentsApi } from './live-documents';

/** What the sync needs to know of an editor model. */
export interface SyncedModel {
  uri: string;
  language(): string;
  version(): number;
  text(): string;
  length(): number;
}

export class DocumentSync {
  constructor(private readonly target: () => SyntaxDocumentsApi | undefined) {}

  opened(model: SyncedModel): void {
    const api = this.target();
    if (api) void api.openDocument(model.uri, model.language(), model.text(), model.version()).catch(() => {});
  }

  /** One change event: its version and its changes, in the order the editor gives them. */
  changed(model: SyncedModel, version: number, edits: readonly TextEdit[]): void {
    const api = this.target();
    if (!api) return;
    // Plain objects: a Monaco change carries a Range instance comlink would clone with its methods stripped anyway.
    const plain = edits.map(({ rangeOffset, rangeLength, text, range }) => ({
      rangeOffset,
      rangeLength,
      text,
      range: range && {
        startLineNumber: range.startLineNumber,
        startColumn: range.startColumn,
        endLineNumber: range.endLineNumber,
        endColumn: range.endColumn,
      },
    }));
    const length = version === model.version() ? model.length() : undefined;
    void api
      .applyEdits(model.uri, version, plain, length)
      .then((ok) => (ok ? undefined : this.opened(model)))
      .catch(() => {});
  }

  closed(uri: string): void {
    void this.target()
      ?.closeDocument(uri)
      .catch(() => {});
  }
}
