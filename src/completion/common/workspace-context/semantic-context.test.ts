// The semantic check with what the workspace tells it: a name another file
// defines is never flagged, a module of the workspace that takes a standard
// module's name has its own members, and a method a class of another file
// lacks is caught where the file imports that class.
import { describe, expect, it } from 'vitest';
import { createNodeSemanticCheck } from '../../../../testing/semantic/node-check';
import { WorkspaceSemanticsSource } from './semantic-context';
import { WorkspaceIndex } from './workspace-index';

const check = createNodeSemanticCheck();

const files = [
  {
    path: 'geo/shapes.py',
    text: 'import math\n\nclass Circle:\n    def __init__(self, r):\n        self.r = r\n    def area(self):\n        return math.pi * self.r ** 2\n\ndef unit_circle():\n    return Circle(1)\n',
  },
  { path: 'random.py', text: 'def shuffle_all(xs):\n    return xs\n' },
  { path: 'web/app.ts', text: 'export function serve() {}\n' },
];

async function findings(file: string, code: string): Promise<string[]> {
  const [prefix, rest] = code.split('«');
  const [completion, suffix] = rest.split('»');
  const index = new WorkspaceIndex([...files, { path: file, text: prefix + suffix }]);
  const w = new WorkspaceSemanticsSource(index).for(file, prefix, suffix);
  const v = await check({
    language: 'python',
    prefix,
    completion,
    suffix,
    workspaceNames: w.names,
    workspaceClasses: w.classes,
    budgetMs: 10_000,
  });
  expect(v.checked, v.uncheckedReason).toBe(true);
  return v.findings.map((f) => f.name);
}

describe('WorkspaceSemanticsSource', () => {
  it("gives the other files' top-level names and module names, of the same language only", () => {
    const index = new WorkspaceIndex([...files, { path: 'main.py', text: 'x = 1\n' }]);
    const { names } = new WorkspaceSemanticsSource(index).for('main.py', 'x = 1\n', '');
    expect(names).toEqual(expect.arrayContaining(['Circle', 'unit_circle', 'shuffle_all', 'random', 'geo', 'shapes']));
    expect(names).not.toContain('area');
    expect(names).not.toContain('serve');
    expect(names).not.toContain('x');
  });

  it('gives the classes the file imports from the workspace, under the names it binds', () => {
    const text = 'from geo.shapes import Circle as C\nfrom os import path\n';
    const index = new WorkspaceIndex([...files, { path: 'main.py', text }]);
    const { classes } = new WorkspaceSemanticsSource(index).for('main.py', text, '');
    expect(classes).toMatchObject([{ local: 'C', module: 'geo.shapes', name: 'Circle', file: 'geo/shapes.py' }]);
    expect(classes[0].members).toEqual(expect.arrayContaining(['area', 'r', '__init__']));
  });
});

describe('the semantic check, told of the workspace', () => {
  it('never flags a name another file defines', async () => {
    expect(await findings('main.py', 'def f():\n    «return unit_circle()»\n')).toEqual([]);
  });

  it("a workspace module with a standard module's name has its own members", async () => {
    expect(await findings('main.py', 'import random\n«random.shuffle_all([1])»\n')).toEqual([]);
    expect(await findings('main.py', 'from random import shuffle_all\n«shuffle_all([1])»\n')).toEqual([]);
  });

  it('a method the imported class lacks is caught, one it has is not', async () => {
    const head = 'from geo.shapes import Circle\n\ndef main():\n    c = Circle(2)\n';
    expect(await findings('main.py', `${head}    «return c.area()»\n`)).toEqual([]);
    expect(await findings('main.py', `${head}    «return c.perimeter()»\n`)).toEqual(['perimeter']);
    expect(await findings('pkg/main.py', 'from geo.shapes import Circle\n«Circle.from_diameter(2)»\n')).toEqual(['from_diameter']);
  });
});
