// @router-ide/monaco: the completion engine's suggestions as Monaco's inline
// completions. Typing asks the engine after a pause (Monaco cancels the
// request on the next keystroke, and the engine's work stops with it); the
// keys are Monaco's own: Tab accepts, Escape dismisses, Ctrl+Right (Cmd+Right
// on macOS) accepts the next word. The engine is told what became of each
// suggestion, and the host's badge hook gets the provenance of the one on
// screen. The host passes its own `monaco` namespace, so the package never
// bundles or pins an editor of its own. docs/embedding.md has the rest.
import type * as Monaco from 'monaco-editor';
import type { Engine, Provenance, Suggestion } from '@router-ide/completion-engine';

type MonacoApi = typeof Monaco;
type Model = Monaco.editor.ITextModel;

export interface MonacoCompletionOptions {
  engine: Engine;
  /** The language id the engine's checks know; default: the model's Monaco language id. */
  language?: (model: Model) => string;
  /** The document's path (never-send rules and the ledger read it); default: the model's URI path. */
  file?: (model: Model) => string;
  /** Which models get suggestions (Monaco's language selector; default every language). */
  selector?: Monaco.languages.LanguageSelector;
  /** The pause after typing before the engine is asked, in ms (default 250); an explicit request does not wait. */
  debounceMs?: number;
  /** Called with the provenance of the suggestion put on screen, and with undefined once it is gone. */
  onBadge?: (provenance: Provenance | undefined, suggestion: Suggestion | undefined) => void;
  /** A request failed (not a cancellation): the model did not load, a worker failed ... */
  onError?: (error: unknown) => void;
}

/** Resolves true after `ms`, false as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const t = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve(true);
    }, ms);
    const stop = () => {
      clearTimeout(t);
      resolve(false);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** Registers the provider; dispose the result to remove it. */
export function registerInlineCompletions(monaco: MonacoApi, options: MonacoCompletionOptions): Monaco.IDisposable {
  const { engine } = options;
  const debounceMs = options.debounceMs ?? 250;
  const languageOf = options.language ?? ((m: Model) => m.getLanguageId());
  const fileOf = options.file ?? ((m: Model) => m.uri.path.replace(/^\//, '') || 'untitled');
  /** Each item Monaco holds, and the suggestion it shows. */
  const suggestionOf = new WeakMap<object, Suggestion>();
  const shown = new WeakSet<Suggestion>();
  const taken = new WeakSet<Suggestion>();

  const provider: Monaco.languages.InlineCompletionsProvider = {
    async provideInlineCompletions(model, position, context, token) {
      const ac = new AbortController();
      const sub = token.onCancellationRequested(() => ac.abort());
      if (token.isCancellationRequested) ac.abort();
      try {
        const explicit = context.triggerKind === monaco.languages.InlineCompletionTriggerKind.Explicit;
        if (!explicit && !(await pause(debounceMs, ac.signal))) return { items: [] };
        const input = { text: model.getValue(), cursor: model.getOffsetAt(position), language: languageOf(model), file: fileOf(model) };
        const items: Monaco.languages.InlineCompletion[] = [];
        for await (const s of engine.complete(input, { signal: ac.signal })) {
          const range = monaco.Range.fromPositions(model.getPositionAt(s.edit.from), model.getPositionAt(s.edit.to));
          const item = { insertText: s.edit.text, range };
          suggestionOf.set(item, s);
          items.push(item);
        }
        return { items };
      } catch (e) {
        if (!ac.signal.aborted) options.onError?.(e);
        return { items: [] };
      } finally {
        sub.dispose();
      }
    },
    handleItemDidShow(_completions, item) {
      const s = suggestionOf.get(item);
      if (!s) return;
      options.onBadge?.(s.provenance, s);
      if (shown.has(s)) return;
      shown.add(s);
      engine.shown(s);
    },
    handlePartialAccept(_completions, item, acceptedCharacters) {
      const s = suggestionOf.get(item);
      if (!s) return;
      taken.add(s);
      engine.partlyAccepted(s, s.edit.text.slice(0, acceptedCharacters));
    },
    handleEndOfLifetime(_completions, item, reason) {
      const s = suggestionOf.get(item);
      if (!s) return;
      if (reason.kind === monaco.languages.InlineCompletionEndOfLifeReasonKind.Accepted) {
        taken.add(s);
        engine.accepted(s);
      } else if (shown.has(s) && !taken.has(s)) {
        engine.rejected(s);
        taken.add(s); // told once
      }
      options.onBadge?.(undefined, undefined);
    },
    disposeInlineCompletions() {},
  };
  return monaco.languages.registerInlineCompletionsProvider(options.selector ?? '*', provider);
}
