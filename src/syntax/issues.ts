// Collect the syntax problems tree-sitter recorded in a tree: ERROR nodes
// (text the parser had to skip) and MISSING nodes (tokens it pretended to
// see so it could go on).

import type { Node, Tree } from 'web-tree-sitter';

/** One problem in one parse, with offsets so the two parses can be compared. */
export interface RawIssue {
  kind: 'error' | 'missing';
  /**
   * `ERROR`, or for a MISSING node the type of the missing token (`)`, `;`,
   * `identifier`); for the extra checks their message. Shown as `detail`.
   */
  type: string;
  /**
   * Offsets in UTF-16 code units, i.e. JavaScript string indices:
   * web-tree-sitter parses JS strings as UTF-16 and reports indices and
   * columns in code units, not bytes.
   */
  start: number;
  end: number;
  /** 0-based position of `start`. */
  row: number;
  column: number;
  /** 0-based row of `end`. */
  endRow: number;
  /** Who found it: tree-sitter (ERROR/MISSING nodes) or a language's extra checks (python-checks.ts). */
  origin: 'parser' | 'checks';
  /**
   * For a misaligned line (python-checks.ts): where it should have lined up
   * (the start of the statement it continues or its first sibling). An old
   * misalignment vouches only for the same one (differential.ts).
   */
  against?: number;
}

/**
 * Every ERROR and MISSING node, outermost first, in document order. ERROR
 * nodes nest (an error region may hold smaller ones); all are kept, because
 * a completion dropped into an already broken region often shows up only as
 * a new inner error.
 *
 * Walks with a TreeCursor and descends only into nodes whose `hasError` is
 * set, so a clean subtree costs one visit however large it is.
 */
export function collectIssues(tree: Tree): RawIssue[] {
  const issues: RawIssue[] = [];
  if (!tree.rootNode.hasError) return issues;
  // The broken nodes being descended, with the issue count when entered: one
  // whose subtree shows no issue hides a MISSING token of a hidden rule
  // (Python's `_newline` in `return return x`) that no cursor can visit.
  const open: { node: Node; count: number }[] = [];
  // MISSING tokens that are a grammar's gap, not the text's (grammarGap):
  // counted so that their ancestors do not report a hidden one instead.
  let excused = 0;
  const close = () => {
    const { node, count } = open.pop()!;
    if (!node.isError && issues.length + excused === count) issues.push(hiddenMissing(node));
  };
  const cursor = tree.walk();
  try {
    for (;;) {
      const node = cursor.currentNode;
      // Most nodes visited are sound children of a broken one: one call
      // (hasError) tells, where asking isMissing and isError too was three.
      // A MISSING or ERROR node always has an error (its cost; the same
      // issues as asking all three on the corpus' 14,732 trees).
      const broken = node.hasError;
      const missing = broken && node.isMissing;
      if (missing && grammarGap(node)) excused++;
      else if (missing || (broken && node.isError)) {
        issues.push({
          kind: missing ? 'missing' : 'error',
          type: node.type,
          start: node.startIndex,
          end: node.endIndex,
          row: node.startPosition.row,
          column: node.startPosition.column,
          endRow: node.endPosition.row,
          origin: 'parser',
        });
      }
      // Descend only where an error hides; otherwise go to the next sibling,
      // climbing up as long as there is none.
      if (broken && !missing) {
        open.push({ node, count: issues.length + excused });
        if (cursor.gotoFirstChild()) continue;
        close();
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) {
          while (open.length) close();
          return issues;
        }
        close();
      }
    }
  } finally {
    cursor.delete();
  }
}

/**
 * A MISSING token tree-sitter inserts where the text is valid: the
 * grammar's gap, not an error. tree-sitter-typescript cannot take a `new`
 * with arguments as another `new`'s constructor (`new new Foo()`, valid
 * JavaScript and TypeScript, accepted by TypeScript's parser) and makes it
 * fit with a MISSING non-null `!` after `new Foo()`.
 */
function grammarGap(node: Node): boolean {
  const parent = node.parent;
  return node.type === '!' && parent?.type === 'non_null_expression' && parent.firstChild?.type === 'new_expression' && parent.parent?.type === 'new_expression';
}

/**
 * Where a hidden MISSING token most likely is: between two children of the
 * node on the same line (two statements with no separator), else the node.
 */
function hiddenMissing(node: Node): RawIssue {
  const kids = node.namedChildren.filter((c): c is Node => c !== null);
  for (let i = 1; i < kids.length; i++) {
    const a = kids[i - 1];
    if (a.endPosition.row === kids[i].startPosition.row) {
      return { kind: 'missing', type: `${node.type}: separator`, start: a.endIndex, end: a.endIndex, row: a.endPosition.row, column: a.endPosition.column, endRow: a.endPosition.row, origin: 'parser' };
    }
  }
  return {
    kind: 'missing', type: `${node.type}: hidden token`, start: node.startIndex, end: node.endIndex,
    row: node.startPosition.row, column: node.startPosition.column, endRow: node.endPosition.row, origin: 'parser',
  };
}
