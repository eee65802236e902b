// The editor's completions, composed once per app: the engine, and everything
// a keystroke's request passes through between Monaco and the engine, with no
// component in between. The app's shell builds it (src/app/hooks/use-app-shell.ts)
// from the config store, the ledger, the editor's models, the languages
// switched off and where results are reported, starts it once mounted
// (`start`) and disposes it with the app. Building it starts nothing; `start`
// builds the engine (src/completion/browser/completion-engine.ts: the prompt,
// the workspace context and the pipeline, over its workers), keeps it
// following the config store, attaches the types check and loads the model.
// The model's state and measured speed are stores the feature keeps
// (model-state.ts) and the app shows; requests go to the engine only while
// its model is ready. The first editor to `attach` registers the inline
// completions (inline-completions.ts: the Monaco adapter and its one
// completion controller, with the controller's result cache, accept
// prediction and typing pace) over this feature's hooks; later editors share
// that registration, since Monaco asks every registered provider for every
// editor.
import type * as Monaco from 'monaco-editor';
import type { ConfigStore } from '../../config/store';
import { languageFromFileName } from '../../languages/registry';
import { Store } from '../../platform/store';
import type { Ledger } from '../../privacy/ledger';
import type { TypesCheck } from '../../semantic/types-check';
import type { AppConfig } from '../../vocabulary/config';
import type { CompletionControllerHooks } from '../common/completion-controller';
import { noPredictions } from '../common/accept-prediction';
import { CompletionEngine } from './completion-engine';
import { followEditorSettings, type EditorSettingReaders, type FollowedEditorSettings } from './completion-settings';
import type { EditorCompletionSource, InlineCompletionHooks } from './inline-completions';
import { withTabs, type ModelPerf, type ModelState } from './model-state';
import type { MonacoInlineCompletions } from './monaco-adapter';

/** What the app is told of each request and suggestion (src/app/completion-reports.ts: the completion store and the stats). */
export type CompletionReportHooks = Required<
  Pick<CompletionControllerHooks, 'onResult' | 'onError' | 'onPending' | 'onShown' | 'onAccepted' | 'onAlternative' | 'onPrediction'>
>;

/** A value read when a request asks for it (the app's Store fits); `subscribe`, where given, tells of each change. */
export interface Readable<T> {
  get(): T;
  subscribe?(fn: () => void): () => void;
}

/** How an editor's models are named in the workspace (the app's ModelRegistry). */
export interface EditorDocuments {
  pathOf(model: Monaco.editor.ITextModel): string;
}

/**
 * What the feature asks of the engine it builds, and the app of the engine the feature owns
 * (CompletionEngine; Node tests pass a fake).
 */
export type FeatureEngine = EditorCompletionSource &
  Pick<
    CompletionEngine,
    'setConfig' | 'attachTypesCheck' | 'attachWorkspace' | 'fileOpened' | 'loadModel' | 'onSpeed' | 'onNotice' | 'onSharedTabs' | 'dispose'
  >;

/** Builds the feature's engine on `start`, for the config of that moment and the ledger its requests are written to. */
export type EngineFactory = (config: AppConfig, ledger: Ledger) => FeatureEngine;

const realEngine: EngineFactory = (config, ledger) => new CompletionEngine(config, ledger);

