// PHP: its record, its family's rules and its import reader (plugins.ts
// lists it; spec.ts says what each field is for).
import { words } from '../shared-rules';
import type { FoundImport, ImportSite, LanguagePlugin } from '../spec';

// PHP's imports: `require`/`include` (and their `_once`) name a file, from
// the including file's folder when written `__DIR__ . '/x.php'` or `./x.php`,
// else as found on the include path (the nearest file ending with the name);
// `use A\B\C;` names a class, which an autoloader finds at a path ending
// with its namespace's last folders (`B/C.php`, as PSR-4 lays it out). An
// included file brings everything it defines; a `use` binds the class's
// local name.
const INCLUDE = /\b(?:require|include)(?:_once)?[ \t(]+(__DIR__[ \t]*\.[ \t]*)?['"]([^'"\n]+\.php)['"]/g;
const USE = /^[ \t]*use[ \t]+((?:function[ \t]+|const[ \t]+)?)\\?([\w\\]+)(?:[ \t]+as[ \t]+(\w+))?[ \t]*;/gm;

function included(site: ImportSite, fromFolder: boolean, file: string): string | undefined {
  const relative = site.relative(file);
  if ((fromFolder || file.startsWith('.')) && relative && site.has(relative)) return relative;
  return site.endingWith(file.replace(/^\/+/, '').replace(/^\.\//, ''))[0];
}

/** The file of a class by its qualified name: the longest tail of its path that the workspace holds, at least the folder and the class. */
function classFile(site: ImportSite, segments: string[]): string | undefined {
  for (let from = 0; from <= segments.length - 2; from++) {
    const hit = site.endingWith(`${segments.slice(from).join('/')}.php`)[0];
    if (hit) return hit;
  }
  return segments.length === 1 ? site.endingWith(`${segments[0]}.php`)[0] : undefined;
}

function phpImports(text: string, site: ImportSite): FoundImport[] {
  const out: FoundImport[] = [];
  for (const m of text.matchAll(INCLUDE)) {
    const path = included(site, !!m[1], m[2]);
    if (path) out.push({ path, start: m.index!, statement: m[0], names: [] });
  }
  for (const m of text.matchAll(USE)) {
    if (m[1]) continue; // `use function` / `use const`: no file to point at
    const segments = m[2].split('\\').filter(Boolean);
    const name = segments[segments.length - 1];
    const path = classFile(site, segments);
    if (path) out.push({ path, start: m.index!, statement: m[0], names: [{ local: m[3] ?? name, imported: name }] });
  }
  return out;
}

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
