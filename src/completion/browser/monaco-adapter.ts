// The Monaco adapter: Monaco's inline-completions provider over the
// completion controller (completion-controller.ts: the wait, the read-ahead,
// cancellation, caching, typing through a suggestion, predictions and
// alternatives). The IDE runs it (inline-completions.ts) and the
// @router-ide/monaco package exports it over the engine package's API
// (packages/monaco): one path from Monaco's calls to the engine's.
//
// It takes the host's `monaco` namespace and imports only Monaco's types, so
// the package bundles no editor of its own and the IDE passes the one it
// configured (src/editor/monaco.ts).
import type * as Monaco from 'monaco-editor';
import type { WindowDocument } from '../common/text-window';
import type { PredictionStats } from '../common/accept-prediction';
import {
  CompletionController,
  type CompletionControllerHooks,
  type CompletionDocument,
  type ControllerResult,
} from '../common/completion-controller';

/** What the adapter uses of the host's namespace (the whole `monaco` of editor.api or of the full package fits). */
type MonacoApi = Pick<typeof Monaco, 'languages' | 'Range' | 'editor'>;
type Model = Monaco.editor.ITextModel;

export interface MonacoAdapterOptions<R extends ControllerResult> extends CompletionControllerHooks<R> {
  /** The document's path (the cache key, never-send rules and the ledger read it). */
  fileOf: (model: Model) => string;
  /** The language id the engine's checks know (a .tsx file is `typescript` to Monaco but `tsx` to the validator). */
  languageOf: (model: Model) => string;
  /** Which models get suggestions (Monaco's language selector; default every language). */
  selector?: Monaco.languages.LanguageSelector;
  /** Models that are no document of the user's (hidden helpers): never asked for. */
  skip?: (model: Model) => boolean;
  /** Where R is not the pipeline's CompletionResult: the suggestions to offer for one result, the router's choice first. */
  alternatives?: (result: R, secondBest?: R) => readonly R[];
  /** Reuse a result for an identical request (default on). */
  reuseResults?: boolean;
}

export interface MonacoInlineCompletions extends Monaco.IDisposable {
  clearCache(): void;
  /** What the ready-on-accept predictions started, served and cost. */
  predictionStats(): PredictionStats;
  /** Alt+] / Alt+[ moved to another alternative in `editor`: the badge, typing through and the prediction follow it. */
  cycled(editor: Monaco.editor.ICodeEditor): void;
}

/** Registers the provider with `monaco`; dispose the result to remove it. */
export function registerMonacoAdapter<R extends ControllerResult>(
  monaco: MonacoApi,
  options: MonacoAdapterOptions<R>,
): MonacoInlineCompletions {
  const controller = new CompletionController<Monaco.Range, R>(options, {
    ...(options.alternatives && { alternatives: options.alternatives }),
    ...(options.reuseResults !== undefined && { reuseResults: options.reuseResults }),
  });
  const provider: Monaco.languages.InlineCompletionsProvider = {
    async provideInlineCompletions(model, position, context, token) {
      if (options.skip?.(model) || !drawnAt(monaco, model, position)) return { items: [] };
      const explicit = context.triggerKind === monaco.languages.InlineCompletionTriggerKind.Explicit;
      const here = new monaco.Range(position.lineNumber, position.column, position.lineNumber, position.column);
      // Typing cancels the token: the controller reads it as an abort signal.
      const typed = new AbortController();
      const sub = token.onCancellationRequested(() => typed.abort());
      if (token.isCancellationRequested) typed.abort();
      try {
        return { items: await controller.provide(documentOf(monaco, model, position, options), here, explicit, typed.signal) };
      } finally {
        sub.dispose();
      }
    },
    handleItemDidShow: (_c, item) => controller.didShow(item),
    handlePartialAccept: (_c, item, acceptedCharacters) => controller.partiallyAccepted(item, acceptedCharacters),
    handleEndOfLifetime: (_c, item, reason) =>
      controller.ended(item, reason.kind === monaco.languages.InlineCompletionEndOfLifeReasonKind.Accepted),
    disposeInlineCompletions() {},
  };
  const reg = monaco.languages.registerInlineCompletionsProvider(options.selector ?? '*', provider);
  const keys = watchKeys(
    monaco,
    (model) => options.skip?.(model) ?? false,
    () => controller.keyTyped(),
  );
  return {
    dispose: () => {
      keys.dispose();
      controller.dispose();
      reg.dispose();
    },
    clearCache: () => controller.clearCache(),
    predictionStats: () => controller.predictionStats(),
    cycled: (editor) => {
      const item = shownItemOf(editor);
      if (item) controller.cycledTo(item);
    },
  };
}

