// Runtime files the app serves itself instead of fetching from a CDN (tests,
// offline use and strict CSPs have no CDN). One table used by the Vite plugin
// that serves/emits them and by the workers that point the runtimes at them.
//
// The runtimes' own files are not here: ONNX Runtime's .mjs and .wasm and
// web-tree-sitter's .wasm are Vite assets (`?url` imports in ort-wasm.ts and
// tree-sitter-wasm.ts), so the built app names them by content hash and a
// package upgrade changes their URLs. Only the grammars, which the syntax
// worker fetches by name, are served from /vendor/.

export const VENDOR_BASE = '/vendor';

export const grammarAsset = (file: string) => `grammars/${file}`;

/** Where each served folder comes from, relative to node_modules. */
export const VENDOR_SOURCES: Record<string, string> = {
  grammars: '@vscode/tree-sitter-wasm/wasm',
};

/**
 * Files the workers import with `?url` that the dev server must send as they
 * are on disk (package specifiers, resolved by vite.config.ts's plugin, which
 * answers only the plain URL: `?url` itself and Vite's other queries stay
 * Vite's). Otherwise Vite's dev server transforms ORT's .mjs as one of the
 * app's modules: its Node-only imports become `/@id/...`, its
 * `new URL('<file>.wasm', import.meta.url)` a root-relative path, plus an
 * inline source map; transformers.js may run the .mjs from a blob: URL, where
 * root-relative URLs cannot resolve. The build emits `?url` files byte for
 * byte, so dev then runs the same bytes as the build.
 */
export const RAW_IN_DEV = ['onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs'] as const;

export function vendorUrl(path: string, origin: string): string {
  return new URL(`${VENDOR_BASE}/${path}`, origin).href;
}
