// Node adapter for the validator: finds tree-sitter's runtime and the
// grammars in node_modules. Used by tests and the eval harness; the browser
// worker supplies its own port that fetches URLs.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Parser } from 'web-tree-sitter';
import { SyntaxValidator, type SyntaxRuntimePort } from './validator';

const require = createRequire(import.meta.url);

/** Absolute path of web-tree-sitter's own runtime wasm. */
export function treeSitterWasmPath(): string {
  return require.resolve('web-tree-sitter/web-tree-sitter.wasm');
}

/**
 * Folder holding the grammar wasm files. The package exports no subpaths
 * (so `require.resolve('@vscode/tree-sitter-wasm/wasm/x.wasm')` is refused);
 * resolve its package.json instead and go from there.
 */
export function grammarDir(): string {
  return join(dirname(require.resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm');
}

export function nodeRuntimePort(): SyntaxRuntimePort {
  return {
    async initParser() {
      // Hand the runtime its bytes: no locateFile/URL guessing under Vitest,
      // where import.meta.url of the bundled module may not be a file path.
      const wasmBinary = await readFile(treeSitterWasmPath());
      await Parser.init({ wasmBinary });
    },
    async loadGrammar(file) {
      return new Uint8Array(await readFile(join(grammarDir(), file)));
    },
  };
}

export function createNodeValidator(): SyntaxValidator {
  return new SyntaxValidator(nodeRuntimePort());
}
