import { describe, expect, it } from 'vitest';
import { deepFrozenCopy } from './frozen';

describe('deepFrozenCopy', () => {
  it('is a copy frozen all the way down: changing it throws, and the original never sees a change', () => {
    const original = { route: 'escalated', reasons: ['confidence'], edit: { from: 1, to: 1, text: 'a' } };
    const copy = deepFrozenCopy(original);
    expect(copy).toEqual(original);
    expect(() => {
      (copy.edit as { text: string }).text = 'b';
    }).toThrow(TypeError);
    expect(() => (copy.reasons as string[]).push('syntax')).toThrow(TypeError);
    original.edit.text = 'changed by the engine';
    expect(copy.edit.text).toBe('a');
  });
});