export interface CompletionFeatureDeps {
  /** The app's config store: the engine and the editor settings follow it for the feature's lifetime. */
  config: ConfigStore;
  /** Where the engine writes what leaves the machine. */
  ledger: Ledger;
  /** Builds the engine (the real CompletionEngine unless given: Node tests pass a fake). */
  createEngine?: EngineFactory;
  /**
   * The types check the engine attaches on `start` (the app gives Monaco's: src/editor/typescript-worker.ts'
   * monacoTypesCheck, which loads Monaco, so it is passed in rather than imported, and this file loads in Node).
   */
  typesCheck?: () => TypesCheck;
  /** The editor's models as workspace files: a request names its file from here. */
  documents: EditorDocuments;
  /** The languages completions are switched off for: read on each keystroke. */
  completionsOff: Readable<readonly string[]>;
  reports: CompletionReportHooks;
  /** Registers the inline completions with Monaco (inline-completions.ts' registerInlineCompletions; Node tests pass their own). */
  register: (hooks: InlineCompletionHooks) => MonacoInlineCompletions;
  /**
   * Adds the completion keys to an editor, `onCycled` told after Alt+] / Alt+[ (inline-completions.ts'
   * registerEditorKeys; Node tests pass their own or none).
   */
  keys?: (editor: Monaco.editor.IStandaloneCodeEditor, onCycled: () => void) => Monaco.IDisposable;
}

/** A disposed feature's handle for an editor: nothing registered, nothing to clear, nothing predicted. */
const INERT: Omit<MonacoInlineCompletions, 'dispose'> = {
  clearCache: () => undefined,
  predictionStats: noPredictions,
  cycled: () => undefined,
};

export class CompletionFeature {
  /** The model's state: loading (with each file's progress), ready (with its info and the tabs on a shared model), or failed. */
  readonly model: Store<ModelState>;
  /** The model's measured speed and the budgets chosen from it, measured again after every request. */
  readonly perf = new Store<ModelPerf | undefined>(undefined);
  private phase: 'built' | 'started' | 'disposed' = 'built';
  /** The engine built on `start`, until `dispose`. */
  private owned: FeatureEngine | undefined;
  /** The engine while its model is ready: requests go to it, and to none otherwise. */
  private ready: FeatureEngine | undefined;
  private unfollowConfig: (() => void) | undefined;
  /** The last count of tabs on the shared model: one that comes before the load's answer is not lost. */
  private sharedTabs: number | undefined;
  private readonly noticeListeners = new Set<(message: string) => void>();
  /** The editor settings followed from the config store, from the first editor's hooks on. */
  private settings: FollowedEditorSettings | undefined;
  /** The one registration every editor shares, made when the first editor attaches. */
  private registration: MonacoInlineCompletions | undefined;

  /** Starts nothing (no engine, no worker): React may build it twice and keep one. `start` does the work. */
  constructor(private readonly deps: CompletionFeatureDeps) {
    this.model = new Store<ModelState>({ status: 'loading', model: deps.config.get().model.id, files: {} });
  }

  /** Disposed: it takes no editor and starts no engine again; its owner builds a new one. */
  get disposed(): boolean {
    return this.phase === 'disposed';
  }

  /**
   * Builds the engine, keeps it following the config store, attaches the types check and loads the configured
   * model. Once: a second call does nothing, and a disposed feature throws rather than start again.
   */
  start(): void {
    if (this.phase === 'disposed') throw new Error('A disposed completion feature does not start again: build a new one.');
    if (this.phase === 'started') return;
    this.phase = 'started';
    const { config, ledger } = this.deps;
    const engine = (this.deps.createEngine ?? realEngine)(config.get(), ledger);
    this.owned = engine;
    // Every later change of the settings reaches the engine from the store.
    this.unfollowConfig = config.subscribe((next) => engine.setConfig(next));
    // The semantic check's types (Monaco's TypeScript worker starts when a TypeScript request first needs it).
    const types = this.deps.typesCheck?.();
    if (types) engine.attachTypesCheck(types);
    engine.onSpeed = (speed, budgets) => this.perf.set({ speed, budgets });
    engine.onNotice = (message, info) => {
      for (const fn of this.noticeListeners) fn(message);
      if (info) this.setModel({ status: 'ready', info });
    };
    engine.onSharedTabs = (tabs) => {
      this.sharedTabs = tabs;
      const state = this.model.get();
      if (state.status === 'ready') this.setModel({ ...state, info: withTabs(state.info, tabs) });
    };
    void this.loadModel(config.get().model);
  }

