// Rust: its record, its family's rules and its import reader (plugins.ts
// lists it; spec.ts says what each field is for).
import { C_LIKE, NO_SEMANTIC, vscodeGrammar, words } from '../shared-rules';
import type { LanguagePlugin } from '../spec';
import { rustImports } from './imports';

export const rust: LanguagePlugin = {
  spec: {
    id: 'rust',
    monaco: 'rust',
    extensions: ['.rs'],
    grammar: vscodeGrammar('rust'),
    checks: null,
    statementMacros: false,
    jsx: false,
    // Not `self`, `Self`, `super`, `crate`: path segments tree-sitter-rust may read as names.
    reservedWords: words(
      'as async await break const continue dyn else enum extern false fn for if impl in let loop match mod move ' +
        'mut pub ref return static struct trait true type unsafe use where while',
    ),
    lineComment: '//',
    backslashJoinsLines: false,
    commonWords: words(
      'as async await break const continue crate dyn else enum false fn for if impl in let loop match mod ' +
        'mut pub ref return self static struct super trait true type use where while',
    ),
    lexer: { ...C_LIKE, blockComments: 'nested', multiLineStrings: true, rawStrings: 'rust', singleQuote: 'char-or-lifetime' },
    family: 'rust',
    runner: null,
    semantic: NO_SEMANTIC,
  },
  family: {
    blocks: 'braces',
    folderIsPackage: false,
    namespaces: null,
    pathsNameModules: false,
    definitions: [
      /^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?(?:(?:async|const|unsafe|extern[ \t]+"[^"]*")[ \t]+)*fn[ \t]+(\w+)/,
      /^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?(?:struct|enum|trait|type|union|mod|const|static(?:[ \t]+mut)?)[ \t]+(\w+)/,
      /^[ \t]*macro_rules![ \t]*(\w+)/,
    ],
  },
  imports: rustImports,
};
