// The messages between the app and the inference worker (over comlink).
import type { ModelSource } from '../config/types';
import type { CompletionRequest, FimFamily, InferenceDevice, LocalCompletion } from '../completion/types';
import type { DownloadProgress } from './local-model';

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
}

export interface InferenceLoadResult {
  model: string;
  device: InferenceDevice;
  /** Set when WebGPU was wanted but WASM is used, saying why. */
  fallbackReason?: string;
  ms: number;
}

export interface InferenceWorkerApi {
  load(req: InferenceLoadRequest, onProgress: (p: DownloadProgress) => void): Promise<InferenceLoadResult>;
  /** `id` lets `cancel` reach a request in flight: comlink cannot carry an AbortSignal. */
  complete(id: number, req: CompletionRequest): Promise<LocalCompletion>;
  cancel(id: number): void;
  /** Fault injection for the recovery tests: a lost GPU device, a wedged or a dead worker. */
  debug(action: 'lose-device' | 'hang' | 'crash'): Promise<boolean>;
}

