import { describe, expect, it } from 'vitest';
import { createNodeValidator } from '../src/syntax';
import { createNodeSemanticCheck } from '../testing/semantic/node-check';
import { nearMisses, semanticMutants } from './semantic-mutants';

const validator = createNodeValidator();
const check = createNodeSemanticCheck();

async function mutantsOf(prefix: string, middle: string, suffix: string) {
  const loaded = await validator.load('python');
  if (typeof loaded === 'string') throw new Error(loaded);
  const text = prefix + middle + suffix;
  const tree = loaded.parser.parse(text)!;
  try {
    return semanticMutants(text, prefix.length, prefix.length + middle.length, tree);
  } finally {
    tree.delete();
  }
}

describe('nearMisses', () => {
  it('makes typos that differ from the name and are identifiers', () => {
    const typos = nearMisses('numbers');
    expect(typos).toContain('numers');
    expect(typos).not.toContain('numbers');
    for (const t of [...typos, ...nearMisses('i'), ...nearMisses('_x')]) expect(t).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
  });
});

describe('semanticMutants', () => {
  const prefix = 'import math\n\ndef f(numbers, limit):\n    total = 0\n';
  const middle = '    for n in numbers:\n        total += math.sqrt(abs(n))\n';
  const suffix = '    return total < limit\n';

  it('changes one spot inside the middle, per kind, to a name found nowhere in the file', async () => {
    const mutants = await mutantsOf(prefix, middle, suffix);
    expect(mutants.map((m) => m.kind)).toEqual(['near-miss', 'undefined-call', 'unknown-member']);
    for (const m of mutants) {
      expect(m.completion).not.toBe(middle);
      expect(m.completion).toContain(m.name);
      expect(prefix + middle + suffix).not.toContain(m.name);
    }
    expect(mutants.find((m) => m.kind === 'unknown-member')).toMatchObject({ original: 'math.sqrt' });
    expect(mutants.find((m) => m.kind === 'undefined-call')).toMatchObject({ original: 'abs', name: 'abs_helper' });
  });

  it('each mutant is caught by the checker and the ground truth is not', async () => {
    expect((await check({ language: 'python', prefix, completion: middle, suffix, budgetMs: 10_000 })).findings).toEqual([]);
    for (const m of await mutantsOf(prefix, middle, suffix)) {
      const v = await check({ language: 'python', prefix, completion: m.completion, suffix, budgetMs: 10_000 });
      expect(
        v.findings.map((f) => f.name),
        m.kind,
      ).toEqual([m.name]);
    }
  });

  it('class-member: a method of a plain class of the file, on self or on an instance, renamed to one it lacks', async () => {
    const cls = 'class Stack:\n    def __init__(self):\n        self.items = []\n    def push(self, x):\n        self.items.append(x)\n';
    const onSelf = await mutantsOf(cls + '    def push_all(self, xs):\n        for x in xs:\n', '            self.push(x)\n', '');
    const m = onSelf.find((k) => k.kind === 'class-member')!;
    expect(m).toMatchObject({ original: 'Stack.push' });
    expect(m.completion).toBe(`            self.${m.name}(x)\n`);
    const v = await check({
      language: 'python',
      prefix: cls + '    def push_all(self, xs):\n        for x in xs:\n',
      completion: m.completion,
      suffix: '',
      budgetMs: 10_000,
    });
    expect(v.findings.map((f) => f.name)).toEqual([m.name]);
    const onInstance = await mutantsOf(cls + 'def main():\n    s = Stack()\n', '    s.push(1)\n', '');
    expect(onInstance.find((k) => k.kind === 'class-member')).toMatchObject({ original: 'Stack.push' });
    // A class with a base from elsewhere, or a data member called: no such mutant.
    for (const [p, mid] of [
      ['import threading\nclass T(threading.Thread):\n    def go(self):\n', '        self.start()\n'],
      [cls + 'def main():\n    s = Stack()\n', '    s.items.append(1)\n'],
    ])
      expect((await mutantsOf(p, mid, '')).filter((k) => k.kind === 'class-member')).toEqual([]);
  });

  it('leaves alone a file that can bind names at run time, and a middle with nothing to change', async () => {
    expect(await mutantsOf('from os import *\n', 'x = getcwd()\n', '')).toEqual([]);
    expect(await mutantsOf('x = 1\n', 'pass\n', '')).toEqual([]);
  });
});
