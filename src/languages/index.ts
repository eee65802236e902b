// The languages' entry point: the registry of language specs, each language's
// lexer and grammar name. Monaco registrations and grammar URLs (Vite's
// `?url`) stay out: only the editor's bundle can load them.
export { LANGUAGE_SPECS, languageFromFileName, languageSpec, languagesWhere } from './registry';
export type { LanguagePlugin, Runner } from './spec';
export { exactLexerFor, freshLexState, lex, lexerFor } from './lexer';
export { grammarSpecifier } from './grammar';
