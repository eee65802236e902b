// The completion feature in Node: the engine it builds on start (once, and
// none before), the model's state and speed it keeps, the hooks it gives an
// editor's controller (the engine only once its model is ready, the
// per-language switch, the editor settings followed from the config store),
// and that one feature outlives config changes and editors and lets go of
// everything, its engine too, when disposed. The engine is a fake the
// feature's factory builds, and Monaco's part (the registration) a fake that
// keeps the hooks; the controller is the real one, asked as the adapter asks it.
import { describe, expect, it } from 'vitest';
import type { CompletionResult, EngineRequest } from '../common/pipeline';
import { DEFAULT_CONFIG } from '../../config/defaults';
import { resolveConfig } from '../../config/merge';
import { ConfigStore } from '../../config/store';
import { Ledger } from '../../privacy/ledger';
import type { TypesCheck } from '../../semantic/types-check';
import type { AppConfig } from '../../vocabulary/config';
import { docOf } from '../../../testing/completion/string-document';
import { CompletionController, type Clock, type CompletionDocument } from '../common/completion-controller';
import type { DownloadProgress, InferenceLoadResult } from '../worker/worker-api';
import { CompletionFeature, type CompletionReportHooks, type FeatureEngine } from './completion-feature';
import type { InlineCompletionHooks } from './inline-completions';

const RESULT = { text: 'a + b', route: 'local' } as CompletionResult;

const LOADED: InferenceLoadResult = { model: DEFAULT_CONFIG.model.id, device: 'wasm', ms: 1, threads: 1 };

/** A load the test answers: `ready` or `fail` settles the engine's last `loadModel`, `progress` reports a file. */
interface PendingLoad {
  model: AppConfig['model'];
  progress: (p: DownloadProgress) => void;
  ready: (info?: InferenceLoadResult) => Promise<void>;
  fail: (message: string) => Promise<void>;
}

/** An engine that records what it is asked and told, answers RESULT, and loads a model when the test says so. */
function fakeEngine(config: AppConfig) {
  const asked: EngineRequest[] = [];
  const configs: AppConfig[] = [config];
  const loads: PendingLoad[] = [];
  let types: TypesCheck | undefined;
  let disposed = false;
  const engine: FeatureEngine = {
    complete: async (req) => {
      asked.push(req);
      return RESULT;
    },
    setConfig: (next) => void configs.push(next),
    attachTypesCheck: (t) => void (types = t),
    attachWorkspace: () => undefined,
    fileOpened: () => undefined,
    loadModel: (model, progress) =>
      new Promise((resolve, reject) => {
        // A tick after settling, so the feature's own `await` has run and the test sees its state.
        const settled = () => new Promise<void>((r) => setTimeout(r, 0));
        loads.push({
          model,
          progress,
          ready: async (info = LOADED) => {
            resolve(info);
            await settled();
          },
          fail: async (message) => {
            reject(new Error(message));
            await settled();
          },
        });
      }),
    onSpeed: () => undefined,
    onNotice: () => undefined,
    onSharedTabs: () => undefined,
    dispose: () => void (disposed = true),
  };
  return {
    engine,
    asked,
    configs,
    loads,
    lastLoad: () => loads[loads.length - 1],
    types: () => types,
    disposed: () => disposed,
  };
}

type FakeEngine = ReturnType<typeof fakeEngine>;

const silent: CompletionReportHooks = {
  onResult: () => undefined,
  onError: () => undefined,
  onPending: () => undefined,
  onShown: () => undefined,
  onAccepted: () => undefined,
  onAlternative: () => undefined,
  onPrediction: () => undefined,
};

/** Waits run at once: the tests are about whether a request is made, not when. */
const noWait: Clock = {
  now: () => 0,
  after: (_ms, run) => {
    const t = setTimeout(run, 0);
    return () => clearTimeout(t);
  },
};

const TYPES = {} as TypesCheck;

