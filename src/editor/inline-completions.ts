// Monaco glue: Monaco's inline-completions provider calls, turned into the
// controller's (completion-controller.ts: the wait, the read-ahead,
// cancellation, caching, typing through a suggestion, predictions and
// alternatives), and the editor's models mirrored to the syntax worker.
import { DocumentSync } from '../syntax/document-sync';
import type { SyntaxDocumentsApi } from '../syntax/live-documents';
import type { WindowDocument } from '../completion/text-window';
import { monaco } from './monaco';
import { TYPES_CHECK_SCHEME } from './typescript-worker';
import { WARM_UP_SCHEME } from './ghost-text-warm-up';
import type { PredictionStats } from './accept-prediction';
import {
  CompletionController,
  type CompletionControllerHooks,
  type CompletionDocument,
  type CompletionSource,
} from './completion-controller';

interface EditorCompletionSource extends CompletionSource {
  /** Where editor models are mirrored so completions are checked incrementally (optional). */
  syntaxDocuments?: SyntaxDocumentsApi;
}

export interface InlineCompletionHooks extends CompletionControllerHooks {
  source: () => EditorCompletionSource | undefined;
  fileOf: (model: monaco.editor.ITextModel) => string;
  /** The validator's language id (a .tsx file is `typescript` to Monaco but `tsx` to the validator). */
  languageOf: (model: monaco.editor.ITextModel) => string;
}

interface InlineCompletions {
  dispose(): void;
  clearCache(): void;
  /** What the ready-on-accept predictions started, served and cost. */
  predictionStats(): PredictionStats;
  /** Alt+] / Alt+[ moved to another alternative in `editor`: the badge, typing through and the prediction follow it. */
  cycled(editor: monaco.editor.ICodeEditor): void;
}

// The types check's hidden models and the hidden editor that warms the ghost text up are no documents of the
// user's: no suggestion is asked for them, and the syntax worker never mirrors them.
const HIDDEN_SCHEMES: ReadonlySet<string> = new Set([TYPES_CHECK_SCHEME, WARM_UP_SCHEME]);

function isUserDocument(model: monaco.editor.ITextModel): boolean {
  return !HIDDEN_SCHEMES.has(model.uri.scheme);
}

export function registerInlineCompletions(hooks: InlineCompletionHooks): InlineCompletions {
  const controller = new CompletionController<monaco.Range>(hooks);
  const provider: monaco.languages.InlineCompletionsProvider = {
    async provideInlineCompletions(model, position, context, token) {
      if (!isUserDocument(model)) return { items: [] };
      const explicit = context.triggerKind === monaco.languages.InlineCompletionTriggerKind.Explicit;
      const here = new monaco.Range(position.lineNumber, position.column, position.lineNumber, position.column);
      // Typing cancels the token: the controller reads it as an abort signal.
      const typed = new AbortController();
      const sub = token.onCancellationRequested(() => typed.abort());
      if (token.isCancellationRequested) typed.abort();
      try {
        return { items: await controller.provide(documentOf(model, position, hooks), here, explicit, typed.signal) };
      } finally {
        sub.dispose();
      }
    },
    handleItemDidShow: (_c, item) => controller.didShow(item),
    handlePartialAccept: (_c, item) => controller.partiallyAccepted(item),
    handleEndOfLifetime: (_c, item, reason) =>
      controller.ended(item, reason.kind === monaco.languages.InlineCompletionEndOfLifeReasonKind.Accepted),
    disposeInlineCompletions() {},
  };
  const reg = monaco.languages.registerInlineCompletionsProvider('*', provider);
  const mirror = mirrorModels(hooks);
  return {
    dispose: () => {
      controller.dispose();
      reg.dispose();
      mirror.dispose();
    },
    clearCache: () => controller.clearCache(),
    predictionStats: () => controller.predictionStats(),
    cycled: (editor) => {
      const item = shownItemOf(editor);
      if (item) controller.cycledTo(item);
    },
  };
}

/** A Monaco model and the cursor, as the controller reads a document. */
function documentOf(model: monaco.editor.ITextModel, position: monaco.Position, hooks: InlineCompletionHooks): CompletionDocument {
  return {
    id: model.uri.toString(),
    text: windowDocumentOf(model),
    cursor: model.getOffsetAt(position),
    file: () => hooks.fileOf(model),
    language: () => hooks.languageOf(model),
    version: () => model.getVersionId(),
  };
}

/**
 * The provider's item Monaco shows now. Monaco tells a provider when an item
 * is first shown, not when cycling comes back to one, so after Alt+] / Alt+[
 * this asks the inline-completions controller (not public API: undefined where
 * its shape differs, and the badge then keeps the last one it was told).
 */
function shownItemOf(editor: monaco.editor.ICodeEditor): object | undefined {
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
function windowDocumentOf(model: monaco.editor.ITextModel): WindowDocument {
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
export function startInlineCompletionsNow(editor: monaco.editor.ICodeEditor): void {
  editor.getContribution('editor.contrib.inlineCompletionsController');
}

/** Keep the syntax worker's copy of every model in step with the editor (src/syntax/document-sync.ts). */
function mirrorModels(hooks: InlineCompletionHooks): monaco.IDisposable {
  const sync = new DocumentSync(() => hooks.source()?.syntaxDocuments);
  const subs: monaco.IDisposable[] = [];
  const watch = (model: monaco.editor.ITextModel) => {
    if (!isUserDocument(model)) return;
    const synced = {
      uri: model.uri.toString(),
      language: () => hooks.languageOf(model),
      version: () => model.getVersionId(),
      text: () => model.getValue(),
      length: () => model.getValueLength(),
    };
    sync.opened(synced);
    subs.push(model.onDidChangeContent((e) => sync.changed(synced, e.versionId, e.changes)));
    // A renamed file keeps its model; a new extension means a new grammar for the worker's copy.
    subs.push(model.onDidChangeLanguage(() => sync.opened(synced)));
    subs.push(model.onWillDispose(() => sync.closed(synced.uri)));
  };
  monaco.editor.getModels().forEach(watch);
  subs.push(monaco.editor.onDidCreateModel(watch));
  return { dispose: () => subs.forEach((d) => d.dispose()) };
}
