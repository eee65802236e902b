// Golden cases for each post-processing filter on its own: the middle as it
// reaches the filter, the code after the cursor, and what the filter leaves.
import { describe, expect, it } from 'vitest';
import { MIDDLE_FILTERS } from './middle-filters';
import { postProcessTraced } from './postprocess';

type Golden = [why: string, middle: string, suffix: string, expected: string];

const GOLDEN: Record<string, Golden[]> = {
  'stop-at-suffix-repeat': [
    [
      'cuts where the middle re-emits the next line',
      'total = 0\n    for x in xs:\n        total += x\n    return total\n\nprint(f())',
      '\n    return total\n\nprint(f())\n',
      'total = 0\n    for x in xs:\n        total += x',
    ],
    ['drops the blank lines before the cut', 'a = 1\n\n\nreturn a', '\nreturn a\n', 'a = 1'],
    ['never cuts the first line, even when it equals the next one', 'return a', '\nreturn a\n', 'return a'],
    ['leaves a middle that does not reach the suffix', 'a = 1\nb = 2', '\nreturn a\n', 'a = 1\nb = 2'],
    ['does nothing when the suffix is blank', 'a = 1\n\nb = 2', '\n  \n', 'a = 1\n\nb = 2'],
  ],
  'collapse-repeated-lines': [
    ['collapses a line repeated three times or more', 'x += 1\nx += 1\nx += 1\nx += 1\ny = 2', '', 'x += 1\ny = 2'],
    ['keeps a line said twice', 'a()\na()\nb()', '', 'a()\na()\nb()'],
    ['keeps runs of blank lines', 'a\n\n\n\nb', '', 'a\n\n\n\nb'],
    ['compares lines exactly, indentation included', 'x\n x\nx', '', 'x\n x\nx'],
  ],
  'drop-next-line-echo': [
    ['drops a middle that is only the next line', '    return total', '\n    return total\n', ''],
    ['compares trimmed text with the first line that has something on it', 'return total ', '\n\n  return total\n', ''],
    ['keeps a middle that adds to the next line', 'return total + 1', '\nreturn total\n', 'return total + 1'],
    ['keeps any middle before a blank suffix', 'a', '', 'a'],
  ],
  'drop-blank': [
    ['drops whitespace alone', '  \n\t', 'x', ''],
    ['keeps a middle with something on it, its whitespace too', '  a\n', '', '  a\n'],
  ],
  'trim-suffix-overlap': [
    ['cuts a closing bracket already after the cursor', 'max(a, b))', ')\n', 'max(a, b)'],
    ['cuts a semicolon already after the cursor', 'a + b;', ';\n}', 'a + b'],
    ['cuts the longest repeated head of the first line', 'f(x));', '));\n', 'f(x'],
    ['reads only the first line of the suffix', 'a + b', '\n\nprint(1)', 'a + b'],
    ['keeps a tail that only repeats whitespace', 'a + b ', ' \n', 'a + b '],
  ],
};

describe('post-processing filters', () => {
  it('each filter has golden cases, and every golden case names a filter', () => {
    expect(Object.keys(GOLDEN).sort()).toEqual(MIDDLE_FILTERS.map((f) => f.name).sort());
  });

  for (const filter of MIDDLE_FILTERS) {
    describe(filter.name, () => {
      it.each(GOLDEN[filter.name] ?? [])('%s', (_why, middle, suffix, expected) => {
        expect(filter.apply(middle, suffix)).toBe(expected);
      });
    });
  }

  it('names, in order, the filters that changed the middle', () => {
    expect(postProcessTraced('total = 1\nreturn total\n', '\nreturn total\n')).toEqual({
      text: 'total = 1',
      filters: ['stop-at-suffix-repeat'],
    });
    expect(postProcessTraced('x()\nx()\nx()\nx());', ');\n')).toEqual({
      text: 'x()\nx()',
      filters: ['collapse-repeated-lines', 'trim-suffix-overlap'],
    });
    expect(postProcessTraced('  \n', '')).toEqual({ text: '', filters: ['drop-blank'] });
    expect(postProcessTraced('a + b', '\n')).toEqual({ text: 'a + b', filters: [] });
  });
});
