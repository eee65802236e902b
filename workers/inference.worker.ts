// Thin host: runs the local model off the main thread and exposes it over comlink.
import * as Comlink from 'comlink';
import { env } from '@huggingface/transformers';
import { fimTemplate } from '../src/completion/fim';
import type { CompletionRequest, InferenceDevice, LocalCompletion } from '../src/completion/types';
import { completeWithFim } from '../src/inference/fim-completion';
import { loadLocalModel, type LoadedModel, type ModelLocation } from '../src/inference/local-model';
import type { InferenceLoadRequest, InferenceLoadResult, InferenceWorkerApi } from '../src/inference/worker-api';
import { ORT_FILES, vendorUrl } from '../src/platform/vendor-assets';
import type { ModelSource } from '../src/config/types';

// ONNX Runtime's own files come from this app, never from a CDN.
const onnxEnv = env.backends.onnx as { wasm?: { wasmPaths?: unknown; numThreads?: number } };
if (onnxEnv.wasm) {
  onnxEnv.wasm.wasmPaths = { mjs: vendorUrl(ORT_FILES.mjs, self.location.origin), wasm: vendorUrl(ORT_FILES.wasm, self.location.origin) };
  // Threads need cross-origin isolation, which a plain static host does not give.
  onnxEnv.wasm.numThreads = 1;
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
let family = 'qwen2.5-coder';
const inFlight = new Map<number, AbortController>();

const api: InferenceWorkerApi = {
  async load(req: InferenceLoadRequest, onProgress): Promise<InferenceLoadResult> {
    const t0 = performance.now();
    fimTemplate(req.family); // unknown family: fail before downloading anything
    await model?.dispose();
    model = undefined;
    const location = locationOf(req.source);
    // Bundled fixtures ship fp32 only; hub models pick the quantisation per device.
    const dtypeFor = (d: 'webgpu' | 'wasm') => (req.source.kind === 'bundled' ? 'fp32' : req.dtype[d]);
    let fallbackReason: string | undefined;
    let device: InferenceDevice = 'wasm';
    if (req.device !== 'wasm') {
      fallbackReason = await webGpuUnavailableReason();
      if (!fallbackReason) {
        try {
          model = await loadLocalModel({ model: req.model, location, device: 'webgpu', dtype: dtypeFor('webgpu'), onProgress });
          device = 'webgpu';
        } catch (e) {
          fallbackReason = `WebGPU failed to load the model (${(e as Error).message})`;
        }
      }
    }
    if (!model) model = await loadLocalModel({ model: req.model, location, device: 'wasm', dtype: dtypeFor('wasm'), onProgress });
    family = req.family;
    return { model: req.model, device, fallbackReason: req.device === 'wasm' ? undefined : fallbackReason, ms: performance.now() - t0 };
  },

  async complete(id: number, req: CompletionRequest): Promise<LocalCompletion> {
    if (!model) throw new Error('The local model is not loaded yet.');
    const ac = new AbortController();
    inFlight.set(id, ac);
    try {
      return await completeWithFim(model, family, req, ac.signal);
    } finally {
      inFlight.delete(id);
    }
  },

  cancel(id: number): void {
    inFlight.get(id)?.abort();
  },
};

Comlink.expose(api);
