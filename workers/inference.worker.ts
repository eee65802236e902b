// Thin host: runs the local model off the main thread and exposes it over comlink.
import * as Comlink from 'comlink';
import { env } from '@huggingface/transformers';
import { fimTemplate } from '../src/completion/fim';
import type { CompletionRequest, InferenceDevice, LocalCompletion } from '../src/completion/types';
import { completeWithFim, prefillWithFim } from '../src/inference/fim-completion';
import { warmUp } from '../src/inference/warm-up';
import { loadLocalModel, type DownloadProgress, type LoadedModel, type ModelLocation } from '../src/inference/local-model';
import { WEBGPU_FAILED, type InferenceLoadRequest, type InferenceLoadResult, type InferenceWorkerApi } from '../src/inference/worker-api';
import { ortWasmPaths } from '../src/platform/ort-wasm';
import type { ModelSource } from '../src/config/types';

// ONNX Runtime's own files come from this app, never from a CDN.
const onnxEnv = env.backends.onnx as { wasm?: { wasmPaths?: unknown; numThreads?: number } };
if (onnxEnv.wasm) onnxEnv.wasm.wasmPaths = ortWasmPaths(self.location.origin);

/** Set by the first load: ONNX Runtime reads numThreads once, when its WASM starts. */
let threads: { count: number; note?: string } | undefined;

function configureThreads(wanted = 0): { count: number; note?: string } {
  if (threads) return threads;
  const cores = navigator.hardwareConcurrency || 1;
  const count = wanted > 0 ? wanted : Math.min(4, cores);
  // Threads are SharedArrayBuffers, which only a cross-origin isolated page (COOP + COEP headers) has.
  threads = self.crossOriginIsolated || count === 1
    ? { count }
    : { count: 1, note: 'single-threaded: the page is not cross-origin isolated (the host must send Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp)' };
  if (onnxEnv.wasm) onnxEnv.wasm.numThreads = threads.count;
  return threads;
}

export const BUNDLED_MODELS_PATH = '/models/fixtures/';

function locationOf(source: ModelSource): ModelLocation {
  switch (source.kind) {
    case 'hub': return { kind: 'hub' };
    case 'url': return { kind: 'remote', host: source.url };
    // A path, not a URL: transformers.js only probes local files given as paths.
    case 'bundled': return { kind: 'local', root: BUNDLED_MODELS_PATH };
  }
}

async function webGpuUnavailableReason(): Promise<string | undefined> {
  const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
  if (!gpu) return 'this browser has no WebGPU';
  try {
    return (await gpu.requestAdapter()) ? undefined : 'no WebGPU adapter is available';
  } catch (e) {
    return `WebGPU adapter request failed: ${(e as Error).message}`;
  }
}

let model: LoadedModel | undefined;
let loaded: { req: InferenceLoadRequest; location: ModelLocation } | undefined;
const inFlight = new Map<number, AbortController>();

// Bundled fixtures ship fp32 only; hub models pick the quantisation per device.
const dtypeFor = (req: InferenceLoadRequest, d: 'webgpu' | 'wasm') => (req.source.kind === 'bundled' ? 'fp32' : req.dtype[d]);

function loadOn(device: 'webgpu' | 'wasm', req: InferenceLoadRequest, location: ModelLocation, onProgress?: (p: DownloadProgress) => void): Promise<LoadedModel> {
  return loadLocalModel({ model: req.model, location, device, dtype: dtypeFor(req, device), family: req.family, fileName: req.fileName, onProgress, reuseCache: req.reuseCache ?? true });
}

/**
 * transformers.js chains every session creation and run on one promise, so a
 * single WebGPU failure rejects every later call in this worker too. The
 * cure is a fresh worker on WASM: the engine does that on this marker.
 */
function webGpuFailed(what: string, cause: unknown): Error {
  return new Error(`${WEBGPU_FAILED}WebGPU failed ${what} (${(cause as Error)?.message ?? String(cause)})`);
}

const api: InferenceWorkerApi = {
  async load(req: InferenceLoadRequest, onProgress): Promise<InferenceLoadResult> {
    const t0 = performance.now();
    fimTemplate(req.family); // unknown family: fail before downloading anything
    const threadsInUse = configureThreads(req.wasmThreads);
    await model?.dispose();
    model = undefined;
    const location = locationOf(req.source);
    let fallbackReason: string | undefined;
    let device: InferenceDevice = 'wasm';
    if (req.device !== 'wasm') {
      fallbackReason = await webGpuUnavailableReason();
      if (!fallbackReason) {
        try {
          model = await loadOn('webgpu', req, location, onProgress);
          device = 'webgpu';
        } catch (e) {
          // Whatever the cause, a fresh worker on WASM either works or names it.
          throw webGpuFailed('to load the model', e);
        }
      }
    }
    if (!model) model = await loadOn('wasm', req, location, onProgress);
    loaded = { req, location };
    const ms = performance.now() - t0;
    let warm: Awaited<ReturnType<typeof warmUp>> | undefined;
    if (req.warmUp !== false) {
      try {
        warm = await warmUp(model, req.family);
      } catch (e) {
        if (device === 'webgpu') throw webGpuFailed('in the warm-up run', e);
        throw e;
      }
    }
    return {
      model: req.model, device, fallbackReason: req.device === 'wasm' ? undefined : fallbackReason, ms,
      threads: threadsInUse.count, ...(threadsInUse.note && { threadsNote: threadsInUse.note }),
      ...(warm && { speed: warm.speed, warmUpMs: warm.warmMs }),
    };
  },

  async prefill(id: number, req: CompletionRequest) {
    if (!model || !loaded) throw new Error('The local model is not loaded yet.');
    const ac = new AbortController();
    inFlight.set(id, ac);
    try {
      return await prefillWithFim(model, loaded.req.family, req, ac.signal);
    } catch (e) {
      throw model.device === 'webgpu' ? webGpuFailed('while reading ahead', e) : e;
    } finally {
      inFlight.delete(id);
    }
  },

  async complete(id: number, req: CompletionRequest): Promise<LocalCompletion> {
    if (!model || !loaded) throw new Error('The local model is not loaded yet.');
    const ac = new AbortController();
    inFlight.set(id, ac);
    try {
      try {
        return await completeWithFim(model, loaded.req.family, req, ac.signal);
      } catch (e) {
        throw model.device === 'webgpu' ? webGpuFailed('while completing', e) : e;
      }
    } finally {
      inFlight.delete(id);
    }
  },

  cancel(id: number): void {
    inFlight.get(id)?.abort();
  },

  async debug(action: 'lose-device' | 'hang' | 'crash'): Promise<boolean> {
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
        setTimeout(() => { const until = Date.now() + 600_000; while (Date.now() < until) { /* wedged */ } }, 0);
        return true;
      case 'crash':
        setTimeout(() => self.close(), 0);
        return true;
    }
  },
};

Comlink.expose(api);
