// The language registry: one record per language with what the project
// knows about it (spec.ts says what each field is for). Ids are Monaco's,
// so the editor can pass `model.getLanguageId()` straight through. Pure
// data: how a runtime finds a grammar file (node_modules path, URL) is its
// port's job, how the harness runs a program is eval/execute/languages.ts's.
//
// The records here are the built-in languages'; a language added as a
// plug-in folder (src/languages/<id>/, listed in plugins.ts) brings its own,
// and the registry serves both alike. Adding a language:
// docs/syntax-validation.md#adding-a-language.

import type { LanguageId } from '../vocabulary/types';
import { FAMILIES } from './families';
import { PLUGINS } from './plugins';
import type { BuiltInLanguage, FamilyRules, GrammarSource, ImportReader, LanguageSpec, LexerRules } from './spec';

const words = (list: string): readonly string[] => list.split(' ');

/** A grammar of @vscode/tree-sitter-wasm, by its file's name. */
const vscodeGrammar = (name: string): GrammarSource => ({ package: '@vscode/tree-sitter-wasm', file: `wasm/tree-sitter-${name}.wasm` });

/**
 * JavaScript's words reserved in every mode (TypeScript adds none that are
 * hard): tree-sitter-javascript reads `{ else` and `return return x` as
 * names. Not the ones reserved only in strict code or modules (`let`,
 * `static`, `yield`, `await`, `implements`...), nor literals (`this`,
 * `null`, `true`: node types of their own).
 */
const JS_RESERVED = words(
  'break case catch class const continue debugger default delete do else enum export extends finally for ' +
    'function if import in instanceof new return switch throw try typeof var void while with',
);

/**
 * Hard keywords only: contextual ones (Java `var`, `record`; C++ `final`,
 * `override`; Python `match`) are legal names. Left out of C++ too: the
 * casts (`static_cast<T>(x)` and its three siblings), which tree-sitter-cpp
 * parses as a template function named like the keyword, or with an unknown
 * type as comparisons of an identifier; and `template`, which it reads as a
 * name in `obj.template get<0>()`.
 */
const CPP_RESERVED = words(
  'alignas alignof asm auto bool break case catch char char8_t char16_t char32_t class concept const consteval ' +
    'constexpr constinit continue co_await co_return co_yield decltype default delete do double else ' +
    'enum explicit export extern false float for friend goto if inline int long mutable namespace new noexcept nullptr ' +
    'operator private protected public register requires return short signed sizeof static static_assert ' +
    'struct switch this thread_local throw true try typedef typeid typename union unsigned using ' +
    'virtual void volatile wchar_t while',
);

/** The words of JavaScript and TypeScript files that tell nothing of what a file is about (LanguageSpec.commonWords). */
const JS_COMMON = words(
  'as async await break case catch class const continue default else enum export extends false finally for from function get if ' +
    'import in instanceof interface let new null of return set static super switch this throw true try type typeof undefined var ' +
    'void while with yield readonly abstract private protected public override string boolean is namespace',
);

