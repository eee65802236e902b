// The main thread's handle on the inference worker: its lifecycle (start,
// restart after a crash or a wedge, stop), numbered calls that a keystroke can
// cancel, the watchdog, and the one way from WebGPU to WASM, whether WebGPU
// failed while loading or in the middle of a run.
import * as Comlink from 'comlink';
import type { AppConfig } from '../vocabulary/config';
import type { CompletionRequest, LocalCompletion } from '../vocabulary/types';
import { WEBGPU_FAILED, type DownloadProgress, type InferenceLoadResult, type InferenceWorkerApi } from '../inference/worker-api';
import { TEST_SEAMS } from '../platform/test-seams';
import { ProgressWatchdog } from './progress-watchdog';

const webGpuReason = (e: unknown): string | undefined =>
  e instanceof Error && e.message.includes(WEBGPU_FAILED)
    ? e.message.slice(e.message.indexOf(WEBGPU_FAILED) + WEBGPU_FAILED.length)
    : undefined;

export type LoadedModel = InferenceLoadResult;

export class InferenceClient {
  private worker!: Worker;
  private remote!: Comlink.Remote<InferenceWorkerApi>;
  private nextId = 1;
  private lastLoad: AppConfig['model'] | undefined;
  private restarting: Promise<unknown> | undefined;
  /** Set once WebGPU failed in this session: later workers start on WASM. */
  private webGpuFailure: string | undefined;
  private loadedModel: LoadedModel | undefined;
  private readonly watchdog = new ProgressWatchdog();
  /** Told when the worker had to be restarted or changed device (for the UI). */
  onNotice: (message: string, info?: LoadedModel) => void = () => {};

  constructor(private device: () => AppConfig['device']) {
    this.spawn();
  }

  /** The model ready to answer; undefined while it loads or the worker restarts. */
  get loaded(): LoadedModel | undefined {
    return this.restarting ? undefined : this.loadedModel;
  }

  private spawn(): void {
    this.worker = new Worker(new URL('../../workers/inference.worker.ts', import.meta.url), { type: 'module', name: 'inference' });
    this.remote = Comlink.wrap<InferenceWorkerApi>(this.worker);
    const remote = this.remote;
    // Only the current worker's progress counts: a replaced one may still be finishing a pass.
    void remote.watch(Comlink.proxy(() => this.remote === remote && this.watchdog.alive()));
    // An uncaught error in the worker may leave it half-dead: start afresh.
    this.worker.addEventListener('error', (e) => void this.restart(`the inference worker failed (${e.message || 'error event'})`));
  }

  async load(cfg: AppConfig['model'], onProgress: (p: DownloadProgress) => void): Promise<LoadedModel> {
    this.loadedModel = undefined;
    this.lastLoad = cfg;
    const request = async (device: AppConfig['device']) => {
      // ONNX Runtime's build is the worker's for good: one that started the CPU-only build cannot run on WebGPU.
      if (!(await this.remote.suits(device))) this.replaceWorker();
      return this.remote.load(
        {
          model: cfg.id,
          family: cfg.family,
          source: cfg.source,
          dtype: cfg.dtype,
          device,
          fileName: cfg.fileName,
          reuseCache: cfg.reuseCache,
          promptLookup: cfg.promptLookup,
          wasmThreads: cfg.wasmThreads,
          warmUp: true,
        },
        Comlink.proxy(onProgress),
      );
    };
    const configured = this.device();
    try {
      this.loadedModel = await request(this.webGpuFailure ? 'wasm' : configured);
    } catch (e) {
      const reason = webGpuReason(e);
      if (reason === undefined) throw e;
      // The failed worker is unusable (see WEBGPU_FAILED): a fresh one on WASM.
      this.webGpuFailure = reason;
      this.replaceWorker();
      this.loadedModel = await request('wasm');
    }
    // WASM by necessity, not by choice: the status bar says why.
    if (this.webGpuFailure && configured !== 'wasm') this.loadedModel = { ...this.loadedModel, fallbackReason: this.webGpuFailure };
    return this.loadedModel;
  }

  /**
   * A crashed or wedged worker is replaced and the model reloaded (from the
   * browser's cache), so completions resume without a page reload.
   */
  restart(why: string): Promise<unknown> {
    if (this.restarting) return this.restarting;
    this.replaceWorker();
    const model = this.lastLoad;
    this.restarting = (model ? this.load(model, () => {}) : Promise.resolve(undefined))
      .then((info) => this.onNotice(`Restarted the inference worker: ${why}.`, info as LoadedModel | undefined))
      .catch((e: Error) => this.onNotice(`Restarting the inference worker failed: ${e.message}`))
      .finally(() => (this.restarting = undefined));
    return this.restarting;
  }

  private replaceWorker(): void {
    this.worker.terminate();
    this.loadedModel = undefined;
    this.spawn();
  }

  /**
   * A completion from the worker, cancelled there when `signal` aborts. A
   * worker that makes no progress for `watchdogMs` (no forward pass done, no
   * answer) is restarted; one that is slow but writing is waited for. WebGPU
   * failing mid-run moves the session to WASM (the same way as at load) and
   * the request is tried once more there.
   */
  async complete(req: CompletionRequest, signal: AbortSignal, watchdogMs: number): Promise<LocalCompletion> {
    if (!this.loaded) throw new Error('The local model is (re)loading; try again in a moment.');
    const call = this.call(signal);
    let stopWatching = () => {};
    const watchdog = new Promise<never>((_, reject) => {
      stopWatching = this.watchdog.watch(watchdogMs, () => {
        void this.restart(`no progress for ${watchdogMs} ms`);
        reject(new Error(`The local model made no progress for ${watchdogMs} ms; its worker is being restarted.`));
      });
    });
    try {
      return await Promise.race([call.remote.complete(call.id, req), watchdog]);
    } catch (e) {
      const reason = webGpuReason(e);
      if (reason === undefined) throw e;
      stopWatching();
      this.webGpuFailure = `${reason}; switched to WASM`;
      await this.restart(this.webGpuFailure);
      const retry = this.call(signal); // the retry is cancelled like the first try
      try {
        return await retry.remote.complete(retry.id, req);
      } finally {
        retry.release();
      }
    } finally {
      stopWatching();
      call.release();
    }
  }

  /** Reads a prompt ahead of its request (see CompletionEngine.prefill); never fails loudly. */
  prefill(req: CompletionRequest, signal: AbortSignal): void {
    if (!this.loaded) return;
    const call = this.call(signal);
    call.remote
      .prefill(call.id, req)
      .catch(() => undefined)
      .finally(call.release);
  }

  /** Fault injection for the recovery tests (a lost GPU device, a wedged or a dead worker); absent from production builds. */
  debug(action: 'lose-device' | 'hang' | 'crash'): Promise<boolean> {
    if (!TEST_SEAMS) return Promise.resolve(false);
    return (this.remote as Comlink.Remote<Required<InferenceWorkerApi>>).debug(action);
  }

  dispose(): void {
    this.worker.terminate();
    this.onNotice = () => {};
  }

  /** A numbered call to the worker, cancelled there when `signal` aborts (release: stop listening). */
  private call(signal: AbortSignal): { id: number; remote: Comlink.Remote<InferenceWorkerApi>; release: () => void } {
    const id = this.nextId++;
    const remote = this.remote;
    const cancel = () => void remote.cancel(id);
    signal.addEventListener('abort', cancel, { once: true });
    return { id, remote, release: () => signal.removeEventListener('abort', cancel) };
  }
}
