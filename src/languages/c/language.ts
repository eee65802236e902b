// C: recognised by file name but not checked. The grammar package ships no
// C grammar, and the C++ grammar rejects valid C (K&R parameter
// declarations, C++ keywords such as `template` used as identifiers), which
// would escalate good completions for a made-up reason; its completions
// come back `checked: false`, never as a silent pass. Its family's rules
// and #include reader are C++'s (cpp/family.ts); Monaco's C++ registration
// (cpp/monaco.ts) registers the `c` id too.
import { C_FAMILY, cIncludes } from '../cpp/family';
import { NO_SEMANTIC, words } from '../shared-rules';
import type { LanguagePlugin } from '../spec';

export const c: LanguagePlugin = {
  spec: {
    id: 'c',
    monaco: 'c',
    extensions: ['.c'],
    grammar: null,
    checks: null,
    statementMacros: false,
    jsx: false,
    reservedWords: [],
    lineComment: '//',
    backslashJoinsLines: false,
    commonWords: words(
      'auto break case char const continue default define double else endif enum float for goto if ifdef ' +
        'ifndef include int long return short signed sizeof static struct switch unsigned void while',
    ),
    lexer: null,
    family: 'c',
    runner: null,
    semantic: NO_SEMANTIC,
  },
  family: C_FAMILY,
  imports: cIncludes,
};
