// The main thread's handle on the inference worker: its lifecycle (start,
// restart after a crash or a wedge, stop), numbered calls that a keystroke can
// cancel, the watchdog, and the one way from WebGPU to WASM, whether WebGPU
// failed while loading or in the middle of a run.
//
// Which worker: the origin's shared one (src/completion/worker/inference-shared.worker.ts,
// one model for every tab) where the browser has SharedWorker and the
// `model.sharedWorker` setting allows it, else a dedicated one. One tab
// cannot terminate a shared worker (the other tabs' model lives there), so
// wherever this tab would replace its worker (a crash, a wedge, WebGPU
// failing, a worker that lacks what a dedicated one has, another tab holding
// the shared model with other settings) it moves to a dedicated worker for
// the rest of the session instead, and says so.
import * as Comlink from 'comlink';
import type { AppConfig } from '../../vocabulary/config';
import type { CompletionRequest, LocalCompletion } from '../../vocabulary/types';
import {
  defaultWasmThreads,
  SHARED_MODEL_BUSY,
  WEBGPU_FAILED,
  type DownloadProgress,
  type InferenceLoadResult,
  type InferenceWorkerApi,
  type SharedInferenceApi,
} from '../worker/worker-api';
import { TEST_SEAMS } from '../../platform/test-seams';
import { ProgressWatchdog } from './progress-watchdog';

const webGpuReason = (e: unknown): string | undefined =>
  e instanceof Error && e.message.includes(WEBGPU_FAILED)
    ? e.message.slice(e.message.indexOf(WEBGPU_FAILED) + WEBGPU_FAILED.length)
    : undefined;

const sharedBusy = (e: unknown): string | undefined =>
  e instanceof Error && e.message.includes(SHARED_MODEL_BUSY)
    ? e.message.slice(e.message.indexOf(SHARED_MODEL_BUSY) + SHARED_MODEL_BUSY.length)
    : undefined;

export type LoadedModel = InferenceLoadResult;

/** Whether this page gets a WebGPU adapter (asked only where the shared worker got none). */
async function pageHasWebGpu(): Promise<boolean> {
  const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
  return !!(await gpu?.requestAdapter().catch(() => null));
}

/** The worker this tab talks to, whichever kind. */
interface WorkerHandle {
  shared: boolean;
  remote: Comlink.Remote<InferenceWorkerApi>;
  /** Stops this tab's use of it: terminates a dedicated worker, releases this tab's hold on a shared one. */
  close(): void;
  /** A shared worker's: rejects once it failed (its calls would never answer). */
  failed?: Promise<never>;
}

/** The shared worker failed to start or failed later: this tab goes on with its own. */
class SharedWorkerFailed extends Error {}

export class InferenceClient {
  private handle: WorkerHandle | undefined;
  private remote!: Comlink.Remote<InferenceWorkerApi>;
  /** The `model.sharedWorker` setting of the last load. */
  private sharedWanted = false;
  /** Set once this tab left the shared worker: the rest of the session runs dedicated workers. */
  private sharedFailure: string | undefined;
  private nextId = 1;
  private lastLoad: AppConfig['model'] | undefined;
  private restarting: Promise<unknown> | undefined;
  /** Set once WebGPU failed in this session: later workers start on WASM. */
  private webGpuFailure: string | undefined;
  private loadedModel: LoadedModel | undefined;
  private readonly watchdog = new ProgressWatchdog();
  /** Told when the worker had to be restarted or changed device (for the UI). */
  onNotice: (message: string, info?: LoadedModel) => void = () => {};
  /** Told how many tabs share the origin's model, while this tab runs on it, whenever that changes. */
  onSharedTabs: (tabs: number) => void = () => {};

  /** The worker is started by the first load, which knows whether the settings want the shared one. */
  constructor(private device: () => AppConfig['device']) {}

  /** The model ready to answer; undefined while it loads or the worker restarts. */
  get loaded(): LoadedModel | undefined {
    return this.restarting ? undefined : this.loadedModel;
  }

  /** Whether this tab uses the origin's shared worker now. */
  get shared(): boolean {
    return this.handle?.shared === true;
  }

  private spawn(): void {
    const handle =
      this.sharedWanted && !this.sharedFailure && typeof SharedWorker !== 'undefined' ? this.spawnShared() : this.spawnDedicated();
    this.handle = handle;
    this.remote = handle.remote;
    const remote = this.remote;
    // Only the current worker's progress counts: a replaced one may still be finishing a pass.
    void remote.watch(Comlink.proxy(() => this.remote === remote && this.watchdog.alive()));
  }

  private spawnDedicated(): WorkerHandle {
    const worker = new Worker(new URL('../worker/inference.worker.ts', import.meta.url), { type: 'module', name: 'inference' });
    const handle: WorkerHandle = { shared: false, remote: Comlink.wrap<InferenceWorkerApi>(worker), close: () => worker.terminate() };
    // An uncaught error in the worker may leave it half-dead: start afresh.
    worker.addEventListener('error', (e) => {
      if (this.handle === handle) void this.restart(`the inference worker failed (${e.message || 'error event'})`);
    });
    return handle;
  }

