import { describe, expect, it } from 'vitest';
import { postProcess } from './postprocess';

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
});
