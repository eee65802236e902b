// Where the workers point ONNX Runtime at its files (browser only: the `?url`
// imports need Vite, so vite.config.ts cannot import this module).
//
// Two builds of the runtime ship. The WebGPU one (asyncify: its WebGPU calls
// are asynchronous) is about twice the size of the plain WASM one, and the
// browser compiles all of it before the first session; a worker that will
// only ever run on the CPU starts the plain one.
//
// All four files are Vite assets, so the built app names them by content
// hash: an ORT upgrade changes their URLs, and no browser or transformers.js
// cache can pair an old .mjs with a new .wasm (they must match exactly).
// - The WebGPU .wasm: ORT's bundled code already holds
//   `new URL('ort-wasm-simd-threaded.asyncify.wasm', import.meta.url)`, so Vite
//   emits the file anyway, and this import resolves to that same hashed file
//   (one copy of the large runtime in the build instead of two).
// - The .mjs files: emitted byte for byte by the build. In dev, Vite would
//   transform them as modules, so vite.config.ts's plugin serves them raw (RAW_IN_DEV).
import webGpuMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import webGpuWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import cpuMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.mjs?url';
import cpuWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import type { OrtRuntime } from '../vocabulary/types';

const FILES: Record<OrtRuntime, { mjs: string; wasm: string }> = {
  webgpu: { mjs: webGpuMjsUrl, wasm: webGpuWasmUrl },
  cpu: { mjs: cpuMjsUrl, wasm: cpuWasmUrl },
};

export function ortWasmPaths(origin: string, runtime: OrtRuntime): { mjs: string; wasm: string } {
  const { mjs, wasm } = FILES[runtime];
  return { mjs: new URL(mjs, origin).href, wasm: new URL(wasm, origin).href };
}