  private spawnShared(): WorkerHandle {
    const worker = new SharedWorker(new URL('../worker/inference-shared.worker.ts', import.meta.url), {
      type: 'module',
      name: 'inference-shared',
    });
    const remote = Comlink.wrap<SharedInferenceApi>(worker.port);
    // A tab that goes away lets go of the model's settings and its listeners, so another tab may change them.
    const release = () => void remote.release();
    addEventListener('pagehide', release);
    let fail = (_: Error) => {};
    const failed = new Promise<never>((_, reject) => (fail = reject));
    failed.catch(() => undefined); // heard by whichever call races it
    const handle: WorkerHandle = {
      shared: true,
      remote,
      failed,
      close: () => {
        removeEventListener('pagehide', release);
        release();
        // Comlink's proxy closes nothing itself: the port goes once the release is on its way.
        setTimeout(() => worker.port.close(), 0);
      },
    };
    void remote.watchTabs(Comlink.proxy((tabs: number) => this.handle === handle && this.onSharedTabs(tabs))).catch(() => undefined);
    // A shared worker that failed to start (its script did not load): a load in progress hears it through
    // `failed` and goes on in a dedicated worker; a loaded model is restarted in one.
    worker.addEventListener('error', () => {
      fail(new SharedWorkerFailed('the shared inference worker failed to start'));
      if (this.handle === handle && this.loadedModel) void this.restart('the shared inference worker failed');
    });
    return handle;
  }

  /**
   * Why the shared worker cannot run this tab's model as well as a dedicated
   * one would, or undefined when it can: WebGPU wanted and this page has it
   * but the shared worker has no adapter; or the model would run on WASM
   * with more than one thread here, and the shared worker cannot run threads
   * (Chromium does not make a shared worker cross-origin isolated).
   */
  private async sharedUnfit(cfg: AppConfig['model'], device: AppConfig['device']): Promise<string | undefined> {
    const env = await this.viaShared((this.remote as Comlink.Remote<SharedInferenceApi>).environment());
    if (device !== 'wasm' && !env.webGpu && (await pageHasWebGpu())) return 'the shared worker has no WebGPU adapter and this page has one';
    const onWasm = device === 'wasm' || !env.webGpu;
    const threadsHere = self.crossOriginIsolated ? cfg.wasmThreads || defaultWasmThreads(navigator.hardwareConcurrency) : 1;
    if (onWasm && threadsHere > 1 && !env.crossOriginIsolated)
      return `the shared worker cannot run WASM threads (it is not cross-origin isolated) and this tab would run ${threadsHere}`;
    return undefined;
  }

  /** `call` to the shared worker, or its failure: a call to a worker that never started would wait for ever. */
  private viaShared<T>(call: Promise<T>): Promise<T> {
    const failed = this.handle?.failed;
    return failed ? Promise.race([call, failed]) : call;
  }

  /** Leaves the shared worker for a dedicated one, for the rest of the session, and says why. */
  private leaveShared(why: string): void {
    this.sharedFailure = why;
    this.onNotice(`This tab runs its own copy of the local model: ${why}.`);
    if (this.handle?.shared) this.replaceWorker();
  }

  async load(cfg: AppConfig['model'], onProgress: (p: DownloadProgress) => void): Promise<LoadedModel> {
    this.loadedModel = undefined;
    this.lastLoad = cfg;
    const wantShared = cfg.sharedWorker === true;
    if (wantShared !== this.sharedWanted) {
      this.sharedWanted = wantShared;
      // Only a change of kind starts another worker: a dedicated one is kept when sharing is unavailable anyway.
      if (this.handle && this.handle.shared !== (wantShared && !this.sharedFailure && typeof SharedWorker !== 'undefined'))
        this.replaceWorker();
    }
    if (wantShared && typeof SharedWorker === 'undefined' && !this.sharedFailure) this.leaveShared('this browser has no SharedWorker');
    if (!this.handle) this.spawn();
    const request = async (device: AppConfig['device']) => {
      if (this.handle!.shared) {
        try {
          const unfit = await this.sharedUnfit(cfg, device);
          // ONNX Runtime's build is the worker's for good, and one tab cannot start the shared worker afresh.
          if (!unfit && !(await this.viaShared(this.remote.suits(device))))
            this.leaveShared(`the shared worker started ONNX Runtime's CPU-only build`);
          else if (unfit) this.leaveShared(unfit);
        } catch (e) {
          if (!(e instanceof SharedWorkerFailed)) throw e;
          this.leaveShared(e.message);
        }
      }
      // ONNX Runtime's build is the worker's for good: one that started the CPU-only build cannot run on WebGPU.
      if (!(await this.remote.suits(device))) this.replaceWorker();
      const load = () =>
        this.remote.load(
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
      try {
        return await this.viaShared(load());
      } catch (e) {
        const busy = e instanceof SharedWorkerFailed ? e.message : sharedBusy(e);
        if (busy === undefined || !this.handle!.shared) throw e;
        this.leaveShared(busy);
        return await load();
      }
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
    // The other tabs' model lives in the shared worker: this tab leaves it instead of ending it.
    if (this.handle?.shared) this.sharedFailure = why;
    this.replaceWorker();
    const model = this.lastLoad;
    this.restarting = (model ? this.load(model, () => {}) : Promise.resolve(undefined))
      .then((info) => this.onNotice(`Restarted the inference worker: ${why}.`, info as LoadedModel | undefined))
      .catch((e: Error) => this.onNotice(`Restarting the inference worker failed: ${e.message}`))
      .finally(() => (this.restarting = undefined));
    return this.restarting;
  }

  private replaceWorker(): void {
    // A shared worker is never restarted by one tab (WebGPU failing in it, a build that cannot run WebGPU): this tab goes dedicated.
    if (this.handle?.shared && this.sharedWanted) this.sharedFailure ??= 'its worker had to be replaced';
    this.handle?.close();
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
    if (!TEST_SEAMS || !this.handle) return Promise.resolve(false);
    return (this.remote as Comlink.Remote<Required<InferenceWorkerApi>>).debug(action);
  }

  dispose(): void {
    this.handle?.close();
    this.onNotice = () => {};
    this.onSharedTabs = () => {};
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
