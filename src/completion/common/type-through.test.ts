import { describe, expect, it } from 'vitest';
import { typedThrough, type ShownSuggestion } from './type-through';

const shown: ShownSuggestion<string> = {
  document: 'a.py',
  prefix: 'x = ',
  suffix: '\nprint(x)\n',
  text: 'compute(1, 2)',
  result: 'provenance',
};

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

describe('typedThrough in windows of a large document', () => {
  // A document of 300 lines with the suggestion `200` shown at the cursor; the windows' edges move in steps.
  const line = (i: number) => `line_${i} = ${i === 200 ? '' : i}`;
  const before = Array.from({ length: 300 }, (_, i) => line(i)).join('\n');
  const cursor = before.indexOf('line_200 = ') + 'line_200 = '.length;
  const after = (typed: string) => before.slice(0, cursor) + typed + before.slice(cursor);
  const shown = {
    document: 'big.py',
    prefix: before.slice(1000, cursor),
    suffix: before.slice(cursor, 4000),
    start: 1000,
    text: '200',
    result: 'r',
  };

  it('follows the typing when the window moved between the two keystrokes', () => {
    const now = after('2');
    expect(typedThrough(shown, 'big.py', now.slice(1500, cursor + 1), now.slice(cursor + 1, 3500), 1500)).toEqual({
      rest: '00',
      result: 'r',
    });
    expect(typedThrough(shown, 'big.py', now.slice(500, cursor + 1), now.slice(cursor + 1, 6000), 500)).toEqual({
      rest: '00',
      result: 'r',
    });
  });

  it('lets go when the text around changed where both windows hold it', () => {
    const now = after('2');
    const changedBefore = now.slice(0, 2000) + 'X' + now.slice(2001);
    expect(typedThrough(shown, 'big.py', changedBefore.slice(1500, cursor + 1), now.slice(cursor + 1, 3500), 1500)).toBeUndefined();
    const changedAfter = now.slice(0, 3000) + 'X' + now.slice(3001);
    expect(typedThrough(shown, 'big.py', now.slice(1500, cursor + 1), changedAfter.slice(cursor + 1, 3500), 1500)).toBeUndefined();
    expect(typedThrough(shown, 'big.py', after('3').slice(1500, cursor + 1), now.slice(cursor + 1, 3500), 1500)).toBeUndefined();
  });
});