/** The C family's lexer: `//` and flat block comments, one-line strings. */
const C_LIKE: LexerRules = {
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

const JS_LEXER: LexerRules = { ...C_LIKE, backquote: 'template', regexLiterals: true };

// JavaScript, TypeScript and TSX read alike to everything but the grammar, JSX and the semantic checks.
const JS_FAMILY = {
  checks: null,
  statementMacros: false,
  reservedWords: JS_RESERVED,
  lineComment: '//',
  backslashJoinsLines: false,
  commonWords: JS_COMMON,
  lexer: JS_LEXER,
  family: 'js',
  runner: null,
} as const;

const NO_SEMANTIC = { names: null, types: null, implicitGlobals: false } as const;

const LANGUAGES: Readonly<Record<BuiltInLanguage, LanguageSpec>> = {
  python: {
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
    lexer: { ...C_LIKE, blockComments: 'none', tripleQuotes: { quotes: ['"""', "'''"], escapes: true } },
    family: 'python',
    runner: 'python',
    semantic: { names: 'python', types: null, implicitGlobals: false },
  },
  java: {
    id: 'java',
    monaco: 'java',
    extensions: ['.java'],
    grammar: vscodeGrammar('java'),
    checks: null,
    statementMacros: false,
    jsx: false,
    reservedWords: words(
      'abstract assert boolean break byte case catch char class const continue default do double else enum extends ' +
        'final finally float for goto if implements import instanceof int interface long native new package private protected ' +
        'public return short static strictfp super switch synchronized this throw throws transient try void volatile while ' +
        'true false null',
    ),
    lineComment: '//',
    backslashJoinsLines: false,
    commonWords: words(
      'abstract assert boolean break case catch char class const continue default double else enum extends ' +
        'final finally float for goto if import instanceof int interface long new null package private ' +
        'protected public return short static super switch this throw true false try var void while',
    ),
    lexer: { ...C_LIKE, tripleQuotes: { quotes: ['"""'], escapes: true } },
    family: 'java',
    runner: 'java',
    semantic: NO_SEMANTIC,
  },
  // `.h` goes to C++: a header is as often C++ as C, and the C++ grammar
  // accepts almost every C header (see `c` below for where it does not).
  cpp: {
    id: 'cpp',
    monaco: 'cpp',
    extensions: ['.cpp', '.cc', '.cxx', '.c++', '.hpp', '.hh', '.hxx', '.h'],
    grammar: vscodeGrammar('cpp'),
    checks: null,
    statementMacros: true,
    jsx: false,
    reservedWords: CPP_RESERVED,
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
  csharp: {
    id: 'csharp',
    monaco: 'csharp',
    extensions: ['.cs'],
    grammar: vscodeGrammar('c-sharp'),
    checks: null,
    statementMacros: false,
    jsx: false,
    reservedWords: words(
      'abstract as base bool break byte case catch char checked class const continue decimal default delegate do ' +
        'double else enum event explicit extern false finally fixed float for foreach goto if implicit in int interface internal ' +
        'is lock long namespace new null object operator out override params private protected public readonly ref return sbyte ' +
        'sealed short sizeof stackalloc static string struct switch this throw true try typeof uint ulong unchecked unsafe ushort ' +
        'using virtual void volatile while',
    ),
    lineComment: '//',
    backslashJoinsLines: false,
    commonWords: words(
      'abstract as base bool break case catch char class const continue default double else enum false ' +
        'finally float for get goto if in int interface internal is long namespace new null object out ' +
        'override params private protected public readonly ref return sealed set short static string struct ' +
        'switch this throw true try typeof using var virtual void while yield',
    ),
    lexer: { ...C_LIKE, tripleQuotes: { quotes: ['"""'], escapes: false }, rawStrings: 'csharp-verbatim' },
    family: 'csharp',
    runner: 'csharp',
    semantic: NO_SEMANTIC,
  },
  // tree-sitter-javascript parses JSX too, so .jsx needs no grammar of its own.
  javascript: {
    id: 'javascript',
    monaco: 'javascript',
    extensions: ['.js', '.mjs', '.cjs', '.jsx'],
    grammar: vscodeGrammar('javascript'),
    ...JS_FAMILY,
    jsx: true,
    semantic: { names: 'javascript', types: { extension: '.jsx', diagnostics: 'plainly-missing' }, implicitGlobals: true },
  },
  typescript: {
    id: 'typescript',
    monaco: 'typescript',
    extensions: ['.ts', '.mts', '.cts'],
    grammar: vscodeGrammar('typescript'),
    ...JS_FAMILY,
    jsx: false,
    semantic: { names: 'javascript', types: { extension: '.ts', diagnostics: 'all' }, implicitGlobals: false },
  },
  // Monaco has no `tsx` id (it calls .tsx files `typescript`), but the
  // typescript grammar rejects JSX, so a .tsx file must be validated as `tsx`.
  tsx: {
    id: 'tsx',
    monaco: 'typescript',
    extensions: ['.tsx'],
    grammar: vscodeGrammar('tsx'),
    ...JS_FAMILY,
    jsx: true,
    semantic: { names: 'javascript', types: { extension: '.tsx', diagnostics: 'all' }, implicitGlobals: false },
  },
  go: {
    id: 'go',
    monaco: 'go',
    extensions: ['.go'],
    grammar: vscodeGrammar('go'),
    checks: null,
    statementMacros: false,
    jsx: false,
    reservedWords: words(
      'break case chan const continue default defer else fallthrough for func go goto if import interface map ' +
        'package range return select struct switch type var',
    ),
    lineComment: '//',
    backslashJoinsLines: false,
    commonWords: words(
      'break case chan const continue default defer else false for func go goto if import interface map ' +
        'nil package range return select string struct switch true type var bool',
    ),
    lexer: { ...C_LIKE, backquote: 'raw' },
    family: 'go',
    runner: null,
    semantic: NO_SEMANTIC,
  },
  rust: {
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
  // Recognised by file name but not checked: the grammar package ships no C
  // grammar, and the C++ grammar rejects valid C (K&R parameter
  // declarations, C++ keywords such as `template` used as identifiers),
  // which would escalate good completions for a made-up reason. Its
  // completions come back `checked: false`, never as a silent pass.
  c: {
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
};

/** Every record, in the registry's order: the built-in languages, then the plug-ins in plugins.ts's order. */
export const LANGUAGE_SPECS: readonly LanguageSpec[] = [...Object.values(LANGUAGES), ...PLUGINS.map((p) => p.spec)];

const BY_ID = new Map<LanguageId, LanguageSpec>(LANGUAGE_SPECS.map((s) => [s.id, s]));
const BY_EXTENSION = new Map<string, LanguageSpec>(LANGUAGE_SPECS.flatMap((s) => s.extensions.map((e) => [e, s] as const)));

/** A language's record, or undefined for an id the project does not know. */
export function languageSpec(id: LanguageId): LanguageSpec | undefined {
  return BY_ID.get(id);
}

/** The languages whose records satisfy `test`, in the registry's order. */
export function languagesWhere(test: (spec: LanguageSpec) => boolean): LanguageId[] {
  return LANGUAGE_SPECS.filter(test).map((s) => s.id);
}

export function isSupportedLanguage(id: LanguageId): boolean {
  return !!languageSpec(id)?.grammar;
}

/**
 * Language id for a file name or path, by extension (case-insensitive), or
 * undefined when the extension is unknown. May return an id that is not
 * supported for checking (`c`): ask `isSupportedLanguage` for that.
 */
export function languageFromFileName(name: string): LanguageId | undefined {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return undefined; // no extension, or a dotfile such as `.py`
  return BY_EXTENSION.get(base.slice(dot).toLowerCase())?.id;
}

/** What the language's family shares (families.ts), or undefined for an unknown id. */
export function familyRules(id: LanguageId): FamilyRules | undefined {
  const spec = languageSpec(id);
  return spec && FAMILIES[spec.family];
}

const PLUGIN_READERS = new Map<string, ImportReader>(PLUGINS.map((p) => [p.spec.family, p.imports]));

/** The import reader a plug-in language's family brings (the built-in families' readers are workspace-context/imports.ts's own). */
export function pluginImportReader(family: string): ImportReader | undefined {
  return PLUGIN_READERS.get(family);
}
