// @router-ide/monaco: the completion engine's suggestions as Monaco's inline
// completions. Typing asks the engine after a pause (the model reads the
// prompt ahead during it; Monaco cancels the request on the next keystroke,
// and the engine's work stops with it); the keys are Monaco's own: Tab
// accepts, Escape dismisses, Ctrl+Right (Cmd+Right on macOS) accepts the next
// word. The engine is told what became of each suggestion, and the host's
// badge hook gets the provenance of the one on screen. The host passes its
// own `monaco` namespace, so the package never bundles or pins an editor of
// its own.
//
// The provider is the IDE's own Monaco adapter (src/completion/browser/monaco-adapter.ts),
// here over the engine package's public API: one path, no second copy.
// docs/embedding.md has the rest.
import type * as Monaco from 'monaco-editor';
import type { CompletionInput, Engine, Provenance, Suggestion } from '@router-ide/completion-engine';
import type { EngineRequest } from '../../../src/completion/common/pipeline';
import type { CompletionSource } from '../../../src/completion/common/completion-controller';
import { registerMonacoAdapter, type MonacoInlineCompletions } from '../../../src/completion/browser/monaco-adapter';

export { registerMonacoAdapter, startInlineCompletionsNow } from '../../../src/completion/browser/monaco-adapter';
export { registerCompletionKeys } from '../../../src/editor/keys';
export type { MonacoAdapterOptions, MonacoInlineCompletions } from '../../../src/completion/browser/monaco-adapter';

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
  onError?: (error: Error) => void;
}

/** One answer of the engine to a request, as the adapter's controller holds it, with the request's other answers. */
interface Answer {
  readonly text: string;
  readonly route: string;
  readonly suggestion?: Suggestion;
  /** Every answer of the request, the router's choice first (Alt+] / Alt+[ cycle them). */
  readonly all: readonly Answer[];
}

/** The controller's request as the engine's input: the window's text, the cursor between its two halves. */
function inputOf(req: EngineRequest): CompletionInput {
  return { text: req.prefix + req.suffix, cursor: req.prefix.length, language: req.language, file: req.file };
}

/** The engine as the adapter asks it: every suggestion of a request, the first one leading. */
function engineSource(engine: Engine): CompletionSource<Answer> {
  return {
    async complete(req, signal) {
      const all: Answer[] = [];
      for await (const s of engine.complete(inputOf(req), { signal })) {
        all.push({ text: s.edit.text, route: s.provenance.route, suggestion: s, all });
      }
      return all[0] ?? { text: '', route: 'local', all };
    },
    prefill: (req, signal) => engine.prefill(inputOf(req), { signal }),
  };
}

/** Registers the provider; dispose the result to remove it. */
export function registerInlineCompletions(monaco: typeof Monaco, options: MonacoCompletionOptions): MonacoInlineCompletions {
  const { engine } = options;
  const source = engineSource(engine);
  const told = new WeakSet<Suggestion>();
  /** The suggestion on screen now: the badge follows it, and the engine hears it was shown (once). */
  const onScreen = (r: Answer | undefined) => {
    const s = r?.suggestion;
    options.onBadge?.(s?.provenance, s);
    if (s && !told.has(s)) {
      told.add(s);
      engine.shown(s);
    }
  };
  return registerMonacoAdapter<Answer>(monaco, {
    source: () => source,
    fileOf: options.file ?? ((m: Model) => m.uri.path.replace(/^\//, '') || 'untitled'),
    languageOf: options.language ?? ((m: Model) => m.getLanguageId()),
    ...(options.selector !== undefined && { selector: options.selector }),
    debounceMs: () => options.debounceMs ?? 250,
    // A fixed pause, as documented; the IDE's pace-following wait is its own hook.
    adaptive: () => false,
    alternatives: (r) => (r.all.length ? r.all : [r]),
    // Each request asks the engine: every suggestion it names is shown once.
    reuseResults: false,
    onResult: () => {},
    onPending: () => {},
    onError: (message) => options.onError?.(new Error(message)),
    onScreen: onScreen,
    // Alt+] / Alt+[ (registerCompletionKeys) moved to another suggestion of the request.
    onAlternative: onScreen,
    onPartlyAccepted: (r, acceptedText) => r.suggestion && engine.partlyAccepted(r.suggestion, acceptedText),
    onTaken: (r) => r.suggestion && engine.accepted(r.suggestion),
    onRejected: (r) => r.suggestion && engine.rejected(r.suggestion),
  });
}
