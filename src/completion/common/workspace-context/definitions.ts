// Where names are defined in a file: functions, classes, types, methods,
// module-level constants. Regular expressions per language family
// (src/languages/families.ts), line by line: retrieval only needs "this
// name is defined on this line, and its body runs to there".
import { FAMILIES } from '../../../languages/families';
import type { LanguageFamily } from '../../../languages/spec';

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
const MAX_DEFINITION_LINES = 12;

const NOT_A_NAME = new Set([
  'if',
  'for',
  'while',
  'switch',
  'catch',
  'return',
  'new',
  'else',
  'do',
  'sizeof',
  'delete',
  'throw',
  'case',
  'using',
  'lock',
  'foreach',
  'await',
  'yield',
  'elif',
  'with',
  'match',
  'typeof',
  'function',
]);

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
      if (ch === '{') {
        depth++;
        opened = true;
      } else if (ch === '}') depth--;
    }
    if (opened && depth <= 0) return i;
    // A declaration with no body (`int f(int);`, `type X = Y;`) ends on its line.
    if (!opened && /;[ \t]*(?:\/\/.*)?$/.test(lines[i])) return i;
  }
  return Math.min(lines.length - 1, start + cap);
}

export function findDefinitions(text: string, language: LanguageFamily): Definition[] {
  const lines = text.split('\n');
  const { definitions: patterns, blocks } = FAMILIES[language];
  const out: Definition[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.length > 400) continue; // minified code: no honest definition boundaries
    for (const re of patterns) {
      const m = re.exec(line);
      if (!m || NOT_A_NAME.has(m[1])) continue;
      const end = blocks === 'indent' ? indentedBlockEnd(lines, i) : bracedBlockEnd(lines, i, MAX_DEFINITION_LINES * 4);
      out.push({ name: m[1], line: i, endLine: Math.min(end, i + MAX_DEFINITION_LINES - 1), nested: indentOf(line) > 0 });
      break;
    }
  }
  return out;
}
