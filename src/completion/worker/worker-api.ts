// The messages between the app and the inference worker (over comlink).
import type { ModelSource } from '../../vocabulary/config';
import type { CompletionRequest, FimFamily, InferenceDevice, LocalCompletion, ModelSpeed } from '../../vocabulary/types';
import type { DownloadProgress, PrefillResult } from './local-model';

export type { DownloadProgress } from './local-model';

/**
 * Up to 4 threads, one core left to the page: the model's threads keep
 * every core they get busy while it writes, and a page whose main thread
 * waits for a core lags under the user's keys.
 */
export function defaultWasmThreads(cores: number): number {
  return Math.max(1, Math.min(4, (cores || 1) - 1));
}

/** Prefix of a worker error meaning "WebGPU failed: start a new worker on WASM". */
export const WEBGPU_FAILED = 'WEBGPU_FAILED: ';

export interface InferenceLoadRequest {
  model: string;
  family: FimFamily;
  source: ModelSource;
  dtype: { webgpu: string; wasm: string };
  device: 'auto' | 'webgpu' | 'wasm';
  fileName?: string;
  /** Keep the KV cache between requests (default true). */
  reuseCache?: boolean;
  /** Decode with prompt-lookup drafts (default false). */
  promptLookup?: boolean;
  /** WASM threads wanted: 0 = automatic (up to 4); only the first load of a worker can set them. */
  wasmThreads?: number;
  /** Run the warm-up and speed measurement after loading (default true). */
  warmUp?: boolean;
}

export interface InferenceLoadResult {
  model: string;
  device: InferenceDevice;
  /** Set when WebGPU was wanted but WASM is used, saying why. */
  fallbackReason?: string;
  ms: number;
  /** ONNX Runtime's WASM threads in this worker. */
  threads: number;
  /** Why fewer threads than wanted (e.g. the page is not cross-origin isolated). */
  threadsNote?: string;
  /** Measured after a warm-up run; absent when the warm-up was skipped. */
  speed?: ModelSpeed;
  /** The warm-up run's time (shader compilation on WebGPU), ms. */
  warmUpMs?: number;
  /** Set when the model runs in the origin's shared worker (src/completion/worker/inference-shared.worker.ts): one model for every tab. */
  shared?: SharedModelInfo;
}

/** The shared worker's model as one tab sees it. */
export interface SharedModelInfo {
  /** True when this tab's load found the model already loaded (by another tab, or this one before) and loaded nothing. */
  reused: boolean;
  /** Models the shared worker has loaded since it started, all tabs together. */
  loads: number;
  /** Tabs connected to the shared worker. */
  tabs: number;
}

/** What a shared worker can use, which a dedicated one on the same page could: a tab that would lose it runs its own worker. */
export interface SharedWorkerEnvironment {
  /** Whether it may run WASM threads (Chromium enforces COEP in a shared worker but does not make it cross-origin isolated). */
  crossOriginIsolated: boolean;
  /** Whether it has a WebGPU adapter. */
  webGpu: boolean;
}

export interface InferenceWorkerApi {
  load(req: InferenceLoadRequest, onProgress: (p: DownloadProgress) => void): Promise<InferenceLoadResult>;
  /** `id` lets `cancel` reach a request in flight: comlink cannot carry an AbortSignal. */
  complete(id: number, req: CompletionRequest): Promise<LocalCompletion>;
  /** Computes the KV cache of the prompt `req` would have, ahead of a request for it; `cancel(id)` stops it between chunks. */
  prefill(id: number, req: CompletionRequest): Promise<PrefillResult>;
  cancel(id: number): void;
  /** `onProgress` is called while the model makes progress (a forward pass done), at most once a second: the engine's watchdog listens. */
  watch(onProgress: () => void): void;
  /**
   * False when a fresh worker could run a load on `device` and this one cannot: it started ONNX Runtime's
   * CPU-only build (a worker's first load picks the build for good) and WebGPU is available.
   */
  suits(device: InferenceLoadRequest['device']): Promise<boolean>;
  /** Fault injection for the recovery tests: a lost GPU device, a wedged or a dead worker. Development and test builds only (src/platform/test-seams.ts). */
  debug?(action: 'lose-device' | 'hang' | 'crash'): Promise<boolean>;
}

/**
 * Prefix of a shared worker's load error meaning "another tab holds the shared
 * model with other settings: run your own worker" (its load would replace
 * that tab's model under it).
 */
export const SHARED_MODEL_BUSY = 'SHARED_MODEL_BUSY: ';

/** The shared worker's API, one per connected tab: the dedicated worker's, plus what sharing needs. */
export interface SharedInferenceApi extends InferenceWorkerApi {
  environment(): Promise<SharedWorkerEnvironment>;
  /** `onTabs` is told how many tabs are connected now, and again whenever a tab connects or releases the shared model. */
  watchTabs(onTabs: (tabs: number) => void): void;
  /** This tab is done with the shared model (it closes, or moves to its own worker): its listeners and its hold on the model's settings go. */
  release(): void;
}
