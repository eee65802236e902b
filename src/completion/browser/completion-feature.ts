// The editor's completions, composed once per app: everything a keystroke's
// request passes through between Monaco and the engine, with no component
// in between. The app's shell builds it once (src/app/hooks/use-app-shell.ts)
// from the config store, the editor's models, the languages switched off, and
// where results are reported; the engine hook hands it the engine once the model is ready
// (setEngine). The first editor to `attach` registers the inline completions
// (inline-completions.ts: the Monaco adapter and its one completion
// controller, with the controller's result cache, accept prediction and
// typing pace) over this feature's hooks; later editors share that
// registration, since Monaco asks every registered provider for every editor.
// The engine behind them owns the prompt, the workspace context and the
// pipeline (src/completion/browser/completion-engine.ts).
import type * as Monaco from 'monaco-editor';
import type { ConfigStore } from '../../config/store';
import { languageFromFileName } from '../../languages/registry';
import type { CompletionControllerHooks } from '../common/completion-controller';
import { followEditorSettings, type EditorSettingReaders, type FollowedEditorSettings } from './completion-settings';
import type { EditorCompletionSource, InlineCompletionHooks } from './inline-completions';
import type { MonacoInlineCompletions } from './monaco-adapter';

/** What the app is told of each request and suggestion (src/app/completion-reports.ts: the completion store and the stats). */
export type CompletionReportHooks = Required<
  Pick<CompletionControllerHooks, 'onResult' | 'onError' | 'onPending' | 'onShown' | 'onAccepted' | 'onAlternative' | 'onPrediction'>
>;

/** A value read when a request asks for it (the app's Store fits). */
export interface Readable<T> {
  get(): T;
}

/** How an editor's models are named in the workspace (the app's ModelRegistry). */
export interface EditorDocuments {
  pathOf(model: Monaco.editor.ITextModel): string;
}

export interface CompletionFeatureDeps {
  /** The app's config store: its editor settings are followed for the feature's lifetime. */
  config: ConfigStore;
  /** The editor's models as workspace files: a request names its file from here. */
  documents: EditorDocuments;
  /** The languages completions are switched off for: read on each keystroke. */
  completionsOff: Readable<readonly string[]>;
  reports: CompletionReportHooks;
  /** Registers the inline completions with Monaco (inline-completions.ts' registerInlineCompletions; Node tests pass their own). */
  register: (hooks: InlineCompletionHooks) => MonacoInlineCompletions;
}

export class CompletionFeature {
  private engine: EditorCompletionSource | undefined;
  private readonly settings: FollowedEditorSettings;
  /** The one registration every editor shares, made when the first editor attaches. */
  private registration: MonacoInlineCompletions | undefined;

  constructor(private readonly deps: CompletionFeatureDeps) {
    this.settings = followEditorSettings(deps.config);
  }

  /** The engine whose model is ready, or undefined while none is (loading, failed, gone): until then no request is made. */
  setEngine(engine: EditorCompletionSource | undefined): void {
    this.engine = engine;
  }

  /** The engine a request goes to now. */
  source(): EditorCompletionSource | undefined {
    return this.engine;
  }

  /** Completions on for `language` (the per-language switch). */
  enabled(language: string): boolean {
    return !this.deps.completionsOff.get().includes(language);
  }

  /** The hooks an editor's completion controller calls. */
  hooks(): InlineCompletionHooks {
    const settings: EditorSettingReaders = this.settings.readers;
    const { documents } = this.deps;
    return {
      ...this.deps.reports,
      ...settings,
      source: () => this.source(),
      enabled: (language) => this.enabled(language),
      fileOf: (model) => documents.pathOf(model),
      languageOf: (model) => languageFromFileName(documents.pathOf(model)) ?? model.getLanguageId(),
    };
  }

  /**
   * Inline completions for an editor. Every editor shares the feature's one
   * registration (one controller: one cache, one prediction, one typing pace);
   * an editor's `dispose` lets go of its handle, and the registration lives
   * until the feature's.
   */
  attach(): MonacoInlineCompletions {
    const registration = (this.registration ??= this.deps.register(this.hooks()));
    return { ...registration, dispose: () => undefined };
  }

  /** Stops following the config and takes the registration down. */
  dispose(): void {
    this.settings.dispose();
    this.registration?.dispose();
    this.registration = undefined;
    this.engine = undefined;
  }
}
