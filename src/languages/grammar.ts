// The one resolver of a language's grammar, for Node and the browser alike.
// A record names its grammar as a package and a file inside it (spec.ts,
// GrammarSource); both runtimes go by the specifier made here: Node resolves
// it in node_modules (src/syntax/node-runtime.ts), the browser looks up the
// URL the build gave the file (src/platform/grammar-urls.ts, which bundles
// each language's grammar from its folder's grammar-url.ts).
import type { GrammarSource } from './spec';

/** The grammar's module specifier: `@vscode/tree-sitter-wasm/wasm/tree-sitter-ruby.wasm`. */
export function grammarSpecifier(grammar: GrammarSource): string {
  return `${grammar.package}/${grammar.file}`;
}

/** A specifier split back into its package (scoped or not) and the file's path inside it. */
export function grammarSource(specifier: string): GrammarSource {
  const parts = specifier.split('/');
  const packageParts = specifier.startsWith('@') ? 2 : 1;
  if (parts.length <= packageParts || parts.some((p) => !p))
    throw new Error(
      `grammar "${specifier}" is not a package and a file in it (such as @vscode/tree-sitter-wasm/wasm/tree-sitter-ruby.wasm)`,
    );
  return { package: parts.slice(0, packageParts).join('/'), file: parts.slice(packageParts).join('/') };
}
