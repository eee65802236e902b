// Ruby: its record, its family's rules and its import reader (plugins.ts
// lists it; spec.ts says what each field is for).
import { words } from '../shared-rules';
import type { FoundImport, ImportSite, LanguagePlugin } from '../spec';

// Ruby's imports: `require_relative` names a file from the requiring one's
// folder; `require` and `load` name one on the load path, which in a
// workspace is most often its `lib/` (so the nearest file ending with the
// name). A required file brings everything it defines: no names are bound.
const REQUIRE = /^[ \t]*(require_relative|require|load)[ \t(]+['"]([^'"\n]+)['"]/gm;

function rubyImports(text: string, site: ImportSite): FoundImport[] {
  const out: FoundImport[] = [];
  for (const m of text.matchAll(REQUIRE)) {
    const file = m[2].endsWith('.rb') ? m[2] : `${m[2]}.rb`;
    const relative = site.relative(file);
    const path =
      m[1] === 'require_relative' ? (relative && site.has(relative) ? relative : undefined) : site.endingWith(file.replace(/^\.\//, ''))[0];
    if (path) out.push({ path, start: m.index!, statement: m[0], names: [] });
  }
  return out;
}

export const ruby: LanguagePlugin = {
  spec: {
    id: 'ruby',
    monaco: 'ruby',
    extensions: ['.rb', '.rake', '.gemspec'],
    grammar: { package: '@vscode/tree-sitter-wasm', file: 'wasm/tree-sitter-ruby.wasm' },
    checks: null,
    statementMacros: false,
    jsx: false,
    // Any of them names a method (`range.end`, `def class`): the reserved-word
    // check leaves method names alone and reads the other identifiers.
    reservedWords: words(
      'BEGIN END alias and begin break case class def defined? do else elsif end ensure for if in module next not or ' +
        'redo rescue retry return super then undef unless until when while yield',
    ),
    lineComment: '#',
    backslashJoinsLines: false,
    // Only words no other language's files use as names: the list joins every
    // language's in retrieval's similarity (`end`, `begin`, `module` are
    // names elsewhere).
    commonWords: words('attr_accessor attr_reader attr_writer def elsif ensure nil require_relative rescue unless'),
    // Strings of both quotes span lines. Not read: heredocs, `%w(...)`-style
    // literals, `?(` characters, `=begin` comments, operator methods
    // (`def []`) and setter symbols (`:name=`), whose brackets, quotes and
    // `=` the lexer may take for code (a row blanked for nothing).
    lexer: {
      blockComments: 'none',
      tripleQuotes: null,
      multiLineStrings: true,
      rawStrings: null,
      backquote: 'raw',
      singleQuote: 'string',
      regexLiterals: true,
      preprocessor: false,
      hashComments: false,
    },
    family: 'ruby',
    // No benchmark holds Ruby programs to run.
    runner: null,
    semantic: { names: null, types: null, implicitGlobals: false },
  },
  family: {
    // `def ... end` blocks: their extent follows the indentation, as Ruby's style keeps it.
    blocks: 'indent',
    folderIsPackage: false,
    namespaces: null,
    pathsNameModules: false,
    definitions: [
      /^[ \t]*def[ \t]+(?:self\.)?(\w+)/,
      /^[ \t]*(?:class|module)[ \t]+(?:\w+::)*(\w+)/,
      /^[ \t]*([A-Z][A-Z0-9_]*)[ \t]*=(?!=)/,
      /^[ \t]*attr_(?:reader|writer|accessor)[ \t]+:(\w+)/,
    ],
  },
  imports: rubyImports,
};
