// Reserved words that tree-sitter lets through as identifiers. Its grammars
// lex keywords contextually, so `break break;` (Java) parses as a break with
// a label named `break`, and `return return;` (C++) as returning a variable
// named `return`. Every compiler rejects both; a model that repeats a token
// produces exactly this.
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
};

const IDENTIFIERS = new Set(['identifier', 'type_identifier', 'field_identifier', 'namespace_identifier', 'statement_identifier']);

export function hasReservedWords(language: string): boolean {
  return language in RESERVED;
}

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
        if (reserved.has(node.text)) {
          const { row, column } = node.startPosition;
          issues.push({ kind: 'error', type: `reserved word '${node.text}' used as a name`, start: node.startIndex, end: node.endIndex, row, column, endRow: node.endPosition.row, origin: 'checks' });
        }
      }
      // Not inside an ERROR: tree-sitter has reported that region already,
      // and what it salvaged there (a `return` after a line it could not
      // parse) is its guess, not the code's structure.
      if (overlaps && cursor.nodeType !== 'ERROR' && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return issues;
      }
    }
  } finally {
    cursor.delete();
  }
}
