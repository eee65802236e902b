// What languages of one family share (spec.ts, LanguageFamily): how blocks
// are delimited, the regular expressions that find definitions, and how
// files make up a program (packages, namespaces, module paths). The
// patterns read one line each: retrieval only needs "this name is defined
// on this line", and a pattern that misses an exotic form costs one
// snippet, never a wrong completion (the retrieval bench checks them
// against tree-sitter's definitions, an independent reading).
import { PLUGINS } from './plugins';
import type { BuiltInFamily, FamilyRules, LanguageFamily } from './spec';

const BUILT_IN: Readonly<Record<BuiltInFamily, FamilyRules>> = {
  python: {
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
  js: {
    blocks: 'braces',
    folderIsPackage: false,
    namespaces: null,
    pathsNameModules: false,
    definitions: [
      /^[ \t]*(?:export[ \t]+)?(?:default[ \t]+)?(?:declare[ \t]+)?(?:async[ \t]+)?function[ \t]*\*?[ \t]*([\w$]+)/,
      /^[ \t]*(?:export[ \t]+)?(?:default[ \t]+)?(?:declare[ \t]+)?(?:abstract[ \t]+)?class[ \t]+([\w$]+)/,
      /^[ \t]*(?:export[ \t]+)?(?:declare[ \t]+)?(?:interface|type|enum|namespace|module)[ \t]+([\w$]+)/,
      /^[ \t]*(?:export[ \t]+)?(?:declare[ \t]+)?(?:const|let|var)[ \t]+([\w$]+)/,
      /^[ \t]*(?:module\.)?exports\.([\w$]+)[ \t]*=/,
      /^[ \t]*[\w$]+\.prototype\.([\w$]+)[ \t]*=/,
      // class members: `name(args) {`, `async name(`, `static get name(`, `name = (` / `name: Type`
      /^[ \t]+(?:(?:public|private|protected|static|readonly|async|get|set|override|abstract)[ \t]+)*\*?([\w$]+)[ \t]*(?:<[^>]*>)?\([^)]*\)?[^;]*\{?[ \t]*$/,
    ],
  },
  java: {
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
  csharp: {
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
  c: {
    blocks: 'braces',
    folderIsPackage: false,
    namespaces: null,
    pathsNameModules: false,
    definitions: [
      /^[ \t]*(?:typedef[ \t]+)?(?:struct|class|union|enum(?:[ \t]+class)?)[ \t]+(?:\w+[ \t]+)*?(\w+)[ \t]*(?:final[ \t]*)?(?::[^;{]*)?\{?[ \t]*$/,
      /^[ \t]*#[ \t]*define[ \t]+(\w+)/,
      /^[ \t]*typedef[ \t][^;(]*?(\w+)[ \t]*;/,
      /^[ \t]*(?:using)[ \t]+(\w+)[ \t]*=/,
      /^[ \t]*namespace[ \t]+(\w+)/,
      // a function at column 0 (definition or prototype): `type name(`, `type *name(`, `Class::name(`
      /^(?:template[ \t]*<[^>]*>[ \t]*)?(?:[A-Za-z_][\w:<>,*& \t]*?[ \t*&]+)?(?:\w+::)*(~?\w+)[ \t]*\(/,
    ],
  },
  go: {
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
  rust: {
    blocks: 'braces',
    folderIsPackage: false,
    namespaces: null,
    pathsNameModules: false,
    definitions: [
      /^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?(?:(?:async|const|unsafe|extern[ \t]+"[^"]*")[ \t]+)*fn[ \t]+(\w+)/,
      /^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?(?:struct|enum|trait|type|union|mod|const|static(?:[ \t]+mut)?)[ \t]+(\w+)/,
      /^[ \t]*macro_rules![ \t]*(\w+)/,
    ],
  },
};

/** Every family's rules: the built-in ones, then each plug-in language's own (named by its id). */
export const FAMILIES: Readonly<Record<LanguageFamily, FamilyRules>> = {
  ...BUILT_IN,
  ...Object.fromEntries(PLUGINS.map((p) => [p.spec.family, p.family])),
};
