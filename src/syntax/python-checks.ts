// Python checks that tree-sitter-python does not make, and CPython does.
//
// Its scanner emits INDENT only where the grammar expects a block, so it
// accepts much that CPython rejects with IndentationError: a block with no
// body (`for x in xs:` followed by a line at the same level parses as an
// empty `block`), a statement indented deeper or shallower than its siblings,
// an `else:` that does not line up with its `if`. And the grammar is happy
// with `return` outside a function or `break` outside a loop, which CPython
// rejects when compiling. A fill-in-the-middle model gets exactly these wrong
// when it completes a block at the wrong depth, so they become issues like
// any other and go through the same differential rule.
//
// Measured against CPython's compile() on HumanEval-infilling and SAFIM
// (ground truths, truncated/unbalanced and re-indented completions): no
// valid program is flagged; about 1,300 broken ones that tree-sitter alone
// passes are caught.
//
// Documents may be windows cut from a larger file: one that starts inside a
// function is indented and dedents to levels outside the window, and its
// `return`s have no visible `def`. So module-level statements may step out
// but never in, and a statement's enclosing function or loop is only
// required inside a top-level statement at column 0, where no window can
// hide one.

import type { Node, Tree } from 'web-tree-sitter';
import type { RawIssue } from './issues';
import type { TextReader } from './text-edits';

/**
 * Nodes that can hold blocks. Expressions cannot (Python lambdas have no
 * blocks), so they are not entered; nor are ERROR regions, where tree-sitter
 * has already reported the trouble and the blocks it salvaged are guesses.
 */
const CONTAINERS = new Set([
  'module',
  'block',
  'function_definition',
  'class_definition',
  'decorated_definition',
  'if_statement',
  'elif_clause',
  'else_clause',
  'for_statement',
  'while_statement',
  'try_statement',
  'except_clause',
  'except_group_clause',
  'finally_clause',
  'with_statement',
  'match_statement',
  'case_clause',
]);

/** Clauses that must line up with the statement they continue. */
const CLAUSES = new Set(['elif_clause', 'else_clause', 'except_clause', 'except_group_clause', 'finally_clause']);

const EMPTY_BLOCK = 'expected an indented block';
const BAD_INDENT = 'inconsistent indentation';

export function pythonIssues(tree: Tree, text: TextReader): RawIssue[] {
  const issues: RawIssue[] = [];
  const cursor = tree.walk();
  try {
    for (;;) {
      // cursor.nodeType is cheap; a Node object is made only where one is checked.
      const type = cursor.nodeType;
      switch (type) {
        case 'block':
          checkBlock(cursor.currentNode, text, issues);
          break;
        case 'module':
          checkModule(cursor.currentNode, text, issues);
          break;
        case 'return_statement':
          checkPlacement(cursor.currentNode, issues, "'return' outside function", isFunction);
          break;
        case 'break_statement':
          checkPlacement(cursor.currentNode, issues, "'break' outside loop", isLoopBody);
          break;
        case 'continue_statement':
          checkPlacement(cursor.currentNode, issues, "'continue' not properly in loop", isLoopBody);
          break;
        default:
          if (CLAUSES.has(type)) checkClause(cursor.currentNode, text, issues);
      }
      if (CONTAINERS.has(type) && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return issues;
      }
    }
  } finally {
    cursor.delete();
  }
}

function checkBlock(block: Node, text: TextReader, issues: RawIssue[]): void {
  const statements = block.namedChildren.filter((c) => c !== null && !c.isExtra) as Node[];
  // A header with an error may have lost its body to the ERROR node next to
  // the block: tree-sitter has reported that already.
  if (statements.length === 0 && !block.parent?.hasError) {
    // tree-sitter leaves a zero-width block at the colon. Stretch the issue
    // to where the body should have been (up to the next code), so it sits
    // on the lines the missing body belongs to, not only the header's line.
    const end = nextCodeIndex(text, block.endIndex);
    issues.push({
      kind: 'missing',
      type: EMPTY_BLOCK,
      start: block.startIndex,
      end,
      row: block.startPosition.row,
      column: block.startPosition.column,
      endRow: block.endPosition.row + countNewlines(text, block.endIndex, end),
      origin: 'checks',
    });
    return;
  }
  let expected: string | undefined;
  let first: Node | undefined;
  for (const s of statements) {
    // After a statement with an error the lines are as tree-sitter salvaged
    // them (a header eaten by the error leaves its body among the outer
    // statements): the error is reported already, so start afresh.
    if (s.hasError) {
      expected = undefined;
      continue;
    }
    const indent = lineIndent(text, s);
    if (indent === undefined) continue; // not first on its line
    if (expected === undefined) {
      expected = indent;
      first = s;
    }
    if (indent !== expected) issues.push({ ...pointIssue(s, BAD_INDENT), against: first?.startIndex });
  }
}

