// Deterministic corruptions of a ground-truth middle, for the detection test
// and the CLI's self-check. Each mutation is what a fill-in-the-middle model
// gets wrong in practice: a dropped closing bracket or quote, a statement
// cut short, a doubled line break in an indented block, a keyword without
// its partner, a line dedented by one column (Python).
//
// Labels: for Java and C++ a mutation is generated only where its effect is
// certain from the text alone ("by construction"): an unbalanced bracket in
// a file whose brackets balanced, a string left open to the end of its line,
// `{ else`, or a blank line outside any string. For Python the labels come
// from CPython (python-reference.ts), so `expectValid` is left undefined.
// Other languages are read as the C family is (the shared lexer with their
// own rules); the corpus generator labels their mutations with real tools.
import { languageSpec } from '../../src/languages';
import type { CorpusLanguage } from './edit-states';
import { bracketPairs, CODE, lexText, lineEnd, lineStart, STRING, type LexedText } from './lexed-text';

export const MUTATION_KINDS = [
  'drop-close',
  'drop-quote',
  'truncate',
  'extra-newline',
  'unmatched-keyword',
  'doubled-keyword',
  'dedent',
] as const;
export type MutationKind = (typeof MUTATION_KINDS)[number];

export interface Mutation {
  kind: MutationKind;
  middle: string;
  /** Known validity by construction (Java, C++); undefined where a reference parser must say (Python). */
  expectValid?: boolean;
}

interface Doc {
  language: CorpusLanguage;
  prefix: string;
  middle: string;
  suffix: string;
}

export function mutations(doc: Doc): Mutation[] {
  const { language, prefix, middle, suffix } = doc;
  const text = prefix + middle + suffix;
  const lexed = lexText(text, language);
  const { mask, strings } = lexed;
  const lo = prefix.length;
  const hi = lo + middle.length;
  const byConstruction = language !== 'python';
  const balanced = bracketPairs(text, lexed).balanced;
  const isBracket = new Set(lexed.brackets);
  const out: Mutation[] = [];
  const add = (kind: MutationKind, at: number, remove: number, insert: string, expectValid: boolean) => {
    const m = middle.slice(0, at - lo) + insert + middle.slice(at - lo + remove);
    if (m !== middle) out.push({ kind, middle: m, expectValid: byConstruction ? expectValid : undefined });
  };
  const preprocessor = !!languageSpec(language)?.lexer?.preprocessor;
  const inPreprocessor = (i: number) => preprocessor && /^\s*#/.test(text.slice(lineStart(text, i), i + 1));

  // drop-close: the last closing bracket of the middle.
  for (let i = hi - 1; i >= lo; i--) {
    if (isBracket.has(i) && ')]}'.includes(text[i])) {
      if (!byConstruction || (balanced && !inPreprocessor(i))) add('drop-close', i, 1, '', false);
      break;
    }
  }

  // drop-quote: the closing quote of the middle's last string literal. In
  // Java/C++ only for a one-line string where no other quote on that line
  // could close it instead.
  const lastString = [...strings].reverse().find((s) => s.open >= lo && s.close >= 0 && s.close + s.quoteLength <= hi);
  if (lastString) {
    const { close, quoteLength } = lastString;
    const rest = text.slice(close + 1, lineEnd(text, close));
    const certain = quoteLength === 1 && !lastString.multiLine && !/["'\\]/.test(rest) && !inPreprocessor(close);
    if (!byConstruction || certain) add('drop-quote', close + quoteLength - 1, 1, '', false);
  }

  // truncate: cut right after the last opening bracket whose partner is in
  // the middle too; its statement is left open (a `(` or `[` if any).
  const inner = bracketPairs(text, lexed, lo, hi).pairs.filter(([o, c]) => o >= lo && c < hi);
  const cut = inner.filter(([o]) => text[o] !== '{').sort((a, b) => b[0] - a[0])[0] ?? inner.sort((a, b) => b[0] - a[0])[0];
  if (cut && (!byConstruction || (balanced && !inPreprocessor(cut[0])))) add('truncate', cut[0] + 1, hi - cut[0] - 1, '', false);

  // extra-newline: double the first line break in the middle that leads
  // into an indented line, outside strings (a blank line: always valid in Java/C++).
  for (let i = lo; i < hi; i++) {
    if (text[i] === '\n' && mask[i] !== STRING && (text[i + 1] === ' ' || text[i + 1] === '\t')) {
      const continued = text[i - (text[i - 1] === '\r' ? 2 : 1)] === '\\';
      if (!byConstruction || (!continued && !inPreprocessor(i))) add('extra-newline', i, 0, '\n', true);
      break;
    }
  }

  // unmatched-keyword: Java/C++ `{ else` (never valid: `else` needs an
  // if-statement before it). Python: an `else:` line in front of the
  // middle's first statement, which CPython judges (it may match an `if`).
  if (byConstruction) {
    for (let i = lo; i < hi; i++) {
      if (isBracket.has(i) && text[i] === '{') {
        if (!inPreprocessor(i)) add('unmatched-keyword', i + 1, 0, ' else ', false);
        break;
      }
    }
  } else {
    const first = firstStatementLine(text, mask, lo, hi);
    if (first !== undefined) {
      const indent = /^[ \t]*/.exec(text.slice(first))![0];
      add('unmatched-keyword', first, 0, `${indent}else:\n`, false);
    } else {
      add('unmatched-keyword', lo, 0, 'else ', false);
    }
  }

  // doubled-keyword: the middle's first statement keyword, twice. Invalid
  // in Java/C++ for these keywords (not `throw`, `do` or type names, which
  // can legally follow themselves); CPython judges the Python ones.
  const keywords = language === 'python' ? PYTHON_KEYWORDS : C_FAMILY_KEYWORDS;
  const kw = new RegExp(`\\b(${keywords.join('|')})\\b`, 'g');
  for (let m = kw.exec(middle); m; m = kw.exec(middle)) {
    const at = lo + m.index;
    if (mask[at] === CODE && !/[\w$]/.test(text[at - 1] ?? '') && !inPreprocessor(at)) {
      add('doubled-keyword', at, 0, `${m[1]} `, false);
      break;
    }
  }

  // dedent (Python): the middle's last indented line loses one column.
  if (language === 'python') {
    for (let s = lineStart(text, hi - 1); s >= lo; s = lineStart(text, s - 1)) {
      if ((text[s] === ' ' || text[s] === '\t') && mask[s] === CODE && /\S/.test(text.slice(s, lineEnd(text, s)))) {
        add('dedent', s, 1, '', false);
        break;
      }
      if (s === 0) break;
    }
  }
  return out;
}

const PYTHON_KEYWORDS = ['if', 'for', 'while', 'return', 'def', 'class', 'import', 'elif', 'else', 'with', 'pass', 'lambda'];
const C_FAMILY_KEYWORDS = ['if', 'for', 'while', 'return', 'new', 'else', 'switch', 'case', 'break', 'continue'];

/** Start of the first line inside [lo, hi) that begins at a line start and holds code. */
function firstStatementLine(text: string, mask: LexedText['mask'], lo: number, hi: number): number | undefined {
  for (let s = lo; s < hi; s = lineEnd(text, s) + 1) {
    if (s !== lineStart(text, s)) continue;
    const m = /^[ \t]*/.exec(text.slice(s))![0].length;
    if (s + m < hi && mask[s] === CODE && mask[s + m] === CODE && text[s + m] !== '\n' && text[s + m] !== '#') return s;
  }
  return undefined;
}
