// What one language record holds (each language folder's language.ts has its
// record, plugins.ts lists the folders). Every field
// is required, `null` or `false` where the language has none of it, so a new
// record that leaves one out fails to compile rather than falling back to
// another language's rules unseen.

import type { LanguageId } from '../vocabulary/types';

/**
 * Languages that share source conventions: the definition patterns, the
 * import reader and how blocks are delimited. C with C++ (their #include
 * rules, `cpp/`), JavaScript with TypeScript and TSX (their import rules,
 * `javascript/`); every other language is a family of its own, named by
 * its id.
 */
export type LanguageFamily = string;

/** How the evaluation harness builds and runs a program (eval/execute/languages.ts has one runtime per runner). */
export type Runner = 'python' | 'cpp' | 'csharp' | 'java';

/** The semantic check's name checkers (src/semantic/). */
type NameChecker = 'python' | 'javascript';

/** How the TypeScript compiler checks a language's types (src/semantic/type-diagnostics.ts). */
interface TypesCheck {
  /** Extension of the checked file, which tells the compiler the language: JavaScript's is `.jsx`, so a file with JSX in it parses as well as one without. */
  extension: '.ts' | '.tsx' | '.jsx';
  /** Which diagnostics count: all, or (JavaScript, checked as `checkJs`) only what is plainly not there, since its idioms (expandos, loose arity) trip the rest. */
  diagnostics: 'all' | 'plainly-missing';
}

/**
 * What the shared lexer (lexer.ts) reads beyond line comments: each field
 * switches on one rule of it. Plain `"` and `'` strings end at the line
 * break and take backslash escapes unless a rule below says otherwise.
 */
export interface LexerRules {
  /** Block comments (slash-star to star-slash), and whether they nest. */
  blockComments: 'none' | 'flat' | 'nested';
  /** Triple-quoted strings, which span lines (Python's both, Java's text blocks, C#'s raw `"""`), and whether `\` escapes in them. */
  tripleQuotes: { quotes: readonly string[]; escapes: boolean } | null;
  /** Plain `"` strings span lines (Rust), and so do `'` ones where `'` opens a string (Ruby, PHP). */
  multiLineStrings: boolean;
  /** Raw strings opened by a prefix: C++ `R"delim(...)delim"`, Rust `r#"..."#`, C# verbatim `@"..."` (quotes doubled inside). */
  rawStrings: 'cpp' | 'rust' | 'csharp-verbatim' | null;
  /** What a backquote opens: Go's raw strings, or JavaScript's templates with `${...}`. */
  backquote: 'raw' | 'template' | null;
  /** What `'` opens besides a one-line string: Rust's character literals or lifetimes, C++'s digit separators (`1'000`). */
  singleQuote: 'string' | 'char-or-lifetime' | 'string-or-digit-separator';
  /** `/.../` regular expressions, told from division by what comes before the slash. */
  regexLiterals: boolean;
  /** `#` lines (with their `\` continuations) are preprocessor directives, not code. */
  preprocessor: boolean;
  /** `#` opens a line comment too, besides the record's `//` (PHP), except in `#[`, which opens an attribute. */
  hashComments: boolean;
}

/**
 * Where a grammar comes from: an npm package and the file's path inside it.
 * The one name every runtime resolves (grammar.ts): Node reads the file
 * from node_modules, the browser fetches the URL the build gave it.
 */
export interface GrammarSource {
  package: string;
  file: string;
}

