// Reserved words that tree-sitter lets through as identifiers. Its grammars
// lex keywords contextually, so `break break;` (Java) parses as a break with
// a label named `break`, and `return return;` (C++) as returning a variable
// named `return`; tree-sitter-javascript and -typescript read `{ else` and
// `return return [x]` as names too. Every compiler rejects these; a model
// that repeats a token produces exactly this.
//
// Only identifiers that overlap the completion are looked at: the check is
// about what the completion wrote, and stays cheap on a large file. The
// words are each language's record's (src/languages/<id>/language.ts): hard
// keywords only.
import type { Tree } from 'web-tree-sitter';
import { languageSpec } from '../languages/registry';
import type { RawIssue } from './issues';

/** Each language's reserved words (its record's list) as a set, made on first use. */
const RESERVED = new Map<string, ReadonlySet<string>>();

function reservedWordsOf(language: string): ReadonlySet<string> | undefined {
  let set = RESERVED.get(language);
  if (!set) {
    const words = languageSpec(language)?.reservedWords;
    if (!words?.length) return undefined;
    RESERVED.set(language, (set = new Set(words)));
  }
  return set;
}

const IDENTIFIERS = new Set([
  'identifier',
  'type_identifier',
  'field_identifier',
  'namespace_identifier',
  'statement_identifier',
  'package_identifier',
  'label_name',
]);
/**
 * Where a keyword is a legal name: JavaScript's `import { default as x }`
 * and `export { x as default }`; Ruby's method names (`def end`,
 * `alias begin_ begin`) and keyword parameters (`def tag(class: nil)`).
 * Not descended into: Rust macro bodies (token trees, any words), and
 * ERROR regions (below).
 */
const NAME_ALLOWED_IN = new Set([
  'import_specifier',
  'export_specifier',
  'namespace_export',
  'method',
  'singleton_method',
  'alias',
  'undef',
  'keyword_parameter',
]);
/** Fields whose identifier is a method's name in a call: any word names a method in Ruby (`range.end`, `self.class`). */
const METHOD_FIELDS = new Set(['method']);
const OPAQUE = new Set(['ERROR', 'token_tree', 'macro_definition']);

/** Identifiers spelled like a reserved word, among the nodes overlapping [from, to]. */
export function reservedWordIssues(tree: Tree, language: string, from: number, to: number): RawIssue[] {
  const reserved = reservedWordsOf(language);
  const issues: RawIssue[] = [];
  if (!reserved || to <= from) return issues;
  const cursor = tree.walk();
  try {
    for (;;) {
      const overlaps = cursor.startIndex < to && cursor.endIndex > from;
      if (overlaps && IDENTIFIERS.has(cursor.nodeType)) {
        const node = cursor.currentNode;
        if (reserved.has(node.text) && !NAME_ALLOWED_IN.has(node.parent?.type ?? '') && !METHOD_FIELDS.has(cursor.currentFieldName ?? '')) {
          const { row, column } = node.startPosition;
          issues.push({
            kind: 'error',
            type: `reserved word '${node.text}' used as a name`,
            start: node.startIndex,
            end: node.endIndex,
            row,
            column,
            endRow: node.endPosition.row,
            origin: 'checks',
          });
        }
      }
      // Not inside an ERROR: tree-sitter has reported that region already,
      // and what it salvaged there (a `return` after a line it could not
      // parse) is its guess, not the code's structure. Children that end
      // before the completion are skipped (the first child visited is the
      // first to end after `from`), and so are the siblings that start after
      // it: the walk stays on the path to the completion, not the whole file.
      if (overlaps && !OPAQUE.has(cursor.nodeType) && cursor.gotoFirstChildForIndex(from)) continue;
      while (!cursor.gotoNextSibling() || cursor.startIndex >= to) {
        if (!cursor.gotoParent()) return issues;
      }
    }
  } finally {
    cursor.delete();
  }
}
