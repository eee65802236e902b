// What several language folders' records are made of: a word list, a
// grammar of @vscode/tree-sitter-wasm by name, the C family's lexer and
// the semantic check's "none".
import type { GrammarSource, LanguageSpec, LexerRules } from './spec';

export const words = (list: string): readonly string[] => list.split(' ');

/** A grammar of @vscode/tree-sitter-wasm, by its file's name. */
export const vscodeGrammar = (name: string): GrammarSource => ({
  package: '@vscode/tree-sitter-wasm',
  file: `wasm/tree-sitter-${name}.wasm`,
});

/** The C family's lexer: `//` and flat block comments, one-line strings. */
export const C_LIKE: LexerRules = {
  blockComments: 'flat',
  tripleQuotes: null,
  multiLineStrings: false,
  rawStrings: null,
  backquote: null,
  singleQuote: 'string',
  regexLiterals: false,
  preprocessor: false,
  hashComments: false,
};

/** No name checker, no type check. */
export const NO_SEMANTIC: LanguageSpec['semantic'] = { names: null, types: null, implicitGlobals: false };
