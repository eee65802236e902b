// The IDE's inline completions: the Monaco adapter (monaco-adapter.ts, the
// one the @router-ide/monaco package exports) over the IDE's engine, with the
// hooks of the completion feature (completion-feature.ts: the engine once
// ready, the per-language switch, the editor settings followed from the
// config store, the stats and the badge), and the editor's models mirrored to
// the syntax worker.
import { DocumentSync, type SyncedModel } from '../../syntax/document-sync';
import type { SyntaxDocumentsApi } from '../../syntax/live-documents';
import { monaco } from '../../editor/monaco';
import { registerCompletionKeys } from '../../editor/keys';
import { TYPES_CHECK_SCHEME } from '../../editor/typescript-worker';
import { WARM_UP_SCHEME } from './ghost-text-warm-up';
import type { CompletionSource } from '../common/completion-controller';
import { registerMonacoAdapter, type MonacoAdapterOptions, type MonacoInlineCompletions } from './monaco-adapter';
import type { CompletionResult } from '../common/pipeline';

export { startInlineCompletionsNow } from './monaco-adapter';

export interface EditorCompletionSource extends CompletionSource {
  /** Where editor models are mirrored so completions are checked incrementally (optional). */
  syntaxDocuments?: SyntaxDocumentsApi;
}

export interface InlineCompletionHooks extends Omit<MonacoAdapterOptions<CompletionResult>, 'source' | 'selector' | 'skip'> {
  source: () => EditorCompletionSource | undefined;
  /** Calls `fn` whenever `enabled`'s answers may have changed (the per-language switch moved); returns the unsubscribe. */
  onEnabledChange?: (fn: () => void) => () => void;
}

// The types check's hidden models and the hidden editor that warms the ghost text up are no documents of the
// user's: no suggestion is asked for them, and the syntax worker never mirrors them.
const HIDDEN_SCHEMES: ReadonlySet<string> = new Set([TYPES_CHECK_SCHEME, WARM_UP_SCHEME]);

function isUserDocument(model: monaco.editor.ITextModel): boolean {
  return !HIDDEN_SCHEMES.has(model.uri.scheme);
}

export function registerInlineCompletions(hooks: InlineCompletionHooks): MonacoInlineCompletions {
  const adapter = registerMonacoAdapter(monaco, { ...hooks, skip: (model) => !isUserDocument(model) });
  const mirror = mirrorModels(hooks);
  return {
    ...adapter,
    dispose: () => {
      adapter.dispose();
      mirror.dispose();
    },
  };
}

/** The completion keys on one of the IDE's editors (src/editor/keys.ts, over the IDE's Monaco). */
export function registerEditorKeys(editor: monaco.editor.IStandaloneCodeEditor, onCycled: () => void): monaco.IDisposable {
  return registerCompletionKeys(monaco, editor, onCycled);
}

/**
 * Keep the syntax worker's copy of every model whose language has completions on in step with the editor
 * (src/syntax/document-sync.ts); a switch moved opens or closes the copies it concerns.
 */
function mirrorModels(hooks: Pick<InlineCompletionHooks, 'source' | 'languageOf' | 'enabled' | 'onEnabledChange'>): monaco.IDisposable {
  const sync = new DocumentSync(
    () => hooks.source()?.syntaxDocuments,
    (model) => hooks.enabled?.(model.language()) ?? true,
  );
  const synced = new Map<string, SyncedModel>();
  const subs: monaco.IDisposable[] = [];
  const watch = (model: monaco.editor.ITextModel) => {
    if (!isUserDocument(model)) return;
    const mirrored: SyncedModel = {
      uri: model.uri.toString(),
      language: () => hooks.languageOf(model),
      version: () => model.getVersionId(),
      text: () => model.getValue(),
      length: () => model.getValueLength(),
    };
    synced.set(mirrored.uri, mirrored);
    sync.opened(mirrored);
    subs.push(model.onDidChangeContent((e) => sync.changed(mirrored, e.versionId, e.changes)));
    // A renamed file keeps its model; a new extension means a new grammar for the worker's copy.
    subs.push(model.onDidChangeLanguage(() => sync.opened(mirrored)));
    subs.push(
      model.onWillDispose(() => {
        synced.delete(mirrored.uri);
        sync.closed(mirrored.uri);
      }),
    );
  };
  monaco.editor.getModels().forEach(watch);
  subs.push(monaco.editor.onDidCreateModel(watch));
  const unfollow = hooks.onEnabledChange?.(() => synced.forEach((m) => sync.followWanted(m)));
  return {
    dispose: () => {
      unfollow?.();
      subs.forEach((d) => d.dispose());
    },
  };
}
