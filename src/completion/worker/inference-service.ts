// The inference worker's logic, without the worker: which device to load on
// and why, the fallback marker, where the files come from and in which
// dtype, WASM threads, the warm-up, and completions, read-aheads and
// cancellation by request id. src/completion/worker/inference.worker.ts only plugs the
// browser in (navigator.gpu, cross-origin isolation, ONNX Runtime's env) and
// exposes this over comlink; src/completion/worker/inference-shared.worker.ts exposes one
// service to every tab of the origin (src/completion/worker/shared-inference.ts), so
// a load that asks for the model already loaded loads nothing. Node tests
// drive it with the fixture models.
import { fimTemplate } from '../../vocabulary/fim';
import type { CompletionRequest, InferenceDevice, LocalCompletion, OrtRuntime } from '../../vocabulary/types';
import type { ModelSource } from '../../vocabulary/config';
import { FimSession } from './fim-completion';
import {
  loadLocalModel,
  ModelLoadError,
  type DownloadProgress,
  type LoadedModel,
  type LoadOptions,
  type PrefillResult,
} from './local-model';
import { warmUp } from './warm-up';
import { defaultWasmThreads, WEBGPU_FAILED, type InferenceLoadRequest, type InferenceLoadResult } from './worker-api';

/** What the service needs from where it runs (a browser worker; a test). */
export interface InferenceHost {
  /** Why WebGPU cannot be used here, or undefined when an adapter exists. */
  webGpuUnavailableReason(): Promise<string | undefined>;
  /** Whether threads are possible (a cross-origin isolated page), and how many cores there are. */
  crossOriginIsolated: boolean;
  cores: number;
  /** Tells ONNX Runtime the thread count (read once, when its WASM starts). */
  setWasmThreads(count: number): void;
  /** Tells ONNX Runtime which of its builds to start (read once, when its WASM starts). */
  setRuntime?(runtime: OrtRuntime): void;
  /** Where bundled models are served from (a path: transformers.js probes local files by path). */
  bundledRoot: string;
  /** The loader; the browser uses loadLocalModel itself. */
  load?: (opts: LoadOptions) => Promise<LoadedModel>;
}

export const BUNDLED_MODELS_PATH = '/models/fixtures/';

/** The longest the worker stays silent while it makes progress: one message a second costs the page nothing. */
export const PROGRESS_INTERVAL_MS = 1000;

const NOT_ISOLATED =
  'single-threaded: the page is not cross-origin isolated (the host must send Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp)';

/**
 * transformers.js chains every session creation and run on one promise, so a
 * single WebGPU failure rejects every later call in this worker too. The
 * cure is a fresh worker on WASM: the engine does that on this marker.
 */
function webGpuFailed(what: string, cause: unknown): Error {
  return new Error(`${WEBGPU_FAILED}WebGPU failed ${what} (${(cause as Error)?.message ?? String(cause)})`);
}

export class InferenceService {
  private model: LoadedModel | undefined;
  /** The loaded model's requests, in its family's template, each keeping the last one's window where it can. */
  private session: FimSession | undefined;
  /** Sessions of the other channels on the same model (see sessionFor). */
  private readonly channels = new Map<string, FimSession>();
  private threads: { count: number; note?: string } | undefined;
  private runtime: OrtRuntime | undefined;
  private readonly inFlight = new Map<number, AbortController>();
  private readonly progressListeners = new Set<() => void>();
  private lastProgressAt = -Infinity;
  /** The loaded model's load request (as a key) and what its load answered. */
  private current: { key: string; result: InferenceLoadResult } | undefined;
  /** The load in progress, which a load asking for the same joins (its progress reaches every caller). */
  private pending: { key: string; promise: Promise<InferenceLoadResult>; listeners: Set<(p: DownloadProgress) => void> } | undefined;
  /** Loads run one after another: each disposes the model before it. */
  private loadQueue: Promise<unknown> = Promise.resolve();
  private loadsDone = 0;

  constructor(private readonly host: InferenceHost) {}