export interface LanguageSpec {
  id: LanguageId;
  /** Monaco's language id for the editor (Monaco calls .tsx files `typescript`). */
  monaco: string;
  /** Lower-case file extensions, with the dot; the first is the one a file of the language gets by default. */
  extensions: readonly string[];
  /** The tree-sitter grammar; null: recognised by name but not checked. */
  grammar: GrammarSource | null;
  /** Checks on top of the grammar, for what it lets through (src/syntax/python-checks.ts). */
  checks: 'python' | null;
  /** Statement-like macros blanked before parsing (src/syntax/cpp-macros.ts). */
  statementMacros: boolean;
  /** JSX: text between tags may hold a lone bracket, so an unclosed one proves nothing. */
  jsx: boolean;
  /** Hard keywords that tree-sitter lets through as names (src/syntax/reserved-words.ts). */
  reservedWords: readonly string[];
  /** How a line comment starts (PHP's `#` ones too: its lexer rules' `hashComments`). */
  lineComment: '#' | '//';
  /**
   * A `\` ending a line joins the next line to it, inside a string as
   * outside (Python's explicit line joining): a one-line string may go on
   * past such a line break (src/syntax/broken-literals.ts). C's and C++'s
   * line splicing is the preprocessor's, left out here.
   */
  backslashJoinsLines: boolean;
  /**
   * Words so common in the language's files that they tell nothing of what
   * a file is about (keywords, builtins, preprocessor words): retrieval's
   * similarity leaves them out, in any case (src/completion/common/workspace-context/identifiers.ts).
   */
  commonWords: readonly string[];
  /** The shared lexer's rules; null: the language is not lexed. */
  lexer: LexerRules | null;
  family: LanguageFamily;
  /** How the harness runs its programs; null: it does not. */
  runner: Runner | null;
  /** The semantic check's checkers: names (which), and the TypeScript compiler's types (Node only). */
  semantic: {
    names: NameChecker | null;
    types: TypesCheck | null;
    /** Assigning a name declared nowhere creates a global (sloppy-mode JavaScript): the names checker counts it declared. */
    implicitGlobals: boolean;
  };
}

/** What a family of languages shares. */
export interface FamilyRules {
  /** Blocks open with `:` at the end of a line and run as far as the indentation, or open with `{`. */
  blocks: 'indent' | 'braces';
  /**
   * Where names are defined, one regular expression per form, read line by
   * line; group 1 is the name (src/completion/common/workspace-context/definitions.ts).
   */
  definitions: readonly RegExp[];
  /** Files of one folder share a package without importing each other (Java, Go, C#). */
  folderIsPackage: boolean;
  /**
   * Where imports name namespaces rather than files (C#'s `using A.B;`):
   * how a file declares the namespaces it adds to, one match per
   * declaration, group 1 the namespace (src/completion/common/workspace-context/imports.ts).
   * null: imports name files or folders.
   */
  namespaces: RegExp | null;
  /**
   * A file's path names modules: `pkg/util.py` is module `pkg.util`, and a
   * workspace module may take a standard module's name, whose members are
   * then its own (the semantic check's workspace names, semantic-context.ts).
   */
  pathsNameModules: boolean;
}

/** The workspace as an import reader sees it, from the importing file (paths from the workspace root, `/`-separated: paths.ts). */
export interface ImportSite {
  /** The importing file's path. */
  from: string;
  has(path: string): boolean;
  /** Paths equal to `suffix` or ending with `/suffix`, the ones nearest the importing file first. */
  endingWith(suffix: string): string[];
  /** `path` taken from the importing file's folder (`../a.rb`), normalised; undefined when it climbs above the root. */
  relative(path: string): string | undefined;
  /** Files directly inside `folder` ('' is the root). */
  inFolder(folder: string): string[];
  /** Folders equal to `suffix` or ending with `/suffix` (a Go import path's last elements). */
  foldersEndingWith(suffix: string): string[];
  /** The files that declare `namespace`, where imports name namespaces (FamilyRules.namespaces); none elsewhere. */
  declaring(namespace: string): readonly string[];
}

/** One import statement that names a workspace file: where it stands and the names it binds there. */
export interface FoundImport {
  path: string;
  /** The statement's offset in the text, and its text. */
  start: number;
  statement: string;
  /**
   * Local name (`*`: every exported name), and the imported file's name for
   * it (undefined: the file itself); empty: the whole file. `reexport`:
   * passed on to the files importing this one (`export ... from`), no
   * local name here.
   */
  names: { local: string; imported?: string; reexport?: true }[];
}

/** Finds the workspace files a file's text imports. */
export type ImportReader = (text: string, site: ImportSite) => FoundImport[];

/**
 * A language, as its folder (src/languages/<id>/) exports it from
 * `language.ts`: its record, its family's rules and its import reader
 * (the same objects for every language of a family). Its Monaco
 * registration lives beside them in `monaco.ts` (the editor finds it by
 * that name), its grammar's URL in `grammar-url.ts` (the browser's bundle
 * finds it), its cases in `<id>.test.ts`.
 */
export interface LanguagePlugin {
  spec: LanguageSpec;
  family: FamilyRules;
  imports: ImportReader;
}
