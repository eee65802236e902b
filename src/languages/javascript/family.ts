// What JavaScript, TypeScript and TSX share: they read alike to everything
// but the grammar, JSX and the semantic checks (typescript/ and tsx/ take
// all of this from here).
import { C_LIKE, words } from '../shared-rules';
import type { FamilyRules, LanguageSpec } from '../spec';
import { jsImports } from './imports';

/**
 * Words reserved in every mode (TypeScript adds none that are hard):
 * tree-sitter-javascript reads `{ else` and `return return x` as names. Not
 * the ones reserved only in strict code or modules (`let`, `static`,
 * `yield`, `await`, `implements`...), nor literals (`this`, `null`, `true`:
 * node types of their own).
 */
const RESERVED = words(
  'break case catch class const continue debugger default delete do else enum export extends finally for ' +
    'function if import in instanceof new return switch throw try typeof var void while with',
);

/** The words of the family's files that tell nothing of what a file is about (LanguageSpec.commonWords). */
const COMMON = words(
  'as async await break case catch class const continue default else enum export extends false finally for from function get if ' +
    'import in instanceof interface let new null of return set static super switch this throw true try type typeof undefined var ' +
    'void while with yield readonly abstract private protected public override string boolean is namespace',
);

/** The record's fields the three languages share. */
export const JS_SHARED = {
  checks: null,
  statementMacros: false,
  reservedWords: RESERVED,
  lineComment: '//',
  backslashJoinsLines: false,
  commonWords: COMMON,
  lexer: { ...C_LIKE, backquote: 'template', regexLiterals: true },
  family: 'js',
  runner: null,
} as const satisfies Partial<LanguageSpec>;

export const JS_FAMILY: FamilyRules = {
  blocks: 'braces',
  folderIsPackage: false,
  namespaces: null,
  pathsNameModules: false,
  definitions: [
    /^[ \t]*(?:export[ \t]+)?(?:default[ \t]+)?(?:declare[ \t]+)?(?:async[ \t]+)?function[ \t]*\*?[ \t]*([\w$]+)/,
    /^[ \t]*(?:export[ \t]+)?(?:default[ \t]+)?(?:declare[ \t]+)?(?:abstract[ \t]+)?class[ \t]+([\w$]+)/,
    /^[ \t]*(?:export[ \t]+)?(?:declare[ \t]+)?(?:interface|type|enum|namespace|module)[ \t]+([\w$]+)/,
    /^[ \t]*(?:export[ \t]+)?(?:declare[ \t]+)?(?:const|let|var)[ \t]+([\w$]+)/,
    /^[ \t]*(?:module\.)?exports\.([\w$]+)[ \t]*=/,
    /^[ \t]*[\w$]+\.prototype\.([\w$]+)[ \t]*=/,
    // class members: `name(args) {`, `async name(`, `static get name(`, `name = (` / `name: Type`
    /^[ \t]+(?:(?:public|private|protected|static|readonly|async|get|set|override|abstract)[ \t]+)*\*?([\w$]+)[ \t]*(?:<[^>]*>)?\([^)]*\)?[^;]*\{?[ \t]*$/,
  ],
};

export { jsImports };
