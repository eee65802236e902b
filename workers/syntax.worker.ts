// Thin host: the tree-sitter validator and the live documents off the main
// thread, over comlink (the API is src/syntax/syntax-service.ts).
import * as Comlink from 'comlink';
import { Parser } from 'web-tree-sitter';
import { createSyntaxService } from '../src/syntax/syntax-service';
import { treeSitterRuntimeUrl } from '../src/platform/tree-sitter-wasm';
import { grammarUrl } from '../src/platform/grammar-urls';

const origin = self.location.origin;

Comlink.expose(createSyntaxService({
  initParser: () => Parser.init({ locateFile: () => treeSitterRuntimeUrl(origin) }),
  async loadGrammar(file: string) {
    const res = await fetch(grammarUrl(file, origin));
    if (!res.ok) throw new Error(`grammar ${file} could not be loaded (HTTP ${res.status})`);
    return new Uint8Array(await res.arrayBuffer());
  },
}));
