// The engine behind its public API: the IDE's own CompletionEngine (the
// inference and syntax workers, the router, the privacy gate, the escalation
// client, the ledger), held in this closure. What the host gets is the
// suggestions with their provenance, read-only settings and a read-only
// ledger: no reference to the engine's objects, so no way to the transport,
// the API key or the ledger's writer.
import { CompletionEngine } from '../../../src/completion/browser/completion-engine';
import { alternativesOf } from '../../../src/completion/common/alternatives';
import { windowAround } from '../../../src/completion/common/text-window';
import type { CompletionResult, EngineRequest } from '../../../src/completion/common/pipeline';
import { DEFAULT_CONFIG } from '../../../src/config/defaults';
import { configProblems, resolveConfig } from '../../../src/config/merge';
import { Ledger } from '../../../src/privacy/ledger';
import type { AppConfig } from '../../../src/vocabulary/config';
import { deepFrozenCopy } from './frozen';
import { ledgerView } from './ledger-view';
import { stringDocument } from './string-document';
import { suggestionOf } from './suggestion';
import type { CompleteOptions, CompletionInput, ConfigLayer, Engine, EngineEvents, EngineSettings, ModelInfo, Suggestion } from './types';

/** Engines made in this page: each names its suggestions with its own prefix. */
let engines = 0;

/**
 * An engine for `config`: the app's configuration schema (the shape of the IDE's
 * `config.json`), over the built-in defaults. The model starts loading at once
 * (`engine.ready`). A setting the engine cannot use throws, naming the setting.
 */
export function createEngine(config: ConfigLayer = {}): Engine {
  const resolved = resolveConfig(DEFAULT_CONFIG, config);
  const problems = [...resolved.problems, ...configProblems(resolved.config, globalThis.location?.origin)];
  if (problems.length) throw new Error(`The engine's configuration cannot be used: ${problems.join('; ')}.`);
  const cfg = resolved.config;
  const name = `e${++engines}`;
  let next = 0;
  let disposed = false;

  const listeners = new Map<keyof EngineEvents, Set<(e: never) => void>>();
  const emit = <K extends keyof EngineEvents>(type: K, event: EngineEvents[K]) => {
    for (const fn of listeners.get(type) ?? []) {
      try {
        (fn as (e: EngineEvents[K]) => void)(event);
      } catch (e) {
        // A host's listener failing is the host's bug: it must not stop the engine's other listeners.
        reportError(e);
      }
    }
  };

  const ledger = new Ledger();
  const view = ledgerView(ledger);
  ledger.subscribe(() => emit('ledger', view.entries()));
  const engine = new CompletionEngine(cfg, ledger);
  engine.onNotice = (message) => emit('notice', message);
  engine.onSharedTabs = (tabs) => emit('shared-tabs', tabs);

  const ready: Promise<ModelInfo> = engine
    .loadModel(cfg.model, (p) => emit('progress', { file: p.file, loaded: p.loaded, total: p.total, done: p.done }))
    .then((m) =>
      Object.freeze({
        model: m.model,
        device: m.device,
        threads: m.threads,
        loadMs: m.ms,
        ...(m.fallbackReason && { fallbackReason: m.fallbackReason }),
        ...(m.threadsNote && { threadsNote: m.threadsNote }),
        ...(m.shared && { shared: Object.freeze({ ...m.shared }) }),
      }),
    );
  // A host that never awaits `ready` learns of a failed load from `complete`, not from an unhandled rejection.
  ready.catch(() => undefined);

  /** Suggestions this engine made, so an event for anything else is refused. */
  const issued = new WeakSet<Suggestion>();
  const issue = (r: CompletionResult, index: number, input: CompletionInput): Suggestion => {
    const s = suggestionOf(`${name}-${++next}`, index, r, input.cursor);
    issued.add(s);
    return s;
  };
  const own = (s: Suggestion): Suggestion => {
    if (!issued.has(s)) throw new TypeError('Not a suggestion of this engine: pass the object complete() yielded.');
    return s;
  };

  async function* complete(input: CompletionInput, options: CompleteOptions = {}): AsyncGenerator<Suggestion> {
    const signal = options.signal ?? new AbortController().signal;
    const max = options.alternatives ?? Infinity;
    const req = requestOf(input);
    const check = () => {
      if (disposed) throw new Error('This engine was disposed.');
      if (signal.aborted) throw abortReason(signal);
    };
    check();
    await untilAborted(ready, signal);
    check();
    const result = await engine.complete(req, signal).catch((e: unknown) => {
      check();
      throw e;
    });
    check();
    const answers = alternativesOf(result);
    emit('result', issue(answers[0], 0, input));
    let index = 0;
    for (const r of answers) {
      if (index >= max) return;
      if (r.text) yield issue(r, index++, input);
      check();
    }
    // One answer and more asked for: the local model's second-best start (never escalated).
    if (index !== 1 || max < 2 || answers.length !== 1) return;
    const second = await engine.secondBest(req, result, signal).catch((e: unknown) => {
      check();
      throw e;
    });
    check();
    const pair = alternativesOf(result, second);
    if (pair.length > 1) yield issue(pair[1], 1, input);
  }

  const engineApi: Engine = {
    ready,
    settings: settingsOf(cfg),
    ledger: view,
    complete: (input, options) => complete(input, options),
    prefill(input, options = {}) {
      if (disposed) return;
      try {
        engine.prefill(requestOf(input), options.signal ?? new AbortController().signal);
      } catch {
        // Only a head start: the request itself reports what is wrong.
      }
    },
    shown: (s) => emit('shown', own(s)),
    accepted: (s) => emit('accepted', own(s)),
    partlyAccepted: (s, acceptedText) => emit('partly-accepted', Object.freeze({ suggestion: own(s), acceptedText })),
    rejected: (s) => emit('rejected', own(s)),
    on(type, listener) {
      let set = listeners.get(type);
      if (!set) listeners.set(type, (set = new Set()));
      set.add(listener as (e: never) => void);
      return () => void set.delete(listener as (e: never) => void);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      listeners.clear();
      engine.dispose();
    },
  };
  return Object.freeze(engineApi);
}

/** The request the pipeline runs: a window of the host's text around the cursor. */
function requestOf(input: CompletionInput): EngineRequest {
  if (typeof input?.text !== 'string') throw new TypeError('complete(): `text` must be the document as a string.');
  const { text, cursor, language } = input;
  if (!Number.isInteger(cursor) || cursor < 0 || cursor > text.length)
    throw new RangeError(`complete(): \`cursor\` ${String(cursor)} must be an offset from 0 to the text's length (${text.length}).`);
  if (typeof language !== 'string' || !language) throw new TypeError('complete(): `language` must name the language (e.g. "python").');
  return { ...windowAround(stringDocument(text), cursor), language, file: input.file || 'untitled' };
}

/** The configuration for the host to read: a frozen copy without the API key (it says whether one is set). */
function settingsOf(cfg: AppConfig): EngineSettings {
  const { endpoint, ...rest } = cfg;
  let visible: EngineSettings['endpoint'] = null;
  if (endpoint) {
    const { apiKey, ...fields } = endpoint;
    visible = { ...fields, hasApiKey: !!apiKey };
  }
  return deepFrozenCopy({ ...rest, endpoint: visible });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The completion was aborted.', 'AbortError');
}

/** `p`, or the signal's reason as soon as it aborts. */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(abortReason(signal));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
