// Thin host: the tree-sitter validator off the main thread, over comlink.
import * as Comlink from 'comlink';
import { Parser } from 'web-tree-sitter';
import type { SyntaxWorkerApi } from '../src/syntax/worker-api';
import { SyntaxValidator } from '../src/syntax/validator';
import { TREE_SITTER_RUNTIME, grammarAsset, vendorUrl } from '../src/platform/vendor-assets';

const origin = self.location.origin;

const validator = new SyntaxValidator({
  initParser: () => Parser.init({ locateFile: () => vendorUrl(TREE_SITTER_RUNTIME, origin) }),
  async loadGrammar(file: string) {
    const res = await fetch(vendorUrl(grammarAsset(file), origin));
    if (!res.ok) throw new Error(`grammar ${file} could not be loaded (HTTP ${res.status})`);
    return new Uint8Array(await res.arrayBuffer());
  },
});

const api: SyntaxWorkerApi = { validate: (req) => validator.validate(req) };
Comlink.expose(api);
