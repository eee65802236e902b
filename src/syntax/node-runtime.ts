// Node adapter for the validator: finds tree-sitter's runtime and the
// grammars in node_modules. Used by the tests and the eval harness; the
// browser worker brings its own port that fetches URLs.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Parser } from 'web-tree-sitter';
import { SyntaxValidator, type SyntaxValidatorOptions } from './validator';
import type { SyntaxRuntimePort } from '../vocabulary/types';

const require = createRequire(import.meta.url);

/** Absolute path of web-tree-sitter's runtime wasm (the package exports it). */
export function treeSitterWasmPath(): string {
  return require.resolve('web-tree-sitter/web-tree-sitter.wasm');
}

/** Folder holding the grammar wasm files of @vscode/tree-sitter-wasm. */
export function grammarDir(): string {
  // Resolve the package itself, not a file inside it: robust to the package
  // adding an `exports` map that hides its `wasm/` folder.
  return join(dirname(require.resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm');
}

// web-tree-sitter's runtime is one per process: init it once, whatever the
// number of validators (two racing Parser.init calls would build two modules).
let runtime: Promise<void> | undefined;

function initRuntime(): Promise<void> {
  if (!runtime) {
    // Hand the runtime its bytes rather than a locateFile path: no guessing
    // where the module file lives once a bundler (Vitest, tsx) has moved it.
    const loading = readFile(treeSitterWasmPath()).then((bytes) => Parser.init({ wasmBinary: bytes }));
    loading.catch(() => {
      if (runtime === loading) runtime = undefined;
    });
    runtime = loading;
  }
  return runtime;
}

export function nodeRuntimePort(dir: string = grammarDir()): SyntaxRuntimePort {
  return {
    initParser: initRuntime,
    async loadGrammar(file) {
      return new Uint8Array(await readFile(join(dir, file)));
    },
  };
}

export function createNodeValidator(options?: SyntaxValidatorOptions): SyntaxValidator {
  return new SyntaxValidator(nodeRuntimePort(), options);
}
