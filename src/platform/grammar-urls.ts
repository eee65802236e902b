// Where the syntax worker fetches each grammar (browser only: `?url` imports
// need Vite; Node reads the same files from node_modules, node-runtime.ts).
// As Vite assets the grammars get content-hashed names in the build, so a
// grammar upgrade changes their URLs and no cache pairs an old grammar with a
// new web-tree-sitter runtime. One import per grammar a language uses: a glob
// would ship the package's grammars we do not support too.
import csharp from '@vscode/tree-sitter-wasm/wasm/tree-sitter-c-sharp.wasm?url';
import cpp from '@vscode/tree-sitter-wasm/wasm/tree-sitter-cpp.wasm?url';
import go from '@vscode/tree-sitter-wasm/wasm/tree-sitter-go.wasm?url';
import java from '@vscode/tree-sitter-wasm/wasm/tree-sitter-java.wasm?url';
import javascript from '@vscode/tree-sitter-wasm/wasm/tree-sitter-javascript.wasm?url';
import python from '@vscode/tree-sitter-wasm/wasm/tree-sitter-python.wasm?url';
import rust from '@vscode/tree-sitter-wasm/wasm/tree-sitter-rust.wasm?url';
import tsx from '@vscode/tree-sitter-wasm/wasm/tree-sitter-tsx.wasm?url';
import typescript from '@vscode/tree-sitter-wasm/wasm/tree-sitter-typescript.wasm?url';

/** Grammar file name (as in the language registry, src/languages/registry.ts) -> its URL, relative to the origin. */
export const GRAMMAR_URLS: Readonly<Record<string, string>> = {
  'tree-sitter-c-sharp.wasm': csharp,
  'tree-sitter-cpp.wasm': cpp,
  'tree-sitter-go.wasm': go,
  'tree-sitter-java.wasm': java,
  'tree-sitter-javascript.wasm': javascript,
  'tree-sitter-python.wasm': python,
  'tree-sitter-rust.wasm': rust,
  'tree-sitter-tsx.wasm': tsx,
  'tree-sitter-typescript.wasm': typescript,
};

export function grammarUrl(file: string, origin: string): string {
  const url = GRAMMAR_URLS[file];
  if (!url) throw new Error(`grammar ${file} is not bundled (src/platform/grammar-urls.ts lists the ones that are)`);
  return new URL(url, origin).href;
}