function setUp(off: readonly string[] = [], path = 'main.py') {
  const config = new ConfigStore(DEFAULT_CONFIG);
  const ledger = new Ledger();
  let languagesOff = off;
  const registrations: { hooks: InlineCompletionHooks; disposed: boolean; cycledIn: unknown[] }[] = [];
  /** Each editor's keys: the editor, whether they are down, and their Alt+] / Alt+[ report. */
  const keys: { editor: unknown; disposed: boolean; cycled: () => void }[] = [];
  const engines: FakeEngine[] = [];
  const built: { config: AppConfig; ledger: Ledger }[] = [];
  const feature = new CompletionFeature({
    config,
    ledger,
    createEngine: (cfg, l) => {
      built.push({ config: cfg, ledger: l });
      const e = fakeEngine(cfg);
      engines.push(e);
      return e.engine;
    },
    typesCheck: () => TYPES,
    documents: { pathOf: () => path },
    completionsOff: { get: () => languagesOff },
    reports: silent,
    register: (hooks) => {
      const r = { hooks, disposed: false, cycledIn: [] as unknown[] };
      registrations.push(r);
      return {
        dispose: () => (r.disposed = true),
        clearCache: () => undefined,
        predictionStats: () => ({}) as never,
        cycled: (editor) => r.cycledIn.push(editor),
      };
    },
    keys: (editor, cycled) => {
      const k = { editor, disposed: false, cycled };
      keys.push(k);
      return { dispose: () => (k.disposed = true) };
    },
  });
  const switchOff = (langs: readonly string[]) => (languagesOff = langs);
  /** The one engine the feature built. */
  const engine = () => {
    expect(engines).toHaveLength(1);
    return engines[0];
  };
  return { config, ledger, feature, registrations, keys, switchOff, engines, built, engine };
}

/** A feature started with its model ready. */
async function readySetUp(off: readonly string[] = []) {
  const s = setUp(off);
  s.feature.start();
  await s.engine().lastLoad().ready();
  return s;
}

/** An editor attached to `feature` (the last registration's hooks): its controller, asked for a keystroke at the end of `text`. */
function attachEditor(feature: CompletionFeature, registrations: { hooks: InlineCompletionHooks }[]) {
  feature.attach();
  const hooks = registrations[registrations.length - 1].hooks;
  const controller = new CompletionController<null>(hooks, { clock: noWait, alternatives: (r) => [r] });
  let version = 0;
  const type = (text: string, language = 'python'): Promise<unknown[]> => {
    const at = ++version;
    const doc: CompletionDocument = {
      id: 'inmemory://1',
      text: docOf(text),
      cursor: text.length,
      file: () => hooks.fileOf({} as never),
      language: () => language,
      version: () => at,
    };
    return controller.provide(doc, null, false, new AbortController().signal);
  };
  return { controller, type };
}

const BEFORE = 'def add(a, b):\n    return ';

