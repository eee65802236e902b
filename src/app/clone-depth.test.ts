import { describe, expect, it } from 'vitest';
import { cloneDepth } from './clone-depth';

describe('cloneDepth', () => {
  it('asks for the whole history when no depth is typed', () => {
    expect(cloneDepth(undefined)).toBeUndefined();
  });

  it('takes whole commits as typed, rounding a fraction down', () => {
    expect(cloneDepth('1')).toBe(1);
    expect(cloneDepth('25')).toBe(25);
    expect(cloneDepth('2.7')).toBe(2);
  });

  it('asks for one commit when the field holds no positive number', () => {
    for (const typed of ['', '0', '-3', 'abc', '0.5']) expect(cloneDepth(typed)).toBe(1);
  });
});
