// The latency bench's worker in Chromium: the app's loader, with the thread
// count and KV-cache reuse of the configuration being measured. One worker
// per configuration: ONNX Runtime reads the thread count once per worker.
import * as Comlink from 'comlink';
import { env } from '@huggingface/transformers';
import { typingReplay, type ReplayOptions } from '../../testing/completion/typing-replay';
import { loadLocalModel, type LoadedModel } from '../../src/completion';
import { ortWasmPaths } from '../../src/platform/ort-wasm'; // deep: Vite-only (ONNX Runtime WASM `?url` imports), so not in the platform index
import { driveReplay, type ReplaySettings } from './replay-driver';
import { driveAcceptReplay, type AcceptSettings } from './accept-driver';
import { probeSpeed, type ProbeOptions } from './speed-probe';

const onnxEnv = env.backends.onnx as { wasm?: { wasmPaths?: unknown; numThreads?: number } };
let model: LoadedModel | undefined;

const api = {
  async load(o: { name: string; root: string; device: 'webgpu' | 'wasm'; dtype: string; threads: number; reuse: boolean }) {
    if (onnxEnv.wasm) {
      onnxEnv.wasm.wasmPaths = ortWasmPaths(self.location.origin, o.device === 'wasm' ? 'cpu' : 'webgpu');
      onnxEnv.wasm.numThreads = o.threads;
    }
    const t0 = performance.now();
    model = await loadLocalModel({
      model: o.name,
      source: { kind: 'bundled', root: o.root },
      device: o.device,
      dtype: o.dtype,
      reuseCache: o.reuse,
    });
    return { ms: performance.now() - t0, isolated: self.crossOriginIsolated, threads: onnxEnv.wasm?.numThreads ?? 1 };
  },
  speed(family: string, source: string, promptTokens: number, newTokens: number, options?: ProbeOptions) {
    if (!model) throw new Error('load first');
    return probeSpeed(model, family, source, promptTokens, newTokens, options ?? undefined);
  },
  replay(source: string, replay: ReplayOptions, settings: ReplaySettings) {
    if (!model) throw new Error('load first');
    return driveReplay(model, typingReplay(source, replay), settings);
  },
  acceptReplay(source: string, replay: ReplayOptions, settings: AcceptSettings) {
    if (!model) throw new Error('load first');
    return driveAcceptReplay(model, typingReplay(source, replay), settings);
  },
};
Comlink.expose(api);
