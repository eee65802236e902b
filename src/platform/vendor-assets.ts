// Files the workers import with `?url` that the dev server must send as they
// are on disk. The runtimes' files (ONNX Runtime's .mjs and .wasm,
// web-tree-sitter's .wasm, the grammars) are all Vite assets (`?url` imports
// in ort-wasm.ts, tree-sitter-wasm.ts, grammar-urls.ts), so the built app
// names them by content hash and an upgrade changes their URLs. The app
// fetches nothing from a CDN (tests, offline use and strict CSPs have none).

/**
 * Package specifiers, resolved by vite.config.ts's plugin, which answers only
 * the plain URL (`?url` itself and Vite's other queries stay Vite's).
 * Otherwise Vite's dev server transforms ORT's .mjs as one of the app's
 * modules: its Node-only imports become `/@id/...`, its
 * `new URL('<file>.wasm', import.meta.url)` a root-relative path, plus an
 * inline source map; transformers.js may run the .mjs from a blob: URL, where
 * root-relative URLs cannot resolve. The build emits `?url` files byte for
 * byte, so dev then runs the same bytes as the build.
 */
export const RAW_IN_DEV = ['onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs', 'onnxruntime-web/ort-wasm-simd-threaded.mjs'] as const;
