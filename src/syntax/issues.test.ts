// collectIssues walks a broken node's children from one `children` call.
// Its answer must be the one of a cursor walk that asks every node it
// visits (the walk it replaced, kept here as the reference): the same
// issues, in the same order (outermost first, document order), with the
// hidden MISSING token of a broken node whose subtree shows none, and the
// grammar's gaps left out.
import { describe, expect, it } from 'vitest';
import type { Node, Tree } from 'web-tree-sitter';
import { collectIssues, hiddenMissing, type RawIssue } from './issues';
import { createNodeValidator } from './node-runtime';
import { corpusPresent, corpusStates, loadCorpus } from '../../testing/syntax/edit-states-corpus';

const validator = createNodeValidator();

async function parse(language: string, text: string): Promise<Tree> {
  const l = await validator.load(language);
  if (typeof l === 'string') throw new Error(l);
  return l.parser.parse(text)!;
}

/**
 * The cursor walk collectIssues used before (every child visited through the cursor, three questions each).
 * What a hidden MISSING issue says is hiddenMissing's own: this reference checks the walk, not that record.
 */
function reference(tree: Tree): RawIssue[] {
  const issues: RawIssue[] = [];
  if (!tree.rootNode.hasError) return issues;
  const open: { node: Node; count: number }[] = [];
  let excused = 0;
  const gap = (node: Node) => {
    const parent = node.parent;
    return (
      node.type === '!' &&
      parent?.type === 'non_null_expression' &&
      parent.firstChild?.type === 'new_expression' &&
      parent.parent?.type === 'new_expression'
    );
  };
  const close = () => {
    const { node, count } = open.pop()!;
    if (!node.isError && issues.length + excused === count) issues.push(hiddenMissing(node));
  };
  const cursor = tree.walk();
  try {
    for (;;) {
      const node = cursor.currentNode;
      const missing = node.isMissing;
      if (missing && gap(node)) excused++;
      else if (missing || node.isError) {
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
      if (node.hasError && !missing) {
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

async function expectSame(language: string, text: string): Promise<RawIssue[]> {
  const tree = await parse(language, text);
  try {
    const issues = collectIssues(tree);
    expect(issues).toEqual(reference(tree));
    return issues;
  } finally {
    tree.delete();
  }
}

describe('collectIssues', () => {
  it('nested errors outermost first, a hidden MISSING token, a grammar gap left out: as the cursor walk found them', async () => {
    // Nested: an unclosed call whose recovery holds smaller errors.
    expect((await expectSame('java', 'class A {\n  void f() {\n    g(1, 2;\n    int x = ;\n  }\n}\n')).length).toBeGreaterThan(0);
    // Hidden: Python's `_newline` between two statements on one line.
    expect((await expectSame('python', 'def f(x):\n    return return x\n')).map((i) => i.type)).toContain('block: separator');
    // The gap: tree-sitter-typescript's MISSING `!` in `new new Foo()` is not an issue.
    expect(await expectSame('typescript', 'const h = new new Foo();\n')).toEqual([]);
    expect(await expectSame('rust', 'fn main() {\n    let a = [1, 2;\n}\n/* open\n')).not.toEqual([]);
    expect(await expectSame('go', 'package p\n\nfunc f() {\n\tx := \n}\n')).not.toEqual([]);
  });

  it('the corpus documents (clean, with each planted error, and with a bad middle in): the same issues as the cursor walk', async () => {
    if (!corpusPresent()) return;
    let broken = 0;
    for (const t of loadCorpus().filter((_, i) => i % 4 === 0)) {
      for (const s of corpusStates(t)) {
        if ((await expectSame(t.language, s.prefix + s.suffix)).length) broken++;
        if (t.bad.length) await expectSame(t.language, s.prefix + t.bad[0].middle + s.suffix);
      }
    }
    expect(broken).toBeGreaterThan(100);
  });
});