  /**
   * `listener` hears that the model is making progress (a forward pass done),
   * at most once per PROGRESS_INTERVAL_MS: the engine's watchdog restarts a
   * worker that stops making progress, not one that is merely slow. Every
   * listener hears every pass: a tab waiting behind another tab's request on
   * the shared model sees the model is alive. The returned function stops it.
   */
  watch(listener: () => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  private step = (): void => {
    const now = performance.now();
    if (now - this.lastProgressAt < PROGRESS_INTERVAL_MS) return;
    this.lastProgressAt = now;
    for (const listener of this.progressListeners) listener();
  };

  /** Models this service has loaded (a load that found its model already loaded does not count). */
  get loads(): number {
    return this.loadsDone;
  }

  /** Two loads with the same key load the same model the same way. */
  static loadKey(req: InferenceLoadRequest): string {
    return JSON.stringify([
      req.model,
      req.family,
      req.source,
      req.dtype,
      req.device,
      req.fileName ?? null,
      req.reuseCache ?? true,
      req.promptLookup ?? false,
      req.wasmThreads ?? 0,
      req.warmUp ?? true,
    ]);
  }

  /** ONNX Runtime reads the thread count once: the first load of a worker sets it. */
  private configureThreads(wanted = 0): { count: number; note?: string } {
    if (this.threads) return this.threads;
    const count = wanted > 0 ? wanted : defaultWasmThreads(this.host.cores);
    this.threads = this.host.crossOriginIsolated || count === 1 ? { count } : { count: 1, note: NOT_ISOLATED };
    this.host.setWasmThreads(this.threads.count);
    return this.threads;
  }

  /**
   * The first load of a worker picks ONNX Runtime's build: the CPU-only one
   * when this load will run on WASM (asked for, or no WebGPU here), which the
   * browser compiles in about half the time. The engine starts a new worker
   * before asking a CPU-only one for WebGPU; were it asked anyway, the
   * answer is WASM, with the reason.
   */
  private configureRuntime(wanted: OrtRuntime): OrtRuntime {
    if (!this.runtime) {
      this.runtime = wanted;
      this.host.setRuntime?.(wanted);
    }
    return this.runtime;
  }

  /** See InferenceWorkerApi.suits. */
  async suits(device: InferenceLoadRequest['device']): Promise<boolean> {
    if (device === 'wasm' || this.runtime !== 'cpu') return true;
    return (await this.host.webGpuUnavailableReason()) !== undefined;
  }

  /** A bundled model is read from the app's own folder, whatever a config layer says. */
  private sourceFor(source: ModelSource): ModelSource {
    return source.kind === 'bundled' ? { kind: 'bundled', root: this.host.bundledRoot } : source;
  }

  /** Bundled fixtures ship fp32 only; other models pick the quantisation per device. */
  static dtypeFor(req: InferenceLoadRequest, device: 'webgpu' | 'wasm'): string {
    return req.source.kind === 'bundled' ? 'fp32' : req.dtype[device];
  }

  private loadOn(device: 'webgpu' | 'wasm', req: InferenceLoadRequest, onProgress?: (p: DownloadProgress) => void): Promise<LoadedModel> {
    const load = this.host.load ?? loadLocalModel;
    return load({
      model: req.model,
      source: this.sourceFor(req.source),
      device,
      dtype: InferenceService.dtypeFor(req, device),
      family: req.family,
      fileName: req.fileName,
      onProgress,
      reuseCache: req.reuseCache ?? true,
      promptLookup: req.promptLookup ?? false,
      onStep: this.step,
    });
  }

  async load(req: InferenceLoadRequest, onProgress?: (p: DownloadProgress) => void): Promise<InferenceLoadResult> {
    return (await this.acquire(req, onProgress)).result;
  }

  /**
   * Loads the model `req` asks for, unless it is loaded already (then it
   * answers at once, `reused`, and `onProgress` hears that it is ready) or
   * loading (then it waits for that load and hears its progress). Loads of
   * other models wait their turn.
   */
  async acquire(
    req: InferenceLoadRequest,
    onProgress?: (p: DownloadProgress) => void,
  ): Promise<{ result: InferenceLoadResult; reused: boolean }> {
    const key = InferenceService.loadKey(req);
    if (this.pending?.key === key) {
      if (onProgress) this.pending.listeners.add(onProgress);
      return { result: await this.pending.promise, reused: true };
    }
    if (!this.pending && this.current?.key === key && this.session) {
      onProgress?.({ file: req.model, loaded: 1, total: 1, done: true });
      return { result: this.current.result, reused: true };
    }
    const listeners = new Set<(p: DownloadProgress) => void>(onProgress ? [onProgress] : []);
    const tell = (p: DownloadProgress) => {
      for (const listener of listeners) {
        try {
          listener(p);
        } catch {
          // A tab that went away mid-load: the others still hear.
        }
      }
    };
    const promise = this.loadQueue.then(() => this.loadNow(req, key, tell));
    const entry = { key, promise, listeners };
    this.pending = entry;
    this.loadQueue = promise.catch(() => undefined);
    try {
      return { result: await promise, reused: false };
    } finally {
      if (this.pending === entry) this.pending = undefined;
    }
  }

  private async loadNow(req: InferenceLoadRequest, key: string, onProgress: (p: DownloadProgress) => void): Promise<InferenceLoadResult> {
    const t0 = performance.now();
    fimTemplate(req.family); // unknown family: fail before downloading anything
    const threads = this.configureThreads(req.wasmThreads);
    this.current = undefined;
    await this.model?.dispose();
    this.model = undefined;
    this.session = undefined;
    this.channels.clear();
    let fallbackReason: string | undefined;
    let device: InferenceDevice = 'wasm';
    if (req.device !== 'wasm') {
      fallbackReason = await this.host.webGpuUnavailableReason();
      if (!fallbackReason && this.configureRuntime('webgpu') === 'cpu') {
        fallbackReason = "this worker started ONNX Runtime's CPU-only build";
      }
      if (!fallbackReason) {
        try {
          this.model = await this.loadOn('webgpu', req, onProgress);
          device = 'webgpu';
        } catch (e) {
          // Files that could not be fetched are a download failure on any device: WASM would fail the same way,
          // and marking WebGPU failed would keep this session on WASM for nothing.
          if (e instanceof ModelLoadError && e.stage === 'files') throw e;
          // Otherwise a fresh worker on WASM either works or names the cause.
          throw webGpuFailed('to load the model', e);
        }
      }
    }
    if (!this.model) {
      this.configureRuntime('cpu');
      this.model = await this.loadOn('wasm', req, onProgress);
    }
    this.loadsDone++;
    this.session = new FimSession(this.model, req.family);
    const ms = performance.now() - t0;
    let warm: Awaited<ReturnType<typeof warmUp>> | undefined;
    if (req.warmUp !== false) {
      try {
        warm = await warmUp(this.model, req.family);
      } catch (e) {
        throw device === 'webgpu' ? webGpuFailed('in the warm-up run', e) : e;
      }
    }
    const result: InferenceLoadResult = {
      model: req.model,
      device,
      fallbackReason: req.device === 'wasm' ? undefined : fallbackReason,
      ms,
      threads: threads.count,
      ...(threads.note && { threadsNote: threads.note }),
      ...(warm && { speed: warm.speed, warmUpMs: warm.warmMs }),
    };
    this.current = { key, result };
    return result;
  }

  /**
   * The loaded model's session for `channel` (a tab of the shared worker):
   * each keeps its own prompt window and KV cache, so two tabs typing in turn
   * do not throw each other's away. '' is the worker's one page.
   */
  private sessionFor(channel: string): FimSession | undefined {
    const base = this.session;
    if (!base || channel === '') return base;
    let session = this.channels.get(channel);
    if (session?.model !== base.model) {
      session = new FimSession(base.model, base.family, channel);
      this.channels.set(channel, session);
    }
    return session;
  }

  /** A channel that is gone (its tab closed): its session and KV cache go with it. */
  forget(channel: string): void {
    this.channels.delete(channel);
    void this.model?.forgetCache?.(channel);
  }

  /** Runs `fn` on the loaded model as request `id` (cancellable), naming a WebGPU failure as such. */
  private async run<T>(
    id: number,
    what: string,
    channel: string,
    fn: (session: FimSession, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const session = this.sessionFor(channel);
    if (!session) throw new Error('The local model is not loaded yet.');
    const ac = new AbortController();
    this.inFlight.set(id, ac);
    try {
      return await fn(session, ac.signal);
    } catch (e) {
      if (session.model.device !== 'webgpu') throw e;
      // The model is unusable here (see webGpuFailed): no later load may be answered with it.
      if (this.model === session.model) this.current = undefined;
      throw webGpuFailed(what, e);
    } finally {
      this.inFlight.delete(id);
    }
  }

  /** `channel`: whose prompt window and KV cache the request uses (see sessionFor). */
  complete(id: number, req: CompletionRequest, channel = ''): Promise<LocalCompletion> {
    return this.run(id, 'while completing', channel, (session, signal) => session.complete(req, signal));
  }

  prefill(id: number, req: CompletionRequest, channel = ''): Promise<PrefillResult> {
    return this.run(id, 'while reading ahead', channel, (session, signal) => session.prefill(req, signal));
  }

  cancel(id: number): void {
    this.inFlight.get(id)?.abort();
  }
}
