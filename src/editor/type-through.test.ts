import { describe, expect, it } from 'vitest';
import { typedThrough, type ShownSuggestion } from './type-through';

const shown: ShownSuggestion<string> = { document: 'a.py', prefix: 'x = ', suffix: '\nprint(x)\n', text: 'compute(1, 2)', result: 'provenance' };

describe('typedThrough', () => {
  it('keeps the rest of the suggestion while the typed characters match it, with the original result', () => {
    expect(typedThrough(shown, 'a.py', 'x = c', shown.suffix)).toEqual({ rest: 'ompute(1, 2)', result: 'provenance' });
    expect(typedThrough(shown, 'a.py', 'x = compute(1,', shown.suffix)).toEqual({ rest: ' 2)', result: 'provenance' });
  });

  it('lets go on a differing character, another place or document, a changed suffix, or nothing left', () => {
    expect(typedThrough(shown, 'a.py', 'x = d', shown.suffix)).toBeUndefined();
    expect(typedThrough(shown, 'a.py', 'x = ', shown.suffix)).toBeUndefined();
    expect(typedThrough(shown, 'a.py', 'y = c', shown.suffix)).toBeUndefined();
    expect(typedThrough(shown, 'b.py', 'x = c', shown.suffix)).toBeUndefined();
    expect(typedThrough(shown, 'a.py', 'x = c', '\nprint(y)\n')).toBeUndefined();
    expect(typedThrough(shown, 'a.py', 'x = compute(1, 2)', shown.suffix)).toBeUndefined();
    expect(typedThrough(undefined, 'a.py', 'x = c', shown.suffix)).toBeUndefined();
  });
});