describe('the completion feature', () => {
  it('builds no engine until started, and one engine however often it is started', () => {
    const { feature, engines, built, config, ledger } = setUp();
    expect(engines).toHaveLength(0);
    expect(feature.engine()).toBeUndefined();
    feature.start();
    feature.start();
    expect(engines).toHaveLength(1);
    expect(built).toEqual([{ config: config.get(), ledger }]);
    expect(feature.engine()).toBe(engines[0].engine);
    // Started: the types check attached and the configured model loading.
    expect(engines[0].types()).toBe(TYPES);
    expect(engines[0].loads.map((l) => l.model)).toEqual([config.get().model]);
    expect(feature.model.get()).toEqual({ status: 'loading', model: config.get().model.id, files: {} });
  });

  it('asks no engine until its model is ready, and the ready one from then on', async () => {
    const { feature, registrations, engine } = setUp();
    const e = attachEditor(feature, registrations);
    expect(await e.type(BEFORE)).toEqual([]);
    feature.start();
    const { asked, lastLoad } = engine();
    expect(await e.type(BEFORE)).toEqual([]);
    expect(feature.source()).toBeUndefined();
    await lastLoad().ready();
    expect(feature.source()).toBe(engine().engine);
    expect(await e.type(BEFORE)).toHaveLength(1);
    expect(asked).toHaveLength(1);
    expect(asked[0].file).toBe('main.py');
    // The model reloading: no engine again until it is ready.
    const reload = feature.loadModel(DEFAULT_CONFIG.model);
    expect(await e.type(BEFORE + 'a')).toEqual([]);
    expect(asked).toHaveLength(1);
    // A load that failed: none either.
    await lastLoad().fail('no such model');
    await reload;
    expect(feature.model.get()).toEqual({ status: 'error', model: DEFAULT_CONFIG.model.id, message: 'no such model' });
    expect(await e.type(BEFORE + 'ab')).toEqual([]);
    expect(asked).toHaveLength(1);
  });

  it("keeps the model's state: each file's progress, the info once ready with the tabs on a shared model, the speed, the notices", async () => {
    const { feature, engine } = setUp();
    const notices: string[] = [];
    feature.onNotice((m) => notices.push(m));
    feature.start();
    const { engine: e, lastLoad } = engine();
    const file = { file: 'model.onnx', loaded: 1, total: 2, done: false };
    lastLoad().progress(file);
    expect(feature.model.get()).toEqual({ status: 'loading', model: DEFAULT_CONFIG.model.id, files: { 'model.onnx': file } });
    // Tabs counted before the load answers are not lost.
    e.onSharedTabs(2);
    const shared = { ...LOADED, shared: { reused: true, loads: 1, tabs: 1 } };
    await lastLoad().ready(shared);
    expect(feature.model.get()).toEqual({ status: 'ready', info: { ...shared, shared: { ...shared.shared, tabs: 2 } } });
    e.onSharedTabs(3);
    expect(feature.model.get()).toEqual({ status: 'ready', info: { ...shared, shared: { ...shared.shared, tabs: 3 } } });
    const budgets = { promptBudget: 256, maxNewTokens: 32 };
    e.onSpeed(undefined, budgets);
    expect(feature.perf.get()).toEqual({ speed: undefined, budgets });
    e.onNotice('Restarted the inference worker: a test.', LOADED);
    expect(notices).toEqual(['Restarted the inference worker: a test.']);
    expect(feature.model.get()).toEqual({ status: 'ready', info: LOADED });
  });

  it('asks nothing for a language switched off, read on each keystroke', async () => {
    const { feature, registrations, switchOff, engine } = await readySetUp(['python']);
    const e = attachEditor(feature, registrations);
    const { asked } = engine();
    expect(await e.type(BEFORE)).toEqual([]);
    expect(asked).toHaveLength(0);
    expect(feature.enabled('javascript')).toBe(true);
    switchOff([]);
    expect(await e.type(BEFORE)).toHaveLength(1);
    expect(asked).toHaveLength(1);
  });

  it('names the language from the file, not from Monaco, where the registry knows it', () => {
    const model = { getLanguageId: () => 'typescript' } as never;
    expect(setUp([], 'src/view.tsx').feature.hooks().languageOf(model)).toBe('tsx');
    expect(setUp([], 'notes.unknown-ext').feature.hooks().languageOf(model)).toBe('typescript');
  });

  it('built once, follows config changes into its editors and its engine; disposed, it stops following and takes both down', async () => {
    const { config, feature, registrations, engine } = await readySetUp();
    expect(registrations).toHaveLength(0);
    const a = feature.attach();
    feature.attach();
    // Two editors, one registration: one controller, so one cache, one prediction and one typing pace.
    expect(registrations).toHaveLength(1);
    const hooks = registrations[0].hooks;
    expect(hooks.debounceMs()).toBe(DEFAULT_CONFIG.editor.debounceMs);
    config.set(resolveConfig(config.get(), { editor: { debounceMs: 123, predictOnAccept: false } }).config);
    expect(hooks.debounceMs()).toBe(123);
    expect(hooks.predictOnAccept?.()).toBe(false);
    expect(engine().configs).toEqual([DEFAULT_CONFIG, config.get()]);
    // An editor that goes away leaves the registration to the others; a new editor shares it again.
    a.dispose();
    feature.attach();
    expect(registrations.map((r) => r.disposed)).toEqual([false]);
    feature.dispose();
    feature.dispose();
    expect(registrations.map((r) => r.disposed)).toEqual([true]);
    expect(engine().disposed()).toBe(true);
    expect(feature.source()).toBeUndefined();
    expect(feature.engine()).toBeUndefined();
    config.set(resolveConfig(config.get(), { editor: { debounceMs: 456 } }).config);
    expect(hooks.debounceMs()).toBe(123);
    expect(engine().configs).toHaveLength(2);
  });

  it('disposed, it starts no engine and registers no editor again, and a load it started changes nothing', async () => {
    const { feature, registrations, engines } = setUp();
    feature.start();
    const load = engines[0].lastLoad();
    feature.dispose();
    await load.ready();
    expect(feature.model.get().status).toBe('loading');
    expect(feature.source()).toBeUndefined();
    expect(() => feature.start()).toThrow(/disposed/);
    expect(engines).toHaveLength(1);
    feature.attach().clearCache();
    expect(registrations).toHaveLength(0);
  });

  it("gives each editor its completion keys over the one registration: Alt+] / Alt+[ report that editor's alternative, and its dispose takes its keys down", () => {
    const { feature, registrations, keys } = setUp();
    const a = {} as never;
    const b = {} as never;
    const handleA = feature.attach(a);
    feature.attach(b);
    expect(registrations).toHaveLength(1);
    expect(keys.map((k) => k.editor)).toEqual([a, b]);
    keys[1].cycled();
    keys[0].cycled();
    expect(registrations[0].cycledIn).toEqual([b, a]);
    handleA.dispose();
    expect(keys.map((k) => k.disposed)).toEqual([true, false]);
    expect(registrations[0].disposed).toBe(false);
    feature.dispose();
  });
});