/**
 * Calls `typed` once for every edit to a model not skipped, made in any editor, now and to come: the typing
 * pace's keys. Monaco asks the provider only after a short wait of its own, so its calls miss a fast typist's keys.
 * Replacing the whole text (opening, reloading a file) is no key.
 */
function watchKeys(monaco: MonacoApi, skip: (model: Model) => boolean, typed: () => void): Monaco.IDisposable {
  const watched = new Map<Monaco.editor.ICodeEditor, Monaco.IDisposable[]>();
  // A model shown in two editors tells each edit twice: one key.
  const told = new WeakMap<Model, number>();
  const watch = (ed: Monaco.editor.ICodeEditor) => {
    if (watched.has(ed)) return;
    const subs = [
      ed.onDidChangeModelContent((e) => {
        const model = ed.getModel();
        if (e.isFlush || !model || skip(model) || told.get(model) === e.versionId) return;
        told.set(model, e.versionId);
        typed();
      }),
      ed.onDidDispose(() => unwatch(ed)),
    ];
    watched.set(ed, subs);
  };
  const unwatch = (ed: Monaco.editor.ICodeEditor) => {
    watched.get(ed)?.forEach((d) => d.dispose());
    watched.delete(ed);
  };
  monaco.editor.getEditors().forEach(watch);
  const created = monaco.editor.onDidCreateEditor(watch);
  return {
    dispose: () => {
      created.dispose();
      [...watched.keys()].forEach(unwatch);
    },
  };
}

/**
 * Whether the editors showing `model` draw its line as far as `position`.
 * Monaco stops drawing a line after `stopRenderingLineAfter` characters (a
 * minified bundle): a suggestion past that point would be invisible, yet Tab
 * would insert it, so none is asked for there, and the model does no work that
 * nobody can see. A model no editor shows yet is taken as drawn.
 */
function drawnAt(monaco: MonacoApi, model: Model, position: Monaco.Position): boolean {
  let limit: number | undefined;
  for (const ed of monaco.editor.getEditors()) {
    if (ed.getModel() !== model) continue;
    const stopsAfter = ed.getOption(monaco.editor.EditorOption.stopRenderingLineAfter);
    if (stopsAfter < 0) return true;
    limit = Math.max(limit ?? 0, stopsAfter);
  }
  return limit === undefined || position.column - 1 < limit;
}

/** A Monaco model and the cursor, as the controller reads a document. */
function documentOf<R extends ControllerResult>(
  monaco: MonacoApi,
  model: Model,
  position: Monaco.Position,
  options: MonacoAdapterOptions<R>,
): CompletionDocument {
  return {
    id: model.uri.toString(),
    text: windowDocumentOf(monaco, model),
    cursor: model.getOffsetAt(position),
    file: () => options.fileOf(model),
    language: () => options.languageOf(model),
    version: () => model.getVersionId(),
  };
}

/**
 * The provider's item Monaco shows now. Monaco tells a provider when an item
 * is first shown, not when cycling comes back to one, so after Alt+] / Alt+[
 * this asks the inline-completions controller (not public API: undefined where
 * its shape differs, and the badge then keeps the last one it was told).
 */
function shownItemOf(editor: Monaco.editor.ICodeEditor): object | undefined {
  type Controller = {
    model?: { get(): { selectedInlineCompletion?: { get(): { getSourceCompletion?(): object } | undefined } } | undefined };
  };
  const controller = editor.getContribution('editor.contrib.inlineCompletionsController') as unknown as Controller | null;
  try {
    return controller?.model?.get()?.selectedInlineCompletion?.get()?.getSourceCompletion?.();
  } catch {
    return undefined;
  }
}

/** The window's view of a Monaco model: offsets and lines, read without copying the whole text. */
function windowDocumentOf(monaco: MonacoApi, model: Model): WindowDocument {
  const lineOf = (offset: number) => model.getPositionAt(offset).lineNumber;
  return {
    length: model.getValueLength(),
    lineAt: (offset) => {
      const line = lineOf(offset);
      return { line: line - 1, start: model.getOffsetAt({ lineNumber: line, column: 1 }) };
    },
    lineEndAt: (offset) => {
      const line = lineOf(offset);
      return model.getOffsetAt({ lineNumber: line, column: model.getLineMaxColumn(line) });
    },
    read: (start, end) => model.getValueInRange(monaco.Range.fromPositions(model.getPositionAt(start), model.getPositionAt(end))),
  };
}

/**
 * Monaco makes an editor's inline-completions controller only once the browser
 * is idle ("eventually"): keys typed into a new editor before then never ask
 * for a completion (a diff opened and typed into at once, or under load). Call
 * on every editor that shows suggestions, right after creating it.
 */
export function startInlineCompletionsNow(editor: Monaco.editor.ICodeEditor): void {
  editor.getContribution('editor.contrib.inlineCompletionsController');
}
