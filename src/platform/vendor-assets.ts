// Runtime files the app serves itself instead of fetching from a CDN (tests,
// offline use and strict CSPs have no CDN). One table used by the Vite plugin
// that serves/emits them and by the workers that point the runtimes at them.

export const VENDOR_BASE = '/vendor';

/**
 * ONNX Runtime Web's WASM build that transformers.js uses for both WebGPU
 * (JSEP/asyncify) and WASM. Only its .mjs is served from here; its .wasm is the
 * asset Vite emits for ORT's own bundle (see ort-wasm.ts).
 */
export const ORT_FILES = {
  mjs: 'ort/ort-wasm-simd-threaded.asyncify.mjs',
} as const;

export const TREE_SITTER_RUNTIME = 'tree-sitter/web-tree-sitter.wasm';

export const grammarAsset = (file: string) => `grammars/${file}`;

/** Where each served folder comes from, relative to node_modules. */
export const VENDOR_SOURCES: Record<string, string> = {
  ort: 'onnxruntime-web/dist',
  'tree-sitter': 'web-tree-sitter',
  grammars: '@vscode/tree-sitter-wasm/wasm',
};

export function vendorUrl(path: string, origin: string): string {
  return new URL(`${VENDOR_BASE}/${path}`, origin).href;
}
