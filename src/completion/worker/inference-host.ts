// What both inference workers (the dedicated one, inference.worker.ts, and
// the origin's shared one, inference-shared.worker.ts) plug in: the browser
// under the inference service, and the fault injection the recovery tests use.
import { env } from '@huggingface/transformers';
import { BUNDLED_MODELS_PATH, InferenceService } from './inference-service';
import { announceResources } from '../../platform/offline-keep';
import { ortWasmPaths } from '../../platform/ort-wasm';

const onnxEnv = env.backends.onnx as { wasm?: { wasmPaths?: unknown; numThreads?: number } };

/** Why WebGPU cannot be used in this worker, or undefined when an adapter exists. */
export async function webGpuUnavailableReason(): Promise<string | undefined> {
  const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
  if (!gpu) return 'this browser has no WebGPU';
  try {
    return (await gpu.requestAdapter()) ? undefined : 'no WebGPU adapter is available';
  } catch (e) {
    return `WebGPU adapter request failed: ${(e as Error).message}`;
  }
}

/** The service on this worker's browser. The model's files load here: the page hands their URLs to the offline worker. */
export function createInferenceService(): InferenceService {
  announceResources();
  return new InferenceService({
    webGpuUnavailableReason,
    // Threads are SharedArrayBuffers, which only a cross-origin isolated page (COOP + COEP headers) has.
    crossOriginIsolated: self.crossOriginIsolated,
    cores: navigator.hardwareConcurrency || 1,
    setWasmThreads: (count) => {
      if (onnxEnv.wasm) onnxEnv.wasm.numThreads = count;
    },
    // ONNX Runtime's own files come from this app, never from a CDN.
    setRuntime: (runtime) => {
      if (onnxEnv.wasm) onnxEnv.wasm.wasmPaths = ortWasmPaths(self.location.origin, runtime);
    },
    bundledRoot: BUNDLED_MODELS_PATH,
  });
}

/** Fault injection: not in a production build (the recovery tests run on a test build). */
export async function injectFault(action: 'lose-device' | 'hang' | 'crash'): Promise<boolean> {
  switch (action) {
    case 'lose-device': {
      // Destroying ONNX Runtime's own GPUDevice is what a real device loss does to it.
      const gpu = (env.backends.onnx as { webgpu?: { device?: unknown } }).webgpu;
      const device = (await gpu?.device) as { destroy(): void } | undefined;
      device?.destroy();
      return !!device;
    }
    case 'hang':
      // A wedged worker: busy for longer than any watchdog.
      setTimeout(() => {
        const until = Date.now() + 600_000;
        while (Date.now() < until) {
          /* wedged */
        }
      }, 0);
      return true;
    case 'crash':
      setTimeout(() => self.close(), 0);
      return true;
  }
}
