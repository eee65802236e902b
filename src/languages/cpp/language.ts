// C++: its record, and the C family's rules and import reader (family.ts,
// shared with c/). plugins.ts lists it; spec.ts says what each field is for.
import { C_LIKE, NO_SEMANTIC, vscodeGrammar, words } from '../shared-rules';
import type { LanguagePlugin } from '../spec';
import { C_FAMILY, cIncludes } from './family';

/**
 * Hard keywords only: contextual ones (`final`, `override`) are legal
 * names. Left out too: the casts (`static_cast<T>(x)` and its three
 * siblings), which tree-sitter-cpp parses as a template function named like
 * the keyword, or with an unknown type as comparisons of an identifier; and
 * `template`, which it reads as a name in `obj.template get<0>()`.
 */
const RESERVED = words(
  'alignas alignof asm auto bool break case catch char char8_t char16_t char32_t class concept const consteval ' +
    'constexpr constinit continue co_await co_return co_yield decltype default delete do double else ' +
    'enum explicit export extern false float for friend goto if inline int long mutable namespace new noexcept nullptr ' +
    'operator private protected public register requires return short signed sizeof static static_assert ' +
    'struct switch this thread_local throw true try typedef typeid typename union unsigned using ' +
    'virtual void volatile wchar_t while',
);

// `.h` goes to C++: a header is as often C++ as C, and the C++ grammar
// accepts almost every C header (c/language.ts says where it does not).
export const cpp: LanguagePlugin = {
  spec: {
    id: 'cpp',
    monaco: 'cpp',
    extensions: ['.cpp', '.cc', '.cxx', '.c++', '.hpp', '.hh', '.hxx', '.h'],
    grammar: vscodeGrammar('cpp'),
    checks: null,
    statementMacros: true,
    jsx: false,
    reservedWords: RESERVED,
    lineComment: '//',
    backslashJoinsLines: false,
    commonWords: words(
      'auto bool break case catch char class const continue default define double else endif enum false ' +
        'final float for goto if ifdef ifndef include int long namespace new override private protected ' +
        'public return short signed sizeof static struct switch this throw true try unsigned using virtual ' +
        'void while',
    ),
    lexer: { ...C_LIKE, rawStrings: 'cpp', singleQuote: 'string-or-digit-separator', preprocessor: true },
    family: 'c',
    runner: 'cpp',
    semantic: NO_SEMANTIC,
  },
  family: C_FAMILY,
  imports: cIncludes,
};