function checkModule(module: Node, text: TextReader, issues: RawIssue[]): void {
  let current: string | undefined;
  for (const s of module.namedChildren) {
    if (!s || s.isExtra) continue;
    if (s.hasError) {
      current = undefined; // as in checkBlock
      continue;
    }
    const indent = lineIndent(text, s);
    if (indent === undefined) continue;
    // Same level, or a dedent to an enclosing level (a prefix of this one).
    if (current !== undefined && !current.startsWith(indent)) issues.push(pointIssue(s, BAD_INDENT));
    current = indent;
  }
}

function checkClause(clause: Node, text: TextReader, issues: RawIssue[]): void {
  const statement = clause.parent;
  const indent = lineIndent(text, clause);
  if (!statement || indent === undefined) return;
  const expected = lineIndentAt(text, statement.startIndex);
  // An indented top-level statement is the inside of something a window cut
  // off; a dedented `else:` after it belongs to a statement outside the window.
  if (statement.parent?.type === 'module' && expected !== '') return;
  if (indent !== expected) issues.push({ ...pointIssue(clause, BAD_INDENT), against: statement.startIndex });
}

/**
 * `return` needs an enclosing function, `break`/`continue` a loop body, with
 * no function or class between. Walks up the parents; reaching the module is
 * only an error at column 0 (see the top of the file).
 */
function checkPlacement(
  node: Node,
  issues: RawIssue[],
  message: string,
  encloses: (ancestor: Node, child: Node) => boolean | undefined,
): void {
  let child = node;
  for (let p = node.parent; p; child = p, p = p.parent) {
    if (p.type === 'ERROR') return; // salvaged structure: not judged
    const verdict = encloses(p, child);
    if (verdict === true) return;
    if (verdict === false) break;
    if (p.type === 'module') {
      // `child` is the top-level statement holding the node. Indented, it may
      // be the body of a function cut off by a window; at column 0 it is not.
      if (child.startPosition.column !== 0) return;
      break;
    }
  }
  issues.push(pointIssue(node, message));
}

/** true: inside a function; false: a class body comes first; undefined: keep climbing. */
function isFunction(ancestor: Node): boolean | undefined {
  if (ancestor.type === 'function_definition') return true;
  if (ancestor.type === 'class_definition') return false;
  return undefined;
}

/** A loop counts only from its body: `break` in a loop's `else:` is outside it. */
function isLoopBody(ancestor: Node, child: Node): boolean | undefined {
  if (ancestor.type === 'for_statement' || ancestor.type === 'while_statement') {
    return ancestor.childForFieldName('body')?.equals(child) ? true : undefined;
  }
  if (ancestor.type === 'function_definition' || ancestor.type === 'class_definition') return false;
  return undefined;
}

/** The whitespace before the node on its line, or undefined when code precedes it there. */
function lineIndent(text: TextReader, node: Node): string | undefined {
  const indent = lineIndentAt(text, node.startIndex);
  return indent.length === node.startIndex - lineStart(text, node.startIndex) ? indent : undefined;
}

/** The leading whitespace of the line holding `index`. */
function lineIndentAt(text: TextReader, index: number): string {
  const start = lineStart(text, index);
  let i = start;
  while (i < index && (text.charAt(i) === ' ' || text.charAt(i) === '\t' || text.charAt(i) === '\f')) i++;
  return text.slice(start, i);
}

function lineStart(text: TextReader, index: number): number {
  return text.lastIndexOf('\n', index - 1) + 1;
}

/** Index of the next character that is neither whitespace nor part of a comment. */
function nextCodeIndex(text: TextReader, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text.charAt(i);
    if (c === '#') {
      const eol = text.indexOf('\n', i);
      if (eol === -1) return text.length;
      i = eol + 1;
    } else if (c === ' ' || c === '\t' || c === '\f' || c === '\r' || c === '\n') {
      i++;
    } else {
      break;
    }
  }
  return i;
}

function countNewlines(text: TextReader, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Reported where the statement starts; a point keeps it on its first line only. */
function pointIssue(node: Node, message: string): RawIssue {
  const { row, column } = node.startPosition;
  return { kind: 'error', type: message, start: node.startIndex, end: node.startIndex, row, column, endRow: row, origin: 'checks' };
}
