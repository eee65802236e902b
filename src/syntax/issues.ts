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
 * Descends only into nodes whose `hasError` is set, so a clean subtree
 * costs one visit however large it is. A broken node's children come in
 * one call (`children`), then one question each (`hasError`): a cursor
 * walk paid three calls per child (move, read the node, ask), which in a
 * broken file (an ERROR holding the rest of it) made this walk a tenth of
 * a check's time.
 */
export function collectIssues(tree: Tree): RawIssue[] {
  const found: Found = { issues: [], excused: 0 };
  const root = tree.rootNode;
  if (root.hasError) visit(root, found);
  return found.issues;
}

interface Found {
  issues: RawIssue[];
  /**
   * MISSING tokens that are a grammar's gap, not the text's (grammarGap):
   * counted so that their ancestors do not report a hidden one instead.
   */
  excused: number;
}

/** A node whose `hasError` is set: its issue, if it is one, then its children's. */
function visit(node: Node, found: Found): void {
  // A MISSING or ERROR node always has an error (the same issues as
  // asking all three of every node on the corpus' 14,732 trees).
  if (node.isMissing) {
    if (grammarGap(node)) found.excused++;
    else found.issues.push(issueOf(node, 'missing'));
    return;
  }
  const isError = node.isError;
  if (isError) found.issues.push(issueOf(node, 'error'));
  const count = found.issues.length + found.excused;
  for (const child of node.children) if (child?.hasError) visit(child, found);
  // A broken node whose subtree shows no issue hides a MISSING token of a
  // hidden rule (Python's `_newline` in `return return x`) that no walk
  // can visit.
  if (!isError && found.issues.length + found.excused === count) found.issues.push(hiddenMissing(node));
}

function issueOf(node: Node, kind: RawIssue['kind']): RawIssue {
  const start = node.startPosition;
  return {
    kind,
    type: node.type,
    start: node.startIndex,
    end: node.endIndex,
    row: start.row,
    column: start.column,
    endRow: node.endPosition.row,
    origin: 'parser',
  };
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
  return (
    node.type === '!' &&
    parent?.type === 'non_null_expression' &&
    parent.firstChild?.type === 'new_expression' &&
    parent.parent?.type === 'new_expression'
  );
}

/**
 * Where a hidden MISSING token most likely is: between two children of the
 * node on the same line (two statements with no separator), else the node.
 */
export function hiddenMissing(node: Node): RawIssue {
  const kids = node.namedChildren.filter((c): c is Node => c !== null);
  for (let i = 1; i < kids.length; i++) {
    const a = kids[i - 1];
    if (a.endPosition.row === kids[i].startPosition.row) {
      return {
        kind: 'missing',
        type: `${node.type}: separator`,
        start: a.endIndex,
        end: a.endIndex,
        row: a.endPosition.row,
        column: a.endPosition.column,
        endRow: a.endPosition.row,
        origin: 'parser',
      };
    }
  }
  return {
    kind: 'missing',
    type: `${node.type}: hidden token`,
    start: node.startIndex,
    end: node.endIndex,
    row: node.startPosition.row,
    column: node.startPosition.column,
    endRow: node.endPosition.row,
    origin: 'parser',
  };
}
