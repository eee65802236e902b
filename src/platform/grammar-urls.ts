// Where the syntax worker fetches each grammar (browser only: `?url` imports
// need Vite; Node reads the same files from node_modules, node-runtime.ts).
// Both go by the grammar's specifier, the language record's package and file
// (src/languages/grammar.ts). As Vite assets the grammars get content-hashed
// names in the build, so a grammar upgrade changes their URLs and no cache
// pairs an old grammar with a new web-tree-sitter runtime. One import per
// grammar a language uses, in its folder's grammar-url.ts: a glob over the
// package would ship the grammars no language uses too.
import { grammarSpecifier } from '../languages/grammar';
import { languageSpec } from '../languages/registry';

/** Each language folder's grammar-url.ts, by the folder's name (its language's id). */
const FOLDER_URLS = import.meta.glob<string>('../languages/*/grammar-url.ts', { eager: true, import: 'default' });
const BY_LANGUAGE = Object.fromEntries(Object.entries(FOLDER_URLS).map(([module, url]) => [module.split('/').at(-2)!, url]));

/** Grammar specifier (as the language registry names it) -> its URL, relative to the origin. */
export const GRAMMAR_URLS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(BY_LANGUAGE).map(([id, url]) => {
    const grammar = languageSpec(id)?.grammar;
    if (!grammar) throw new Error(`src/platform/grammar-urls.ts: ${id} bundles a grammar but its record names none`);
    return [grammarSpecifier(grammar), url];
  }),
);

export function grammarUrl(specifier: string, origin: string): string {
  const url = GRAMMAR_URLS[specifier];
  if (!url) throw new Error(`grammar ${specifier} is not bundled (each language folder's grammar-url.ts bundles its own)`);
  return new URL(url, origin).href;
}
