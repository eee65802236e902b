// Main-thread side of the live documents: turns an editor's model events
// into openDocument / applyEdits / closeDocument calls on the syntax worker,
// and reopens a document from the editor's current text whenever the worker
// says its copy no longer follows (a change event was missed because the
// engine was not ready yet, or an edit did not fit). Editor-agnostic: the
// Monaco wiring is a few lines in src/completion/browser/inline-completions.ts.
//
// Only the documents that can get a suggestion unasked are mirrored (`wanted`:
// the language's completions are on). Keeping a copy costs the worker a
// reparse after every pause in typing, in a 5 MB file a core for a while,
// and a document whose language is switched off would pay it for nothing; an
// explicit request there (Alt+\) is checked on the request's own text.
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
  /** The documents whose copy was sent to the worker the target gave then, and not closed since. */
  private readonly held = new Set<string>();

  constructor(
    private readonly target: () => SyntaxDocumentsApi | undefined,
    /** Whether `model` is mirrored now (default: every model); `followWanted` acts on a change of the answer. */
    private readonly wanted: (model: SyncedModel) => boolean = () => true,
  ) {}

  opened(model: SyncedModel): void {
    if (!this.wanted(model)) return this.closed(model.uri);
    const api = this.target();
    if (!api) return;
    this.held.add(model.uri);
    void api.openDocument(model.uri, model.language(), model.text(), model.version()).catch(() => {});
  }

  /** One change event: its version and its changes, in the order the editor gives them. */
  changed(model: SyncedModel, version: number, edits: readonly TextEdit[]): void {
    const api = this.target();
    if (!api) return;
    // Not wanted now, or not sent yet (the engine was not ready, the switch was off): the copy follows `wanted` here too.
    if (!this.wanted(model) || !this.held.has(model.uri)) return this.followWanted(model);
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

  /** `wanted` may have changed its answer for `model` (the language's switch moved): open or close its copy to match. */
  followWanted(model: SyncedModel): void {
    if (this.wanted(model) !== this.held.has(model.uri)) this.opened(model);
  }

  closed(uri: string): void {
    if (!this.held.delete(uri)) return;
    void this.target()
      ?.closeDocument(uri)
      .catch(() => {});
  }
}
