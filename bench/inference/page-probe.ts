// Loaded into the running app page by the bench (served by Vite): drives the
// app's own CompletionEngine and a bare-generate worker, and watches the main
// thread (long tasks, frame gaps) while a completion is in flight.
import * as Comlink from 'comlink';
import { CompletionEngine } from '../../src/completion/browser/completion-engine'; // deep: the engine needs Vite (import.meta.env, worker URLs); it has no index
import { fimTemplate, type AppConfig } from '../../src/vocabulary';
import { DEFAULT_CONFIG } from '../../src/config';
import { Ledger } from '../../src/privacy';
import type { BenchWorkerApi } from './browser-worker';

export interface Watch {
  longestTaskMs: number;
  longestFrameGapMs: number;
}

const GHOST = '.ghost-text-decoration, .ghost-text';

/** Long tasks (the browser's own >50 ms report) and the longest gap between animation frames. */
class MainThreadWatch {
  private tasks: { start: number; duration: number }[] = [];
  private gap = 0;
  private last = 0;
  private running = false;

  constructor() {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) this.tasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: false });
  }

  start(): number {
    this.gap = 0;
    this.running = true;
    const t0 = performance.now();
    this.last = t0;
    const frame = (t: number) => {
      if (!this.running) return;
      this.gap = Math.max(this.gap, t - this.last);
      this.last = t;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    return t0;
  }

  stop(t0: number): Watch {
    this.running = false;
    this.gap = Math.max(this.gap, performance.now() - this.last);
    const t1 = performance.now();
    const during = this.tasks.filter((t) => t.start + t.duration >= t0 && t.start <= t1);
    return { longestTaskMs: Math.max(0, ...during.map((t) => t.duration)), longestFrameGapMs: this.gap };
  }
}

export function install() {
  const watch = new MainThreadWatch();
  const worker = Comlink.wrap<BenchWorkerApi>(
    new Worker(new URL('./browser-worker.ts', import.meta.url), { type: 'module', name: 'bench-bare' }),
  );
  const tpl = fimTemplate('qwen2.5-coder');
  let engine: CompletionEngine | undefined;
  let typing: { t0: number; done: Promise<{ ms: number } & Watch> } | undefined;

  const bench = {
    loadBare: (model: string, device: 'webgpu' | 'wasm') => worker.load(model, device),
    /** Bare generate() on the FIM prompt the pipeline would build; timed inside the worker. */
    bare: (prefix: string, suffix: string, maxNewTokens: number) =>
      worker.generate(tpl.build(prefix, suffix), maxNewTokens, [...tpl.stopTokens]),

    async loadEngine(model: string, device: 'webgpu' | 'wasm', maxNewTokens: number) {
      const config: AppConfig = {
        ...DEFAULT_CONFIG,
        device,
        model: {
          ...DEFAULT_CONFIG.model,
          catalogId: undefined,
          id: model,
          source: { kind: 'bundled' },
          dtype: { webgpu: 'fp32', wasm: 'fp32' },
          maxNewTokens,
        },
        router: { ...DEFAULT_CONFIG.router, policy: 'always-local' },
        endpoint: null,
      };
      engine = new CompletionEngine(config, new Ledger());
      const t0 = performance.now();
      const loaded = await engine.loadModel(config.model, () => {});
      return { ms: performance.now() - t0, device: loaded.device };
    },

    /** The app's engine path, as the editor calls it: main thread -> workers -> pipeline. */
    async engine(prefix: string, suffix: string) {
      if (!engine) throw new Error('loadEngine first');
      const t0 = watch.start();
      const r = await engine.complete({ prefix, suffix, language: 'python', file: 'main.py' }, new AbortController().signal);
      const ms = performance.now() - t0;
      return { ms, ...watch.stop(t0), route: r.route, tokens: r.local.tokens.length };
    },

    /** Arm before a keystroke: resolves when ghost text appears, timed from the keydown. */
    armTyping(): void {
      let resolve!: (v: { ms: number } & Watch) => void;
      const done = new Promise<{ ms: number } & Watch>((r) => (resolve = r));
      const state = { t0: 0, done };
      typing = state;
      addEventListener(
        'keydown',
        () => {
          state.t0 = watch.start();
          const check = () => {
            if (!document.querySelector(GHOST)) return false;
            observer.disconnect();
            resolve({ ms: performance.now() - state.t0, ...watch.stop(state.t0) });
            return true;
          };
          const observer = new MutationObserver(check);
          observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
        },
        { once: true, capture: true },
      );
    },
    typingResult: () => {
      if (!typing) throw new Error('armTyping first');
      return Promise.race([typing.done, new Promise((_, rej) => setTimeout(() => rej(new Error('no ghost text within 600 s')), 600_000))]);
    },
    ghostVisible: () => !!document.querySelector(GHOST),
  };
  (window as unknown as { __bench: typeof bench }).__bench = bench;
  return Object.keys(bench);
}
