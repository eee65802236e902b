// Thin host: runs the local model off the main thread and exposes it over
// comlink. The logic is src/inference/inference-service.ts; this file plugs
// the browser in and adds the fault injection the recovery tests use.
import * as Comlink from 'comlink';
import { env } from '@huggingface/transformers';
import { BUNDLED_MODELS_PATH, InferenceService } from '../src/inference/inference-service';
import type { InferenceWorkerApi } from '../src/inference/worker-api';
import { announceResources } from '../src/platform/offline-keep';
import { ortWasmPaths } from '../src/platform/ort-wasm';
import { TEST_SEAMS } from '../src/platform/test-seams';

// The model's files load here: the page hands their URLs to the offline worker.
announceResources();

const onnxEnv = env.backends.onnx as { wasm?: { wasmPaths?: unknown; numThreads?: number } };

const service = new InferenceService({
  async webGpuUnavailableReason() {
    const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
    if (!gpu) return 'this browser has no WebGPU';
    try {
      return (await gpu.requestAdapter()) ? undefined : 'no WebGPU adapter is available';
    } catch (e) {
      return `WebGPU adapter request failed: ${(e as Error).message}`;
    }
  },
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

async function injectFault(action: 'lose-device' | 'hang' | 'crash'): Promise<boolean> {
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

const api: InferenceWorkerApi = {
  load: (req, onProgress) => service.load(req, onProgress),
  complete: (id, req) => service.complete(id, req),
  prefill: (id, req) => service.prefill(id, req),
  cancel: (id) => service.cancel(id),
  watch: (onProgress) => service.watch(onProgress),
  suits: (device) => service.suits(device),

  // Fault injection: not in a production build (the recovery tests run on a test build).
  ...(TEST_SEAMS && { debug: injectFault }),
};

Comlink.expose(api);
