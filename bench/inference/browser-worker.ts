// The bench's own worker in Chromium: the same loader as the app's inference
// worker, exposing a bare generate() timed inside the worker, so the app's
// engine path can be compared with the model call alone. Served by Vite.
import * as Comlink from 'comlink';
import { env } from '@huggingface/transformers';
import { loadLocalModel, type LoadedModel } from '../../src/completion';
import { ortWasmPaths } from '../../src/platform/ort-wasm'; // deep: Vite-only (ONNX Runtime WASM `?url` imports), so not in the platform index

// As src/completion/worker/inference.worker.ts: ONNX Runtime from the app, one thread.
const onnxEnv = env.backends.onnx as { wasm?: { wasmPaths?: unknown; numThreads?: number } };
if (onnxEnv.wasm) {
  onnxEnv.wasm.wasmPaths = ortWasmPaths(self.location.origin, 'webgpu');
  onnxEnv.wasm.numThreads = 1;
}

let model: LoadedModel | undefined;

const api = {
  async load(name: string, device: 'webgpu' | 'wasm'): Promise<number> {
    const t0 = performance.now();
    model = await loadLocalModel({ model: name, source: { kind: 'bundled', root: '/models/fixtures/' }, device, dtype: 'fp32' });
    return performance.now() - t0;
  },
  async generate(prompt: string, maxNewTokens: number, stopTokens: string[]): Promise<{ ms: number; tokens: number }> {
    if (!model) throw new Error('bench worker: load first');
    const t0 = performance.now();
    const out = await model.generate(prompt, { maxNewTokens, stopTokens });
    return { ms: performance.now() - t0, tokens: out.tokens.length };
  },
};
export type BenchWorkerApi = typeof api;

Comlink.expose(api);