  /**
   * Loads `model` into the engine: loading until it answers, then ready or failed. Requests wait for it (`source`
   * is undefined) until it is ready. Nothing before `start` or after `dispose`.
   */
  async loadModel(model: AppConfig['model']): Promise<void> {
    const engine = this.owned;
    if (!engine) return;
    this.setModel({ status: 'loading', model: model.id, files: {} });
    try {
      const info = await engine.loadModel(model, (p) => {
        const state = this.model.get();
        if (state.status === 'loading') this.setModel({ ...state, files: { ...state.files, [p.file]: p } });
      });
      if (this.owned === engine) this.setModel({ status: 'ready', info: withTabs(info, this.sharedTabs) });
    } catch (e) {
      if (this.owned === engine) this.setModel({ status: 'error', model: model.id, message: (e as Error).message });
    }
  }

  /** Tells `fn` each notice of the engine's (a restarted worker, a changed device) until the returned function is called. */
  onNotice(fn: (message: string) => void): () => void {
    this.noticeListeners.add(fn);
    return () => {
      this.noticeListeners.delete(fn);
    };
  }

  /** The engine built on `start`, ready or not (the app attaches the workspace to it); undefined before and after. */
  engine(): FeatureEngine | undefined {
    return this.owned;
  }

  /** The engine a request goes to now: the feature's while its model is ready, none otherwise (loading, failed, gone). */
  source(): EditorCompletionSource | undefined {
    return this.ready;
  }

  /** Completions on for `language` (the per-language switch). */
  enabled(language: string): boolean {
    return !this.deps.completionsOff.get().includes(language);
  }

  /** The hooks an editor's completion controller calls. */
  hooks(): InlineCompletionHooks {
    const settings: EditorSettingReaders = this.followedSettings();
    const { documents } = this.deps;
    return {
      ...this.deps.reports,
      ...settings,
      source: () => this.source(),
      enabled: (language) => this.enabled(language),
      onEnabledChange: (fn) => this.deps.completionsOff.subscribe?.(fn) ?? (() => undefined),
      fileOf: (model) => documents.pathOf(model),
      languageOf: (model) => languageFromFileName(documents.pathOf(model)) ?? model.getLanguageId(),
    };
  }

  /**
   * Inline completions for `editor`, with its completion keys. Every editor
   * shares the feature's one registration (one controller: one cache, one
   * prediction, one typing pace); an editor's `dispose` takes its keys down,
   * and the registration lives until the feature's. A disposed feature registers nothing: the editor
   * attaches to the feature its owner builds next.
   */
  attach(editor?: Monaco.editor.IStandaloneCodeEditor): MonacoInlineCompletions {
    if (this.phase === 'disposed') return { ...INERT, dispose: () => undefined };
    const registration = (this.registration ??= this.deps.register(this.hooks()));
    // The editor's completion keys; after Alt+] / Alt+[ the badge follows the alternative on screen.
    const keys = editor && this.deps.keys?.(editor, () => registration.cycled(editor));
    return { ...registration, dispose: () => keys?.dispose() };
  }

  /** Takes the engine down (its workers with it), stops following the config and takes the registration down. Once. */
  dispose(): void {
    this.phase = 'disposed';
    this.unfollowConfig?.();
    this.unfollowConfig = undefined;
    this.ready = undefined;
    this.owned?.dispose();
    this.owned = undefined;
    this.noticeListeners.clear();
    this.settings?.dispose();
    this.registration?.dispose();
    this.registration = undefined;
  }

  /** The model's new state, and with it where requests go: to the engine from the moment its model is ready. */
  private setModel(state: ModelState): void {
    this.ready = state.status === 'ready' ? this.owned : undefined;
    this.model.set(state);
  }

  private followedSettings(): EditorSettingReaders {
    if (!this.settings) {
      this.settings = followEditorSettings(this.deps.config);
      // A disposed feature's hooks keep the values of the moment, and follow nothing.
      if (this.phase === 'disposed') this.settings.dispose();
    }
    return this.settings.readers;
  }
}
