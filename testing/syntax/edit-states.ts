// Edit states: the document a completion lands in is rarely clean. Someone
// is half-way through a declaration at the top, left a `def broken(:` at the
// bottom, an unclosed bracket, string or comment a few lines away, a
// half-typed name on the line above. This plants one such unrelated error
// in a fill-in-the-middle task (prefix + hole + suffix), at a line start
// where a statement or member could go, so the error stays on its own
// lines: whether a completion adds an error must be the same as in the
// clean document.
//
// Deterministic (no randomness): the same task gives the same plants. Used
// by the corpus generator (scripts/make-edit-states.ts, whose real
// compilers confirm each plant really breaks the document) and by tests.
import { CODE, DIRECTIVE, lexText, lineEnd, lineStart } from './lexed-text';

export type CorpusLanguage = 'python' | 'java' | 'cpp' | 'csharp' | 'javascript' | 'typescript' | 'go' | 'rust';
export const CORPUS_LANGUAGES: readonly CorpusLanguage[] = ['python', 'java', 'cpp', 'csharp', 'javascript', 'typescript', 'go', 'rust'];

export type PlantKind =
  | 'first-line'
  | 'last-line'
  | 'other-function'
  | 'bracket-above'
  | 'bracket-below'
  | 'string-above'
  | 'string-below'
  | 'comment-below'
  | 'identifier-above';

/** One planted error: `text` (a whole line, newline included) inserted at `at` of prefix + suffix. */
export interface Plant {
  kind: PlantKind;
  at: number;
  text: string;
}

/** The broken line each kind plants, per language ({} is replaced by the indentation of the line it goes before). */
const SNIPPETS: Record<CorpusLanguage, Record<PlantKind, string>> = {
  python: {
    'first-line': 'import os.',
    'last-line': 'def broken(:',
    'other-function': 'total = ',
    'bracket-above': 'values = max(1, 2',
    'bracket-below': 'values = max(1, 2',
    'string-above': 'label = "abc',
    'string-below': 'label = "abc',
    'comment-below': 'note = """abc',
    'identifier-above': 'self.',
  },
  java: {
    'first-line': 'import java.util.',
    'last-line': 'void broken(',
    'other-function': 'int total = ;',
    'bracket-above': 'total = Math.max(1, 2;',
    'bracket-below': 'total = Math.max(1, 2;',
    'string-above': 'String label = "abc;',
    'string-below': 'String label = "abc;',
    'comment-below': '/* note',
    'identifier-above': 'this.;',
  },
  cpp: {
    'first-line': 'std::vector<int> v =',
    'last-line': 'int broken(',
    'other-function': 'int total = ;',
    'bracket-above': 'total = max(1, 2;',
    'bracket-below': 'total = max(1, 2;',
    'string-above': 'const char* label = "abc;',
    'string-below': 'const char* label = "abc;',
    'comment-below': '/* note',
    'identifier-above': 'std::;',
  },
  csharp: {
    'first-line': 'using System.',
    'last-line': 'void Broken(',
    'other-function': 'int total = ;',
    'bracket-above': 'total = Math.Max(1, 2;',
    'bracket-below': 'total = Math.Max(1, 2;',
    'string-above': 'string label = "abc;',
    'string-below': 'string label = "abc;',
    'comment-below': '/* note',
    'identifier-above': 'this.;',
  },
  javascript: {
    'first-line': 'import { x } from',
    'last-line': 'function broken(',
    'other-function': 'let total = ;',
    'bracket-above': 'total = Math.max(1, 2;',
    'bracket-below': 'total = Math.max(1, 2;',
    'string-above': 'let label = "abc;',
    'string-below': 'let label = "abc;',
    'comment-below': '/* note',
    'identifier-above': 'this.;',
  },
  typescript: {
    'first-line': 'import { x } from',
    'last-line': 'function broken(',
    'other-function': 'let total: number = ;',
    'bracket-above': 'total = Math.max(1, 2;',
    'bracket-below': 'total = Math.max(1, 2;',
    'string-above': 'let label = "abc;',
    'string-below': 'let label = "abc;',
    'comment-below': '/* note',
    'identifier-above': 'this.;',
  },
  go: {
    'first-line': 'import "fmt',
    'last-line': 'func broken(',
    'other-function': 'total := ',
    'bracket-above': 'total = max(1, 2',
    'bracket-below': 'total = max(1, 2',
    'string-above': 'label := "abc',
    'string-below': 'label := "abc',
    'comment-below': '/* note',
    'identifier-above': 'x.',
  },
  rust: {
    'first-line': 'use std::',
    'last-line': 'fn broken(',
    'other-function': 'let total = ;',
    'bracket-above': 'let total = max(1, 2;',
    'bracket-below': 'let total = max(1, 2;',
    'string-above': "let label = 'abc;",
    'string-below': "let label = 'abc;",
    'comment-below': '/* note',
    'identifier-above': 'self.;',
  },
};

