// Where the syntax worker points web-tree-sitter at its runtime .wasm (browser
// only: the `?url` import needs Vite; Node reads the same file from
// node_modules, see src/syntax/node-runtime.ts).
//
// web-tree-sitter's code already holds
// `new URL('web-tree-sitter.wasm', import.meta.url)`, so Vite emits the file
// anyway; this import resolves to that same hashed file (one copy in the
// build). In dev, Vite serves it from node_modules.
import treeSitterWasmUrl from 'web-tree-sitter/web-tree-sitter.wasm?url';

export function treeSitterRuntimeUrl(origin: string): string {
  return new URL(treeSitterWasmUrl, origin).href;
}
