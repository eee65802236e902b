// Java: its record, its family's rules and its import reader (plugins.ts
// lists it; spec.ts says what each field is for).
import { C_LIKE, NO_SEMANTIC, vscodeGrammar, words } from '../shared-rules';
import type { FoundImport, ImportSite, LanguagePlugin } from '../spec';

// `import a.b.C;` names a class by its file (`a/b/C.java`, found by that
// tail anywhere: source roots vary); `import a.b.*;` every class of the
// folder; `import static a.b.C.m;` a member of class C. Files of one folder
// share their package without importing each other (folderIsPackage).
function javaImports(text: string, site: ImportSite): FoundImport[] {
  const out: FoundImport[] = [];
  for (const m of text.matchAll(/^[ \t]*import[ \t]+(static[ \t]+)?([\w.]+?)(\.\*)?[ \t]*;/gm)) {
    const parts = m[2].split('.');
    const at = { start: m.index!, statement: m[0] };
    if (m[3]) {
      for (const dir of site.foldersEndingWith(parts.join('/')))
        for (const path of site.inFolder(dir)) if (path.endsWith('.java')) out.push({ path, ...at, names: [] });
      continue;
    }
    const cls = m[1] ? parts.slice(0, -1) : parts;
    const path = site.endingWith(`${cls.join('/')}.java`)[0];
    const name = m[1] ? parts[parts.length - 1] : cls[cls.length - 1];
    if (path) out.push({ path, ...at, names: [{ local: name, imported: name }] });
  }
  return out;
}

export const java: LanguagePlugin = {
  spec: {
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
  family: {
    blocks: 'braces',
    folderIsPackage: true,
    namespaces: null,
    pathsNameModules: false,
    definitions: [
      /^[ \t]*(?:(?:public|private|protected|static|final|abstract|sealed|non-sealed|strictfp)[ \t]+)*(?:class|interface|enum|record|@interface)[ \t]+(\w+)/,
      /^[ \t]*(?:(?:public|private|protected|static|final|abstract|synchronized|native|default|strictfp)[ \t]+)*(?:<[^>]+>[ \t]+)?[\w<>[\],.? ]+?[ \t]+(\w+)[ \t]*\(/,
      /^[ \t]*(?:(?:public|private|protected|static|final)[ \t]+)+[\w<>[\],.? ]+?[ \t]+(\w+)[ \t]*(?:=|;)/,
    ],
  },
  imports: javaImports,
};