/**
 * Line starts of `text` where a line may be inserted as a statement or
 * member of its own: outside strings and comments, outside ( and [, not
 * inside a C++ preprocessor continuation, and (Python) not in front of a
 * line ending with a backslash or starting a continuation clause.
 */
function statementLineStarts(text: string, language: CorpusLanguage): number[] {
  const { mask, brackets } = lexText(text, language);
  const isBracket = new Set(brackets);
  const out: number[] = [];
  let depth = 0;
  let lineOk = true;
  for (let i = 0; i <= text.length; i++) {
    if (i === 0 || text[i - 1] === '\n') {
      const prevLine = i === 0 ? '' : text.slice(lineStart(text, i - 1), i - 1);
      const next = text.slice(i, lineEnd(text, i));
      const continuing = /\\\s*$/.test(prevLine) || (language === 'cpp' && /^\s*#/.test(prevLine) && /\\\s*$/.test(prevLine));
      const clause = /^\s*(else|elif|except|finally|catch|case|default)\b/.test(next) || /^\s*[.)\]}?:,|&+*/-]/.test(next);
      // Java/C# annotations and C++ templates bind to the next line; so do Rust attributes.
      const binds = /^\s*(@|template\s*<|#\[)/.test(prevLine) || /^\s*(@|#\[)/.test(next);
      // A preprocessor line starts a line of its own: a line inserted before it leaves it whole.
      const lineCode = mask[i] === CODE || mask[i] === DIRECTIVE;
      if (depth === 0 && lineOk && lineCode && !continuing && !clause && !binds && next.trim() !== '') out.push(i);
      lineOk = true;
    }
    if (i === text.length) break;
    if (mask[i] !== CODE) {
      if (text[i] === '\n') lineOk = false; // a line break inside a string or comment
      continue;
    }
    if (!isBracket.has(i)) continue;
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
  }
  return out;
}

/** The indentation of the line starting at `at`. */
function indentAt(text: string, at: number): string {
  return /^[ \t]*/.exec(text.slice(at, lineEnd(text, at)))![0];
}

/**
 * The plants for a task whose hole is at `cursor` of `doc` (prefix +
 * suffix): at most one per kind, each as far from the hole as its kind
 * says. Kinds with no fitting place are left out.
 */
export function plants(doc: string, cursor: number, language: CorpusLanguage): Plant[] {
  const snippet = SNIPPETS[language];
  const starts = statementLineStarts(doc, language);
  const cursorLine = lineStart(doc, cursor);
  const cursorEnd = lineEnd(doc, cursor);
  const out: Plant[] = [];
  const line = (kind: PlantKind, at: number, indent = indentAt(doc, at)) => out.push({ kind, at, text: `${indent}${snippet[kind]}\n` });
  const rowOf = (i: number) => countLines(doc, 0, i);
  const cursorRow = rowOf(cursor);
  const indented = (s: number) => indentAt(doc, s).length > 0;

  // The file's first line (after a Go package clause, which must stay first... a broken one first is as real).
  line('first-line', 0, '');
  // The file's end, at column 0.
  out.push({ kind: 'last-line', at: doc.length, text: `${doc.endsWith('\n') || doc === '' ? '' : '\n'}${snippet['last-line']}\n` });

  const above = starts.filter((s) => s < cursorLine);
  const below = starts.filter((s) => s > cursorEnd);
  // Another function: the statement position farthest from the hole that is indented (inside a body), at least 6 rows off.
  const far = [...above, ...below].filter((s) => indented(s) && Math.abs(rowOf(s) - cursorRow) >= 6);
  if (far.length)
    line(
      'other-function',
      far.reduce((a, b) => (Math.abs(rowOf(b) - cursorRow) > Math.abs(rowOf(a) - cursorRow) ? b : a)),
    );
  // Near the hole: the closest statement position within 8 rows above / below.
  const nearAbove = above.filter((s) => cursorRow - rowOf(s) <= 8).pop();
  const nearBelow = below.find((s) => rowOf(s) - cursorRow <= 8);
  if (nearAbove !== undefined) {
    line('bracket-above', nearAbove);
    line('string-above', nearAbove);
    line('identifier-above', nearAbove);
  }
  if (nearBelow !== undefined) {
    line('bracket-below', nearBelow);
    line('string-below', nearBelow);
    line('comment-below', nearBelow);
  }
  return out;
}

/** prefix and suffix with the plant in (it is never at the cursor itself, except at either end of the file). */
export function applyPlant(prefix: string, suffix: string, plant: Pick<Plant, 'at' | 'text'>): { prefix: string; suffix: string } {
  const at = plant.at;
  if (at < prefix.length || (at === prefix.length && at === 0))
    return { prefix: prefix.slice(0, at) + plant.text + prefix.slice(at), suffix };
  const i = at - prefix.length;
  return { prefix, suffix: suffix.slice(0, i) + plant.text + suffix.slice(i) };
}

function countLines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
