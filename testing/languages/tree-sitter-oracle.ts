// The shared lexer's test oracle (src/languages/lexer.ts): tree-sitter's
// reading of real code, which owes nothing to the lexer's rules. On a file
// tree-sitter parses without an error, its leaves say which brackets are
// code (a `(` token, not a `(` inside a string, comment, regular expression
// or `%w(...)` literal), and which rows end on an unfinished `.`, `::` or
// `=`; a closing bracket taken out of such a file leaves its partner (or an
// opener before it) open. The lexer's tests compare it with these, on the
// edit-state corpus's programs and on library sources nobody here wrote.
import { readFile } from 'node:fs/promises';
import { Language, Parser, type Node } from 'web-tree-sitter';
import { grammarSpecifier, languageSpec, lex, lexerFor, freshLexState } from '../../src/languages';
import { grammarPath, treeSitterWasmPath, danglingRows, unclosedOpeners } from '../../src/syntax';

/**
 * Nodes whose text is not code to the lexer: comments, strings and
 * characters of every kind (heredocs, `%w(...)`, symbols with quotes,
 * shell commands), regular expressions, preprocessor lines and JSX or
 * PHP's inline text, where a bracket may stand alone.
 */
const NOT_CODE = /comment|string|heredoc|nowdoc|regex|character|char_literal|rune|symbol|subshell|shell|preproc|text|template_literal/;
const BRACKETS = new Set(['(', ')', '[', ']', '{', '}']);
const DANGLING = new Set(['.', '::', '=']);

export interface TreeSitterReading {
  /** Whether the parse holds no ERROR or MISSING node: only such a file is an oracle. */
  clean: boolean;
  /** Every bracket token in code, in text order. */
  brackets: { c: string; at: number }[];
  /** The [start, end) of every stretch that is not code. */
  notCode: [number, number][];
  /** Each closing bracket's opening partner: the same node's first child of the matching kind. */
  partner: Map<number, number>;
  /** Rows whose last code token is `.`, `::` or `=` (comments left out). */
  dangling: Set<number>;
}

let ready: Promise<void> | undefined;
const grammars = new Map<string, Promise<Language>>();

async function parserFor(language: string): Promise<Parser> {
  ready ??= readFile(treeSitterWasmPath()).then((bytes) => Parser.init({ wasmBinary: bytes }));
  await ready;
  const grammar = languageSpec(language)?.grammar;
  if (!grammar) throw new Error(`${language} has no grammar to read it with`);
  const specifier = grammarSpecifier(grammar);
  if (!grammars.has(specifier))
    grammars.set(
      specifier,
      readFile(grammarPath(specifier)).then((b) => Language.load(new Uint8Array(b))),
    );
  const parser = new Parser();
  parser.setLanguage(await grammars.get(specifier)!);
  return parser;
}

const OPENER: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };

/** tree-sitter's reading of `text` in `language` (a grammar the registry names). */
export async function treeSitterReading(language: string, text: string): Promise<TreeSitterReading> {
  const parser = await parserFor(language);
  const tree = parser.parse(text)!;
  const reading: TreeSitterReading = {
    clean: !tree.rootNode.hasError,
    brackets: [],
    notCode: [],
    partner: new Map(),
    dangling: new Set(),
  };
  const lastOnRow = new Map<number, string>();
  const walk = (node: Node): void => {
    if (node.type !== 'program' && NOT_CODE.test(node.type)) {
      reading.notCode.push([node.startIndex, node.endIndex]);
      // A string is a token of code on every row it spans.
      if (!/comment/.test(node.type))
        for (let row = node.startPosition.row; row <= node.endPosition.row; row++) lastOnRow.set(row, node.type);
      return;
    }
    if (node.childCount === 0) {
      if (BRACKETS.has(node.type) && node.endIndex - node.startIndex === 1) reading.brackets.push({ c: node.type, at: node.startIndex });
      lastOnRow.set(node.endPosition.row, node.type);
      return;
    }
    const children = node.children.filter((c): c is Node => !!c);
    for (const child of children) {
      const opener = OPENER[child.type];
      if (opener) {
        const open = children.find((o) => o.type === opener && o.startIndex < child.startIndex);
        if (open) reading.partner.set(child.startIndex, open.startIndex);
      }
      walk(child);
    }
  };
  walk(tree.rootNode);
  for (const [row, type] of lastOnRow) if (DANGLING.has(type)) reading.dangling.add(row);
  reading.brackets.sort((a, b) => a.at - b.at);
  tree.delete();
  parser.delete();
  return reading;
}

/** Whether `at` lies in a stretch tree-sitter reads as not code. */
export function insideNotCode(reading: TreeSitterReading, at: number): boolean {
  return reading.notCode.some(([from, to]) => at >= from && at < to);
}

/**
 * Where the lexer's reading of a file tree-sitter parses cleanly departs
 * from tree-sitter's, one line each (none: they agree): the brackets in
 * code, nothing left open, the dangling rows, and, for up to `removals`
 * closing round or square brackets taken out one at a time, one opener
 * left open, at or before the removed bracket's partner. Undefined when
 * tree-sitter finds an error in the file (no oracle there).
 */
export async function lexerDepartures(language: string, text: string, removals = 3): Promise<string[] | undefined> {
  const ts = await treeSitterReading(language, text);
  if (!ts.clean) return undefined;
  const out: string[] = [];
  const lexed: { c: string; at: number }[] = [];
  lex(lexerFor(language)!, text, freshLexState(), true, {
    open: (c, at) => c !== '${' && lexed.push({ c, at }),
    close: (c, at) => lexed.push({ c, at }),
  });
  const inCode = lexed.filter((b) => !insideNotCode(ts, b.at));
  const key = (b: { c: string; at: number }) => `${b.c}@${b.at}`;
  const theirs = new Set(ts.brackets.map(key));
  const ours = new Set(inCode.map(key));
  for (const b of ts.brackets) if (!ours.has(key(b))) out.push(`tree-sitter's ${key(b)} is not a bracket in code to the lexer`);
  for (const b of inCode) if (!theirs.has(key(b))) out.push(`the lexer's ${key(b)} is not a bracket token to tree-sitter`);
  const open = unclosedOpeners(text, language) ?? [];
  for (const o of open) out.push(`the lexer finds a ${o.kind} left open at ${o.at} (row ${o.row})`);
  const dangling = danglingRows(text, language)?.dangling ?? new Set<number>();
  for (const row of dangling) if (!ts.dangling.has(row)) out.push(`the lexer finds row ${row} dangling`);
  for (const row of ts.dangling)
    if (!dangling.has(row))
      out.push(`row ${row} ends on ${JSON.stringify(text.split('\n')[row].trim().slice(-2))} but the lexer finds it finished`);
  const closers = ts.brackets.filter((b) => (b.c === ')' || b.c === ']') && ts.partner.has(b.at));
  for (let k = 0; k < Math.min(removals, closers.length); k++) {
    const closer = closers[Math.floor(((k + 0.5) * closers.length) / Math.min(removals, closers.length))];
    const partner = ts.partner.get(closer.at)!;
    const left = (unclosedOpeners(text.slice(0, closer.at) + text.slice(closer.at + 1), language) ?? []).filter(
      (o) => o.kind === 'bracket',
    );
    if (left.length !== 1 || left[0].at > partner)
      out.push(
        `without the ${closer.c} at ${closer.at} (partner at ${partner}), the lexer finds open: ${JSON.stringify(left.map((o) => o.at))}`,
      );
  }
  return out;
}
