// The completion feature in Node: the hooks it gives an editor's controller
// (the engine only once ready, the per-language switch, the editor settings
// followed from the config store), and that one feature outlives config
// changes and editors and lets go of everything when disposed. Monaco's part
// (the registration) is a fake that keeps the hooks; the controller is the
// real one, asked as the adapter asks it.
import { describe, expect, it } from 'vitest';
import type { CompletionResult, EngineRequest } from '../common/pipeline';
import { DEFAULT_CONFIG } from '../../config/defaults';
import { resolveConfig } from '../../config/merge';
import { ConfigStore } from '../../config/store';
import { docOf } from '../../../testing/completion/string-document';
import { CompletionController, type Clock, type CompletionDocument } from '../common/completion-controller';
import { CompletionFeature, type CompletionReportHooks } from './completion-feature';
import type { EditorCompletionSource, InlineCompletionHooks } from './inline-completions';

const RESULT = { text: 'a + b', route: 'local' } as CompletionResult;

/** An engine that records what it is asked and answers RESULT. */
function fakeEngine() {
  const asked: EngineRequest[] = [];
  const engine: EditorCompletionSource = {
    complete: async (req) => {
      asked.push(req);
      return RESULT;
    },
  };
  return { engine, asked };
}

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

function setUp(off: readonly string[] = [], path = 'main.py') {
  const config = new ConfigStore(DEFAULT_CONFIG);
  let languagesOff = off;
  const registrations: { hooks: InlineCompletionHooks; disposed: boolean }[] = [];
  const feature = new CompletionFeature({
    config,
    documents: { pathOf: () => path },
    completionsOff: { get: () => languagesOff },
    reports: silent,
    register: (hooks) => {
      const r = { hooks, disposed: false };
      registrations.push(r);
      return {
        dispose: () => (r.disposed = true),
        clearCache: () => undefined,
        predictionStats: () => ({}) as never,
        cycled: () => undefined,
      };
    },
  });
  const switchOff = (langs: readonly string[]) => (languagesOff = langs);
  return { config, feature, registrations, switchOff };
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
  it('asks no engine until one is ready, and the ready one from then on', async () => {
    const { feature, registrations } = setUp();
    const e = attachEditor(feature, registrations);
    const { engine, asked } = fakeEngine();
    expect(await e.type(BEFORE)).toEqual([]);
    feature.setEngine(engine);
    expect(await e.type(BEFORE)).toHaveLength(1);
    expect(asked).toHaveLength(1);
    expect(asked[0].file).toBe('main.py');
    // The model reloading: no engine again until it is ready.
    feature.setEngine(undefined);
    expect(await e.type(BEFORE + 'a')).toEqual([]);
    expect(asked).toHaveLength(1);
  });

  it('asks nothing for a language switched off, read on each keystroke', async () => {
    const { feature, registrations, switchOff } = setUp(['python']);
    const e = attachEditor(feature, registrations);
    const { engine, asked } = fakeEngine();
    feature.setEngine(engine);
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

  it('built once, follows config changes and keeps its hooks; disposed, it stops following and takes its editors down', () => {
    const { config, feature, registrations } = setUp();
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
    // An editor that goes away leaves the registration to the others; a new editor shares it again.
    a.dispose();
    feature.attach();
    expect(registrations.map((r) => r.disposed)).toEqual([false]);
    feature.setEngine(fakeEngine().engine);
    feature.dispose();
    expect(registrations.map((r) => r.disposed)).toEqual([true]);
    expect(feature.source()).toBeUndefined();
    config.set(resolveConfig(config.get(), { editor: { debounceMs: 456 } }).config);
    expect(hooks.debounceMs()).toBe(123);
  });
});
