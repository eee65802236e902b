// The syntax check's entry point: the validator, the live documents it keeps,
// batch checks, and the Node runtime (grammars read from node_modules).
// Node only: node-runtime reads files, so a browser worker imports by path.
export type { SyntaxValidator } from './validator';
export { LiveDocuments } from './live-documents';
export { runBatch } from './batch';
export { danglingRows, unclosedOpeners } from './unclosed-openers';
export { createNodeValidator, grammarPath, nodeRuntimePort, treeSitterWasmPath } from './node-runtime';
