// Java's grammar as the browser fetches it: the record's grammar file, a
// Vite asset with a content-hashed name (src/platform/grammar-urls.ts).
export { default } from '@vscode/tree-sitter-wasm/wasm/tree-sitter-java.wasm?url';
