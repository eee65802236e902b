// Where the workers point ONNX Runtime at its files (browser only: the `?url`
// import needs Vite, so vite.config.ts cannot import this module).
//
// The .wasm is Vite's own asset: ORT's bundled code already holds
// `new URL('ort-wasm-simd-threaded.asyncify.wasm', import.meta.url)`, so Vite
// emits the file anyway, and this import resolves to that same hashed file
// (one 27 MB copy in the build instead of two). In dev, Vite serves it from
// node_modules. The .mjs stays under /vendor/ (see vendor-assets.ts).
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { ORT_FILES, vendorUrl } from './vendor-assets';

export function ortWasmPaths(origin: string): { mjs: string; wasm: string } {
  return { mjs: vendorUrl(ORT_FILES.mjs, origin), wasm: new URL(ortWasmUrl, origin).href };
}
