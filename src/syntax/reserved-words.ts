// Reserved words that tree-sitter lets through as identifiers. Its grammars
// lex keywords contextually, so `break break;` (Java) parses as a break with
// a label named `break`, and `return return;` (C++) as returning a variable
// named `return`; tree-sitter-javascript and -typescript read `{ else` and
// `return return [x]` as names too. Every compiler rejects these; a model
// that repeats a token produces exactly this.
//
// Only identifiers that overlap the completion are looked at: the check is
// about what the completion wrote, and stays cheap on a large file.
import type { Tree } from 'web-tree-sitter';
import type { RawIssue } from './issues';

/**
 * Hard keywords only: contextual ones (Java `var`, `record`; C++ `final`,
 * `override`; Python `match`) are legal names. Left out of C++ too: the
 * casts (`static_cast<T>(x)` and its three siblings), which tree-sitter-cpp
 * parses as a template function named like the keyword, or with an unknown
 * type as comparisons of an identifier; and `template`, which it reads as a
 * name in `obj.template get<0>()`.
 */
/**
 * JavaScript's words reserved in every mode (TypeScript adds none that are
 * hard): tree-sitter-javascript reads `{ else` and `return return x` as
 * names. Not the ones reserved only in strict code or modules (`let`,
 * `static`, `yield`, `await`, `implements`...), nor literals (`this`,
 * `null`, `true`: node types of their own).
 */
const JS = new Set(('break case catch class const continue debugger default delete do else enum export extends finally for ' +
  'function if import in instanceof new return switch throw try typeof var void while with').split(' '));

const RESERVED: Readonly<Record<string, ReadonlySet<string>>> = {
  python: new Set(('False None True and as assert async await break class continue def del elif else except finally for from ' +
    'global if import in is lambda nonlocal not or pass raise return try while with yield').split(' ')),
  java: new Set(('abstract assert boolean break byte case catch char class const continue default do double else enum extends ' +
    'final finally float for goto if implements import instanceof int interface long native new package private protected ' +
    'public return short static strictfp super switch synchronized this throw throws transient try void volatile while ' +
    'true false null').split(' ')),
  cpp: new Set(('alignas alignof asm auto bool break case catch char char8_t char16_t char32_t class concept const consteval ' +
    'constexpr constinit continue co_await co_return co_yield decltype default delete do double else ' +
    'enum explicit export extern false float for friend goto if inline int long mutable namespace new noexcept nullptr ' +
    'operator private protected public register requires return short signed sizeof static static_assert ' +
    'struct switch this thread_local throw true try typedef typeid typename union unsigned using ' +
    'virtual void volatile wchar_t while').split(' ')),
  javascript: JS,
  typescript: JS,
  tsx: JS,
  csharp: new Set(('abstract as base bool break byte case catch char checked class const continue decimal default delegate do ' +
    'double else enum event explicit extern false finally fixed float for foreach goto if implicit in int interface internal ' +
    'is lock long namespace new null object operator out override params private protected public readonly ref return sbyte ' +
    'sealed short sizeof stackalloc static string struct switch this throw true try typeof uint ulong unchecked unsafe ushort ' +
    'using virtual void volatile while').split(' ')),
  go: new Set(('break case chan const continue default defer else fallthrough for func go goto if import interface map ' +
    'package range return select struct switch type var').split(' ')),
  // Not `self`, `Self`, `super`, `crate`: path segments tree-sitter-rust may read as names.
  rust: new Set(('as async await break const continue dyn else enum extern false fn for if impl in let loop match mod move ' +
    'mut pub ref return static struct trait true type unsafe use where while').split(' ')),
};

const IDENTIFIERS = new Set(['identifier', 'type_identifier', 'field_identifier', 'namespace_identifier', 'statement_identifier', 'package_identifier', 'label_name']);
/**
 * Where a keyword is a legal name: JavaScript's `import { default as x }`
 * and `export { x as default }`. Not descended into: Rust macro bodies
 * (token trees, any words), and ERROR regions (below).
 */
const NAME_ALLOWED_IN = new Set(['import_specifier', 'export_specifier', 'namespace_export']);
const OPAQUE = new Set(['ERROR', 'token_tree', 'macro_definition']);

/** Identifiers spelled like a reserved word, among the nodes overlapping [from, to]. */
export function reservedWordIssues(tree: Tree, language: string, from: number, to: number): RawIssue[] {
  const reserved = RESERVED[language];
  const issues: RawIssue[] = [];
  if (!reserved || to <= from) return issues;
  const cursor = tree.walk();
  try {
    for (;;) {
      const overlaps = cursor.startIndex < to && cursor.endIndex > from;
      if (overlaps && IDENTIFIERS.has(cursor.nodeType)) {
        const node = cursor.currentNode;
        if (reserved.has(node.text) && !NAME_ALLOWED_IN.has(node.parent?.type ?? '')) {
          const { row, column } = node.startPosition;
          issues.push({ kind: 'error', type: `reserved word '${node.text}' used as a name`, start: node.startIndex, end: node.endIndex, row, column, endRow: node.endPosition.row, origin: 'checks' });
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
