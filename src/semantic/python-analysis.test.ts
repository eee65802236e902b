// The analysis kept between checks gives the facts one walk of the whole
// text gives, whatever was taken from the earlier text: on hand-made
// modules whose edits touch class headers, class bodies, decorators,
// `global`, `from __future__ import annotations` and unparsable lines, and
// on files of Python's standard library as Debian installs it, line by
// line as the checks see them (each line taken out, then put back).
import { describe, expect, it } from 'vitest';
import type { Tree } from 'web-tree-sitter';
import { createNodeValidator } from '../syntax/node-runtime';
import { validatorParse } from './parse';
import { factsOf, PythonAnalyses, pythonFacts } from './python-analysis';
import type { PythonFacts, Scope } from './python-scope';
import { stdlibDir, stdlibFiles } from '../../testing/semantic/python-corpus';

const parse = validatorParse(createNodeValidator());

async function parsed(text: string, from?: { text: string; tree: Tree }): Promise<Tree> {
  expect(await parse.ready('python')).toBeUndefined();
  const tree = await parse.parse('python', text, performance.now() + 60_000, from);
  if (!tree) throw new Error('no tree');
  return tree;
}

const sorted = <T>(xs: Iterable<T>) => [...xs].map(String).sort();

function scopeSummary(s: Scope): unknown {
  return {
    bound: sorted(s.bound),
    counts: sorted([...s.counts].map(([n, k]) => `${n}:${k}`)),
    constructed: sorted([...s.constructed].map(([n, c]) => `${n}:${sorted(c).join(',')}`)),
    other: sorted(s.other),
    imported: sorted([...s.imported].map(([n, v]) => `${n}:${v ? `${v.module}.${v.name}` : 'null'}`)),
    typed: sorted(
      [...s.typed].map(
        ([n, list]) =>
          `${n}:${list.map((b) => (b.kind === 'value' ? `${b.value?.text}/${b.annotation?.text}` : b.kind === 'def' ? 'def' : '+=')).join('|')}`,
      ),
    ),
  };
}

/** Where a name used in `scope` is bound: the kinds of the scopes up to it, or unbound. */
function resolution(name: string, scope: Scope): string {
  const path: string[] = [];
  for (let s: Scope | undefined = scope; s; s = s.parent) {
    path.push(s.kind);
    if (s.bound.has(name)) return path.join('>');
  }
  return `unbound(${path.join('>')})`;
}

/** Everything the checks read of the facts, with no node positions (statements taken from an earlier text keep theirs). */
function summary(f: PythonFacts): unknown {
  return {
    module: scopeSummary(f.module),
    references: sorted(f.references.map((r) => `${r.name}@${resolution(r.name, r.scope)}`)),
    members: sorted(f.members.map((m) => `${m.local}.${m.member}@${resolution(m.local, m.scope)}`)),
    attributes: sorted(f.attributes.map((a) => `${a.object.text}.${a.member}`)),
    importedMembers: sorted(f.importedMembers.map((m) => `${m.module}.${m.member}`)),
    declaredElsewhere: sorted(f.declaredElsewhere),
    dynamic: f.dynamic,
    unsure: sorted(f.unsure),
    moduleNames: sorted([...f.moduleNames].map(([n, m]) => `${n}:${m}`)),
    otherwiseBound: sorted(f.otherwiseBound),
    assignedMembers: sorted(f.assignedMembers),
    lazyAnnotations: f.lazyAnnotations,
    classScopes: sorted([...f.classScopes.values()].map((s) => JSON.stringify(scopeSummary(s)))),
    storedAttributes: sorted(f.storedAttributes),
    dynamicMembers: f.dynamicMembers,
    statements: f.statements.map((s) => s.type),
  };
}

/** The names used inside [start, end), with their place: the completion's, which the check judges. */
function spanReferences(f: PythonFacts, start: number, end: number): string[] {
  return sorted(
    f.references
      .filter((r) => r.node.startIndex < end && r.node.endIndex > start)
      .map((r) => `${r.name}@${r.node.startIndex}:${resolution(r.name, r.scope)}`),
  );
}

