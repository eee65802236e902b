// Where names are defined in a file: functions, classes, types, methods,
// module-level constants. Regular expressions per language, line by line:
// retrieval only needs "this name is defined on this line, and its body
// runs to there", and a regex that misses an exotic form costs one snippet,
// never a wrong completion. (The retrieval bench checks these against
// tree-sitter's definitions, an independent reading.)
import type { RetrievalLanguage } from './languages';

export interface Definition {
  name: string;
  /** 0-based line of the definition's first line (decorators and doc comments not included). */
  line: number;
  /** 0-based last line of its body (inclusive), at most MAX_DEFINITION_LINES after `line`. */
  endLine: number;
  /** Indented: a method or a member, whose name any object may have (a weaker clue than a top-level name). */
  nested: boolean;
}

/** A definition's snippet is its head: a class's first lines say what it holds, a long function's first lines what it takes. */
export const MAX_DEFINITION_LINES = 12;

const NOT_A_NAME = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'new', 'else', 'do', 'sizeof', 'delete', 'throw', 'case', 'using', 'lock', 'foreach', 'await', 'yield', 'elif', 'with', 'match', 'typeof', 'function']);

const PATTERNS: Record<RetrievalLanguage, RegExp[]> = {
  python: [
    /^[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)/,
    /^[ \t]*class[ \t]+(\w+)/,
    /^(\w+)[ \t]*(?::[^=\n]+)?=(?!=)/, // module-level NAME = ... (column 0 only)
  ],
  js: [
    /^[ \t]*(?:export[ \t]+)?(?:default[ \t]+)?(?:declare[ \t]+)?(?:async[ \t]+)?function[ \t]*\*?[ \t]*([\w$]+)/,
    /^[ \t]*(?:export[ \t]+)?(?:default[ \t]+)?(?:declare[ \t]+)?(?:abstract[ \t]+)?class[ \t]+([\w$]+)/,
    /^[ \t]*(?:export[ \t]+)?(?:declare[ \t]+)?(?:interface|type|enum|namespace|module)[ \t]+([\w$]+)/,
    /^[ \t]*(?:export[ \t]+)?(?:declare[ \t]+)?(?:const|let|var)[ \t]+([\w$]+)/,
    /^[ \t]*(?:module\.)?exports\.([\w$]+)[ \t]*=/,
    /^[ \t]*[\w$]+\.prototype\.([\w$]+)[ \t]*=/,
    // class members: `name(args) {`, `async name(`, `static get name(`, `name = (` / `name: Type`
    /^[ \t]+(?:(?:public|private|protected|static|readonly|async|get|set|override|abstract)[ \t]+)*\*?([\w$]+)[ \t]*(?:<[^>]*>)?\([^)]*\)?[^;]*\{?[ \t]*$/,
  ],
  java: [
    /^[ \t]*(?:(?:public|private|protected|static|final|abstract|sealed|non-sealed|strictfp)[ \t]+)*(?:class|interface|enum|record|@interface)[ \t]+(\w+)/,
    /^[ \t]*(?:(?:public|private|protected|static|final|abstract|synchronized|native|default|strictfp)[ \t]+)*(?:<[^>]+>[ \t]+)?[\w<>[\],.? ]+?[ \t]+(\w+)[ \t]*\(/,
    /^[ \t]*(?:(?:public|private|protected|static|final)[ \t]+)+[\w<>[\],.? ]+?[ \t]+(\w+)[ \t]*(?:=|;)/,
  ],
  csharp: [
    /^[ \t]*(?:(?:public|private|protected|internal|static|abstract|sealed|partial|readonly|unsafe|new|file|ref)[ \t]+)*(?:class|interface|enum|struct|record(?:[ \t]+(?:class|struct))?|delegate[ \t]+[\w<>[\],.? ]+?)[ \t]+(\w+)/,
    /^[ \t]*(?:(?:public|private|protected|internal|static|abstract|sealed|override|virtual|async|extern|unsafe|new|partial|readonly)[ \t]+)*[\w<>[\],.?() ]+?[ \t]+(\w+)[ \t]*(?:<[^>]+>)?[ \t]*\(/,
    /^[ \t]*(?:(?:public|private|protected|internal|static|readonly|const|override|virtual|abstract|new|required)[ \t]+)+[\w<>[\],.? ]+?[ \t]+(\w+)[ \t]*(?:\{|=|;)/,
  ],
  c: [
    /^[ \t]*(?:typedef[ \t]+)?(?:struct|class|union|enum(?:[ \t]+class)?)[ \t]+(?:\w+[ \t]+)*?(\w+)[ \t]*(?:final[ \t]*)?(?::[^;{]*)?\{?[ \t]*$/,
    /^[ \t]*#[ \t]*define[ \t]+(\w+)/,
    /^[ \t]*typedef[ \t][^;(]*?(\w+)[ \t]*;/,
    /^[ \t]*(?:using)[ \t]+(\w+)[ \t]*=/,
    /^[ \t]*namespace[ \t]+(\w+)/,
    // a function at column 0 (definition or prototype): `type name(`, `type *name(`, `Class::name(`
    /^(?:template[ \t]*<[^>]*>[ \t]*)?(?:[A-Za-z_][\w:<>,*& \t]*?[ \t*&]+)?(?:\w+::)*(~?\w+)[ \t]*\(/,
  ],
  go: [
    /^func[ \t]+(?:\([^)]*\)[ \t]*)?(\w+)/,
    /^type[ \t]+(\w+)/,
    /^(?:var|const)[ \t]+(\w+)/,
    /^[ \t]+(\w+)[ \t]+(?:=|[\w.*[\]]+[ \t]*=)/, // inside a var/const ( ... ) block
  ],
  rust: [
    /^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?(?:(?:async|const|unsafe|extern[ \t]+"[^"]*")[ \t]+)*fn[ \t]+(\w+)/,
    /^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?(?:struct|enum|trait|type|union|mod|const|static(?:[ \t]+mut)?)[ \t]+(\w+)/,
    /^[ \t]*macro_rules![ \t]*(\w+)/,
  ],
};

const indentOf = (line: string) => line.length - line.trimStart().length;

/** The last line of an indentation block (Python): the next non-blank line indented no deeper than the head ends it. */
function indentedBlockEnd(lines: readonly string[], start: number): number {
  const base = indentOf(lines[start]);
  let end = start;
  // A head spread over several lines (`def f(a,\n b):`) continues until the colon.
  let i = start + 1;
  for (; i < lines.length; i++) {
    const l = lines[i];
    if (!l.trim()) continue;
    if (indentOf(l) <= base && !/^[ \t]*[)\]}]/.test(l)) break;
    end = i;
  }
  return end;
}

/** The last line of a braced body: braces counted from the head (strings and comments not parsed: a cap bounds any miscount). */
function bracedBlockEnd(lines: readonly string[], start: number, cap: number): number {
  let depth = 0;
  let opened = false;
  for (let i = start; i < lines.length && i <= start + cap; i++) {
    for (const ch of lines[i]) {
      if (ch === '{') { depth++; opened = true; } else if (ch === '}') depth--;
    }
    if (opened && depth <= 0) return i;
    // A declaration with no body (`int f(int);`, `type X = Y;`) ends on its line.
    if (!opened && /;[ \t]*(?:\/\/.*)?$/.test(lines[i])) return i;
  }
  return Math.min(lines.length - 1, start + cap);
}

export function findDefinitions(text: string, language: RetrievalLanguage): Definition[] {
  const lines = text.split('\n');
  const patterns = PATTERNS[language];
  const out: Definition[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.length > 400) continue; // minified code: no honest definition boundaries
    for (const re of patterns) {
      const m = re.exec(line);
      if (!m || NOT_A_NAME.has(m[1])) continue;
      const end = language === 'python' ? indentedBlockEnd(lines, i) : bracedBlockEnd(lines, i, MAX_DEFINITION_LINES * 4);
      out.push({ name: m[1], line: i, endLine: Math.min(end, i + MAX_DEFINITION_LINES - 1), nested: indentOf(line) > 0 });
      break;
    }
  }
  return out;
}
