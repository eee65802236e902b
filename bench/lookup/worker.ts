// The lookup bench's worker in Chromium: the twin loaded with transformers.js
// on ONNX Runtime Web (WASM, the app's thread rule), timed by pass-cost.ts.
// Served by Vite, as the app's own worker is.
import * as Comlink from 'comlink';
import { AutoModelForCausalLM, env, type PreTrainedModel } from '@huggingface/transformers';
import { ortWasmPaths } from '../../src/platform/ort-wasm'; // deep: Vite-only (ONNX Runtime WASM `?url` imports), so not in the platform index
import { measurePassCost } from './pass-cost';

const onnxEnv = env.backends.onnx as { wasm?: { wasmPaths?: unknown; numThreads?: number } };
let lm: PreTrainedModel | undefined;

const api = {
  async load(o: { name: string; root: string; dtype: string }) {
    // Every core the machine has (up to 4) where the page is cross-origin isolated: the cost of a pass alone, with no page to type in.
    const threads = self.crossOriginIsolated ? Math.min(4, navigator.hardwareConcurrency || 1) : 1;
    if (onnxEnv.wasm) {
      onnxEnv.wasm.wasmPaths = ortWasmPaths(self.location.origin, 'cpu');
      onnxEnv.wasm.numThreads = threads;
    }
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
    env.localModelPath = o.root;
    env.useBrowserCache = false;
    const t0 = performance.now();
    lm = await AutoModelForCausalLM.from_pretrained(o.name, { device: 'wasm', dtype: o.dtype as never });
    return { ms: performance.now() - t0, isolated: self.crossOriginIsolated, threads };
  },
  measure(ids: number[], context: number, reps: number) {
    if (!lm) throw new Error('load first');
    // Progress goes to the console, which the bench prints: a pass on WASM takes seconds.
    return measurePassCost(lm, ids, context, reps, (msg) => console.info(`lookup: ${msg}`));
  },
};
export type LookupWorkerApi = typeof api;

Comlink.expose(api);
