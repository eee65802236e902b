// Python: its record, its family's rules and its import reader (plugins.ts
// lists it; spec.ts says what each field is for).
import { C_LIKE, vscodeGrammar, words } from '../shared-rules';
import type { LanguagePlugin } from '../spec';
import { pythonImports } from './imports';

export const python: LanguagePlugin = {
  spec: {
    id: 'python',
    monaco: 'python',
    extensions: ['.py', '.pyi'],
    grammar: vscodeGrammar('python'),
    checks: 'python',
    statementMacros: false,
    jsx: false,
    reservedWords: words(
      'False None True and as assert async await break class continue def del elif else except finally for from ' +
        'global if import in is lambda nonlocal not or pass raise return try while with yield',
    ),
    lineComment: '#',
    backslashJoinsLines: true,
    commonWords: words(
      'and as assert async await break class continue def del elif else except false finally for from ' +
        'global if import in is lambda match none nonlocal not or pass raise return self str int float bool ' +
        'dict list tuple set object print len true try while with yield type',
    ),
    // Not read: a row a `\` continues after `=` or `.` ends, to the lexer, on the `\`, not dangling
    // (backslashJoinsLines joins the rows).
    lexer: { ...C_LIKE, blockComments: 'none', tripleQuotes: { quotes: ['"""', "'''"], escapes: true } },
    family: 'python',
    runner: 'python',
    semantic: { names: 'python', types: null, implicitGlobals: false },
  },
  family: {
    blocks: 'indent',
    folderIsPackage: false,
    namespaces: null,
    pathsNameModules: true,
    definitions: [
      /^[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)/,
      /^[ \t]*class[ \t]+(\w+)/,
      /^(\w+)[ \t]*(?::[^=\n]+)?=(?!=)/, // module-level NAME = ... (column 0 only)
    ],
  },
  imports: pythonImports,
};
