// The inference worker's logic, without the worker: which device to load on
// and why, the fallback marker, where the files come from and in which
// dtype, WASM threads, the warm-up, and completions, read-aheads and
// cancellation by request id. workers/inference.worker.ts only plugs the
// browser in (navigator.gpu, cross-origin isolation, ONNX Runtime's env) and
// exposes this over comlink; Node tests drive it with the fixture models.
import { fimTemplate } from '../vocabulary/fim';
import type { CompletionRequest, InferenceDevice, LocalCompletion, OrtRuntime } from '../vocabulary/types';
import type { ModelSource } from '../vocabulary/config';
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
import { WEBGPU_FAILED, type InferenceLoadRequest, type InferenceLoadResult } from './worker-api';

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

/**
 * Up to 4 threads, one core left to the page: the model's threads keep
 * every core they get busy while it writes, and a page whose main thread
 * waits for a core lags under the user's keys.
 */
function defaultWasmThreads(cores: number): number {
  return Math.max(1, Math.min(4, (cores || 1) - 1));
}

export class InferenceService {
  private model: LoadedModel | undefined;
  /** The loaded model's requests, in its family's template, each keeping the last one's window where it can. */
  private session: FimSession | undefined;
  private threads: { count: number; note?: string } | undefined;
  private runtime: OrtRuntime | undefined;
  private readonly inFlight = new Map<number, AbortController>();
  private progressListener: (() => void) | undefined;
  private lastProgressAt = -Infinity;

  constructor(private readonly host: InferenceHost) {}

  /**
   * `listener` hears that the model is making progress (a forward pass done),
   * at most once per PROGRESS_INTERVAL_MS: the engine's watchdog restarts a
   * worker that stops making progress, not one that is merely slow.
   */
  watch(listener: () => void): void {
    this.progressListener = listener;
  }

  private step = (): void => {
    const now = performance.now();
    if (now - this.lastProgressAt < PROGRESS_INTERVAL_MS) return;
    this.lastProgressAt = now;
    this.progressListener?.();
  };

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
    const t0 = performance.now();
    fimTemplate(req.family); // unknown family: fail before downloading anything
    const threads = this.configureThreads(req.wasmThreads);
    await this.model?.dispose();
    this.model = undefined;
    this.session = undefined;
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
    return {
      model: req.model,
      device,
      fallbackReason: req.device === 'wasm' ? undefined : fallbackReason,
      ms,
      threads: threads.count,
      ...(threads.note && { threadsNote: threads.note }),
      ...(warm && { speed: warm.speed, warmUpMs: warm.warmMs }),
    };
  }

  /** Runs `fn` on the loaded model as request `id` (cancellable), naming a WebGPU failure as such. */
  private async run<T>(id: number, what: string, fn: (session: FimSession, signal: AbortSignal) => Promise<T>): Promise<T> {
    const session = this.session;
    if (!session) throw new Error('The local model is not loaded yet.');
    const ac = new AbortController();
    this.inFlight.set(id, ac);
    try {
      return await fn(session, ac.signal);
    } catch (e) {
      throw session.model.device === 'webgpu' ? webGpuFailed(what, e) : e;
    } finally {
      this.inFlight.delete(id);
    }
  }

  complete(id: number, req: CompletionRequest): Promise<LocalCompletion> {
    return this.run(id, 'while completing', (session, signal) => session.complete(req, signal));
  }

  prefill(id: number, req: CompletionRequest): Promise<PrefillResult> {
    return this.run(id, 'while reading ahead', (session, signal) => session.prefill(req, signal));
  }

  cancel(id: number): void {
    this.inFlight.get(id)?.abort();
  }
}