/**
 * Takes each chosen line out and puts it back, as consecutive checks do,
 * comparing with whole walks. Returns the share of statements walked again
 * for the completed texts (the rest came from the earlier analysis).
 */
async function checkLines(text: string, rows: readonly number[]): Promise<number> {
  let walkedAgain = 0;
  let statements = 0;
  const analyses = new PythonAnalyses();
  const lines = text.split('\n');
  let previous = { text, tree: await parsed(text) };
  analyses.analyse(text, previous.tree, { keep: true });
  try {
    for (const row of rows) {
      const prefix = lines.slice(0, row).join('\n') + '\n';
      const suffix = '\n' + lines.slice(row + 1).join('\n');
      const baselineText = prefix + suffix;
      const baselineTree = await parsed(baselineText, previous);
      previous.tree.delete();
      previous = { text: baselineText, tree: baselineTree };
      const tree = await parsed(text, previous);
      // The whole walks are of the same trees: the analysis is judged, not tree-sitter's incremental parse.
      const whole = tree;
      const wholeBaseline = baselineTree;
      try {
        const baseline = analyses.analyse(baselineText, baselineTree, { keep: true });
        const completed = analyses.analyse(text, tree, { from: baseline, walk: [prefix.length, prefix.length + lines[row].length] });
        walkedAgain += completed.walked.size;
        statements += completed.chunks.reduce((n, c) => n + 1 + (c.cls?.members.length ?? 0), 0);
        try {
          const where = `line ${row + 1}: ${lines[row]}`;
          const span: [number, number] = [prefix.length, prefix.length + lines[row].length];
          const walked = spanReferences(factsOf(completed, 'walked'), ...span);
          expect(summary(factsOf(completed, 'all')), where).toEqual(summary(pythonFacts(whole)));
          expect(walked, where).toEqual(spanReferences(pythonFacts(whole), ...span));
          expect(summary(factsOf(baseline, 'all')), where).toEqual(summary(pythonFacts(wholeBaseline)));
        } finally {
          analyses.release(completed);
        }
      } finally {
        tree.delete();
      }
    }
  } finally {
    previous.tree.delete();
  }
  return walkedAgain / statements;
}

const MODULE = `from __future__ import annotations
import os, math as m
from typing import List
from collections import *
G = []
counter = 0

def bump(n: int) -> list:
    global counter
    counter += n
    return [counter]

@dataclass
class Point(Base):
    x: int = 0
    names = [n for n in range(3)]

    def move(self, dx: List[int]) -> Point:
        total = sum(dx)
        self.x += total
        return self

    @staticmethod
    def origin():
        return Point()

    class Inner:
        def f(self):
            return m.sqrt(2)

p = Point()
p.move([1])
def broken(:
    return 1
if os.name == "nt":
    import nt
lambda_ = lambda q: q + counter
`;

describe('the analysis kept between checks', () => {
  it('gives the facts of a whole walk after each line of a hand-made module is taken out and put back', async () => {
    const rows = MODULE.split('\n').map((_, i) => i);
    await checkLines(MODULE, rows);
    // The same lines in another order: a change that spans several statements, and class headers from either side.
    await checkLines(MODULE, [...rows].reverse());
    await checkLines(MODULE, rows.filter((r) => r % 3 === 0).concat(rows.filter((r) => r % 3 !== 0)));
  });

  it('gives the facts of a whole walk on files of the standard library, line after line', async (ctx) => {
    const dir = stdlibDir();
    if (!dir) return ctx.skip();
    const files = stdlibFiles(dir, 300, 1200).filter((_, i) => i % 30 === 0);
    expect(files.length).toBeGreaterThan(2);
    for (const f of files) {
      const lines = f.text.split('\n');
      const share = await checkLines(
        f.text,
        lines.map((_, i) => i).filter((i) => i % 37 === 5),
      );
      // A line's check walks the statements around it, not the file.
      expect(share, f.name).toBeLessThan(0.2);
    }
  });
});
