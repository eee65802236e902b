// Node adapter for the validator: finds tree-sitter's runtime and the
// grammars in node_modules. Used by the tests and the eval harness; the
// browser worker brings its own port that fetches URLs.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Parser } from 'web-tree-sitter';
import { grammarSource } from '../languages/grammar';
import { SyntaxValidator, type SyntaxValidatorOptions } from './validator';
import type { SyntaxRuntimePort } from '../vocabulary/types';

const require = createRequire(import.meta.url);

/** Absolute path of web-tree-sitter's runtime wasm (the package exports it). */
export function treeSitterWasmPath(): string {
  return require.resolve('web-tree-sitter/web-tree-sitter.wasm');
}

/** Absolute path of a grammar, from its specifier (src/languages/grammar.ts): the file in its package in node_modules. */
export function grammarPath(specifier: string): string {
  const { package: pkg, file } = grammarSource(specifier);
  // Resolve the package itself, not the file: robust to a package whose
  // `exports` map hides its grammars' folder.
  return join(dirname(require.resolve(`${pkg}/package.json`)), file);
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

export function nodeRuntimePort(): SyntaxRuntimePort {
  return {
    initParser: initRuntime,
    async loadGrammar(specifier) {
      return new Uint8Array(await readFile(grammarPath(specifier)));
    },
  };
}

export function createNodeValidator(options?: SyntaxValidatorOptions): SyntaxValidator {
  return new SyntaxValidator(nodeRuntimePort(), options);
}
