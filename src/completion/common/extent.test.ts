import { describe, expect, it } from 'vitest';
import { completionExtent } from './extent';

const at = (text: string, language = 'python') => {
  const i = text.indexOf('|');
  return completionExtent(text.slice(0, i), text.slice(i + 1), language).extent;
};

describe('completionExtent', () => {
  it('finishes a line mid-statement, or in front of code on its line', () => {
    expect(at('def add(a, b):\n    return |\n')).toBe('line');
    expect(at('x = compute(|, 2)\n')).toBe('line');
    expect(at('int x = |;\n', 'java')).toBe('line');
    expect(at('const total = items.|\n', 'typescript')).toBe('line');
    expect(at('def f(x):\n    |return x\n')).toBe('line');
    expect(at('if (ok) { run(|); }\n', 'java')).toBe('line');
  });

  it('asks for a block after a line that opens one', () => {
    expect(at('def add(a, b):|\n')).toBe('block');
    expect(at('for (int i = 0; i < n; i++) {|\n', 'cpp')).toBe('block');
    expect(at('if (ok) {|}\n', 'java')).toBe('block');
    expect(at('if ready:  # go|\n')).toBe('block');
  });

  it('asks for a block on a blank line or at the start of a line with code (new lines above it)', () => {
    expect(at('def add(a, b):\n    |\n\nprint(add(1, 2))\n')).toBe('block');
    expect(at('x = 1\n|\ny = 2\n')).toBe('block');
    expect(at('def f(x):\n|    return x\n')).toBe('block');
    expect(at('|')).toBe('block');
  });
});
