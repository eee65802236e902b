// The messages between the app and the inference worker (over comlink).
import type { ModelSource } from '../vocabulary/config';
import type { CompletionRequest, FimFamily, InferenceDevice, LocalCompletion, ModelSpeed } from '../vocabulary/types';
import type { DownloadProgress, PrefillResult } from './local-model';

export type { DownloadProgress } from './local-model';

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
