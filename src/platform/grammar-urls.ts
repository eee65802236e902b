// Where the syntax worker fetches each grammar (browser only: `?url` imports
// need Vite; Node reads the same files from node_modules, node-runtime.ts).
// Both go by the grammar's specifier, the language record's package and file
// (src/languages/grammar.ts). As Vite assets the grammars get content-hashed
// names in the build, so a grammar upgrade changes their URLs and no cache
// pairs an old grammar with a new web-tree-sitter runtime. One import per
// grammar a language uses: a glob over the package would ship the grammars
// no language uses too.
import csharp from '@vscode/tree-sitter-wasm/wasm/tree-sitter-c-sharp.wasm?url';
import cpp from '@vscode/tree-sitter-wasm/wasm/tree-sitter-cpp.wasm?url';
import go from '@vscode/tree-sitter-wasm/wasm/tree-sitter-go.wasm?url';
import java from '@vscode/tree-sitter-wasm/wasm/tree-sitter-java.wasm?url';
import javascript from '@vscode/tree-sitter-wasm/wasm/tree-sitter-javascript.wasm?url';
import python from '@vscode/tree-sitter-wasm/wasm/tree-sitter-python.wasm?url';
import rust from '@vscode/tree-sitter-wasm/wasm/tree-sitter-rust.wasm?url';
import tsx from '@vscode/tree-sitter-wasm/wasm/tree-sitter-tsx.wasm?url';
import typescript from '@vscode/tree-sitter-wasm/wasm/tree-sitter-typescript.wasm?url';
import { grammarSpecifier } from '../languages/grammar';
import { languageSpec } from '../languages/registry';

const BUILT_IN: Readonly<Record<string, string>> = {
  csharp,
  cpp,
  go,
  java,
  javascript,
  python,
  rust,
  tsx,
  typescript,
};

/** Each plug-in language folder's grammar-url.ts, by the folder's name (its language's id). */
const PLUGIN_URLS = import.meta.glob<string>('../languages/*/grammar-url.ts', { eager: true, import: 'default' });
const PLUGIN = Object.fromEntries(Object.entries(PLUGIN_URLS).map(([module, url]) => [module.split('/').at(-2)!, url]));

/** Grammar specifier (as the language registry names it) -> its URL, relative to the origin. */
export const GRAMMAR_URLS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries({ ...BUILT_IN, ...PLUGIN }).map(([id, url]) => {
    const grammar = languageSpec(id)?.grammar;
    if (!grammar) throw new Error(`src/platform/grammar-urls.ts: ${id} bundles a grammar but its record names none`);
    return [grammarSpecifier(grammar), url];
  }),
);

export function grammarUrl(specifier: string, origin: string): string {
  const url = GRAMMAR_URLS[specifier];
  if (!url)
    throw new Error(
      `grammar ${specifier} is not bundled (src/platform/grammar-urls.ts lists the ones that are, and each language folder's grammar-url.ts)`,
    );
  return new URL(url, origin).href;
}
