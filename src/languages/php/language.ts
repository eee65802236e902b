// PHP, as a plug-in language: its record, its family's rules and its import
// reader (plugins.ts lists it; spec.ts says what each field is for).
import type { LanguagePlugin } from '../spec';
import { phpImports } from './imports';

const words = (list: string): readonly string[] => list.split(' ');

export const php: LanguagePlugin = {
  spec: {
    id: 'php',
    monaco: 'php',
    extensions: ['.php'],
    grammar: { package: '@vscode/tree-sitter-wasm', file: 'wasm/tree-sitter-php.wasm' },
    checks: null,
    statementMacros: false,
    jsx: false,
    // tree-sitter-php gives names as `name` nodes, which the reserved-word
    // check does not read: PHP lets keywords name members and constants
    // (`$a->list()`, `Foo::class`), and its grammar's keyword tokens already
    // reject them where PHP does (`return return 1;` is an ERROR).
    reservedWords: words(
      'abstract and array as break callable case catch class clone const continue declare default do echo else elseif ' +
        'empty enddeclare endfor endforeach endif endswitch endwhile eval exit extends final finally fn for foreach function ' +
        'global goto if implements include include_once instanceof insteadof interface isset list match namespace new or ' +
        'print private protected public readonly require require_once return static switch throw trait try unset use var while xor yield',
    ),
    lineComment: '//',
    backslashJoinsLines: false,
    // Only words no other language's files use as names: the list joins every
    // language's in retrieval's similarity.
    commonWords: words('echo elseif endforeach endif foreach isset require_once'),
    // Strings of both quotes span lines, `#` comments too. Not read:
    // heredocs and nowdocs, and HTML outside `<?php ... ?>`, whose quotes the
    // lexer may take for code (a row blanked for nothing).
    lexer: {
      blockComments: 'flat',
      tripleQuotes: null,
      multiLineStrings: true,
      rawStrings: null,
      backquote: 'raw',
      singleQuote: 'string',
      regexLiterals: false,
      preprocessor: false,
      hashComments: true,
    },
    family: 'php',
    // No benchmark holds PHP programs to run.
    runner: null,
    semantic: { names: null, types: null, implicitGlobals: false },
  },
  family: {
    blocks: 'braces',
    folderIsPackage: false,
    namespaces: null,
    pathsNameModules: false,
    definitions: [
      /^[ \t]*(?:(?:abstract|final|readonly)[ \t]+)*(?:class|interface|trait|enum)[ \t]+(\w+)/,
      /^[ \t]*(?:(?:public|private|protected|static|abstract|final)[ \t]+)*function[ \t]+&?[ \t]*(\w+)/,
      /^[ \t]*(?:(?:public|private|protected|final)[ \t]+)*const[ \t]+(?:\??\w+[ \t]+)?(\w+)[ \t]*=/,
      /^[ \t]*define[ \t]*\([ \t]*['"](\w+)['"]/,
    ],
  },
  imports: phpImports,
};
