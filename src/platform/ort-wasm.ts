// Where the workers point ONNX Runtime at its files (browser only: the `?url`
// imports need Vite, so vite.config.ts cannot import this module).
//
// Both are Vite assets, so the built app names them by content hash: an ORT
// upgrade changes both URLs, and no browser or transformers.js cache can pair
// an old .mjs with a new .wasm (they must match exactly).
// - The .wasm: ORT's bundled code already holds
//   `new URL('ort-wasm-simd-threaded.asyncify.wasm', import.meta.url)`, so Vite
//   emits the file anyway, and this import resolves to that same hashed file
//   (one copy of the large runtime in the build instead of two).
// - The .mjs: emitted byte for byte by the build. In dev, Vite would transform
//   it as a module, so vite.config.ts's plugin serves it raw (RAW_IN_DEV).
import ortMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';

export function ortWasmPaths(origin: string): { mjs: string; wasm: string } {
  return { mjs: new URL(ortMjsUrl, origin).href, wasm: new URL(ortWasmUrl, origin).href };
}
