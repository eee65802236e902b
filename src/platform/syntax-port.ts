// The syntax validator's runtime port in the browser: web-tree-sitter's .wasm
// and the grammars, fetched from this origin (Vite assets). Used by the app's
// syntax worker and by the bench's copy of it, so both load alike.
import { Parser } from 'web-tree-sitter';
import type { SyntaxRuntimePort } from '../vocabulary/types';
import { grammarUrl } from './grammar-urls';
import { treeSitterRuntimeUrl } from './tree-sitter-wasm';

export function browserSyntaxPort(origin: string): SyntaxRuntimePort {
  return {
    initParser: () => Parser.init({ locateFile: () => treeSitterRuntimeUrl(origin) }),
    async loadGrammar(file: string) {
      const res = await fetch(grammarUrl(file, origin));
      if (!res.ok) throw new Error(`grammar ${file} could not be loaded (HTTP ${res.status})`);
      return new Uint8Array(await res.arrayBuffer());
    },
  };
}
