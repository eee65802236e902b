// Go: its record, its family's rules and its import reader (plugins.ts
// lists it; spec.ts says what each field is for).
import { C_LIKE, NO_SEMANTIC, vscodeGrammar, words } from '../shared-rules';
import type { FoundImport, ImportSite, LanguagePlugin } from '../spec';

// `import "example.com/app/store"`, one by one or in an `import ( ... )`
// block: the import path's tail is the package's folder in the workspace
// (`.../store`), all of whose files (tests aside) bind the package's name,
// or the import's alias.
function goImports(text: string, site: ImportSite): FoundImport[] {
  const specs: { alias?: string; path: string; start: number; statement: string }[] = [];
  for (const m of text.matchAll(/^import[ \t]+(?:([\w.]+)[ \t]+)?"([^"]+)"/gm))
    specs.push({ alias: m[1], path: m[2], start: m.index!, statement: m[0] });
  for (const block of text.matchAll(/^import[ \t]*\(([^)]*)\)/gm)) {
    const inner = block.index! + block[0].indexOf('(') + 1;
    for (const m of block[1].matchAll(/^[ \t]*(?:([\w.]+)[ \t]+)?"([^"]+)"/gm))
      specs.push({ alias: m[1], path: m[2], start: inner + m.index!, statement: m[0] });
  }
  const out: FoundImport[] = [];
  for (const s of specs) {
    const parts = s.path.split('/');
    for (let i = 0; i < parts.length; i++) {
      const dirs = site.foldersEndingWith(parts.slice(i).join('/'));
      if (!dirs.length) continue;
      for (const path of site.inFolder(dirs[0]))
        if (path.endsWith('.go') && !path.endsWith('_test.go'))
          out.push({ path, start: s.start, statement: s.statement, names: [{ local: s.alias ?? parts[parts.length - 1] }] });
      break;
    }
  }
  return out;
}

export const go: LanguagePlugin = {
  spec: {
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
  family: {
    blocks: 'braces',
    folderIsPackage: true,
    namespaces: null,
    pathsNameModules: false,
    definitions: [
      /^func[ \t]+(?:\([^)]*\)[ \t]*)?(\w+)/,
      /^type[ \t]+(\w+)/,
      /^(?:var|const)[ \t]+(\w+)/,
      /^[ \t]+(\w+)[ \t]+(?:=|[\w.*[\]]+[ \t]*=)/, // inside a var/const ( ... ) block
    ],
  },
  imports: goImports,
};
