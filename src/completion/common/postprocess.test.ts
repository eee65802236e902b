import { describe, expect, it } from 'vitest';
import { postProcessTraced } from './postprocess';

// The text the pipeline keeps (its filters' names are checked in middle-filters.test.ts).
const postProcess = (middle: string, suffix: string) => postProcessTraced(middle, suffix).text;

describe('postProcess', () => {
  it('drops whitespace-only middles', () => {
    expect(postProcess('  \n\t', '')).toBe('');
  });
  it('cuts a tail that repeats the start of the suffix', () => {
    expect(postProcess('max(a, b))', ')\n')).toBe('max(a, b)');
    expect(postProcess('a + b;', ';\n}')).toBe('a + b');
  });
  it('leaves a middle alone when the suffix starts with whitespace only', () => {
    expect(postProcess('a + b', '\n\nprint(1)')).toBe('a + b');
  });
  it('stops where the middle runs into the code after the cursor', () => {
    const suffix = '\n    return total\n\nprint(f())\n';
    expect(postProcess('total = 0\n    for x in xs:\n        total += x\n    return total\n\nprint(f())', suffix)).toBe(
      'total = 0\n    for x in xs:\n        total += x',
    );
  });
  it('drops a middle that only repeats the next line', () => {
    expect(postProcess('return total', '\n    return total\n')).toBe('');
  });
  it('collapses a line the model repeats in a loop', () => {
    expect(postProcess('x += 1\nx += 1\nx += 1\nx += 1\ny = 2', '')).toBe('x += 1\ny = 2');
    expect(postProcess('a()\na()\nb()', '')).toBe('a()\na()\nb()'); // twice can be intended
  });
});
