// C#: its record, its family's rules and its import reader (plugins.ts
// lists it; spec.ts says what each field is for).
import { C_LIKE, NO_SEMANTIC, vscodeGrammar, words } from '../shared-rules';
import type { FoundImport, ImportSite, LanguagePlugin } from '../spec';

// `using A.B;` names a namespace, not a file: the files that declare it
// (the family's `namespaces` pattern finds the declarations).
function csharpImports(text: string, site: ImportSite): FoundImport[] {
  const out: FoundImport[] = [];
  for (const m of text.matchAll(/^[ \t]*(?:global[ \t]+)?using[ \t]+(?:static[ \t]+)?(?:\w+[ \t]*=[ \t]*)?([\w.]+)[ \t]*;/gm)) {
    for (const path of site.declaring(m[1])) if (path !== site.from) out.push({ path, start: m.index!, statement: m[0], names: [] });
  }
  return out;
}

export const csharp: LanguagePlugin = {
  spec: {
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
  family: {
    blocks: 'braces',
    folderIsPackage: true,
    namespaces: /^[ \t]*namespace[ \t]+([\w.]+)/gm,
    pathsNameModules: false,
    definitions: [
      /^[ \t]*(?:(?:public|private|protected|internal|static|abstract|sealed|partial|readonly|unsafe|new|file|ref)[ \t]+)*(?:class|interface|enum|struct|record(?:[ \t]+(?:class|struct))?|delegate[ \t]+[\w<>[\],.? ]+?)[ \t]+(\w+)/,
      /^[ \t]*(?:(?:public|private|protected|internal|static|abstract|sealed|override|virtual|async|extern|unsafe|new|partial|readonly)[ \t]+)*[\w<>[\],.?() ]+?[ \t]+(\w+)[ \t]*(?:<[^>]+>)?[ \t]*\(/,
      /^[ \t]*(?:(?:public|private|protected|internal|static|readonly|const|override|virtual|abstract|new|required)[ \t]+)+[\w<>[\],.? ]+?[ \t]+(\w+)[ \t]*(?:\{|=|;)/,
    ],
  },
  imports: csharpImports,
};
