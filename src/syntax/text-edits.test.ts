// splicedText reads a document with a completion in as the joined string
// would read, without joining it.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../testing/platform/prng';
import { splicedText } from './text-edits';
import { lineStartsOf, shiftLineStarts } from './window';

describe('splicedText', () => {
  it('answers every read as the joined string does, for insertions anywhere (start, end, empty, with and without line breaks)', () => {
    const random = mulberry32(5);
    const pick = (s: string) => s[Math.floor(random() * s.length)];
    const make = (n: number) => Array.from({ length: n }, () => pick('ab \n\n\t')).join('');
    let reads = 0;
    for (let round = 0; round < 300; round++) {
      const text = make(Math.floor(random() * 40));
      const inserted = make(Math.floor(random() * 8));
      const at = Math.floor(random() * (text.length + 1));
      const joined = text.slice(0, at) + inserted + text.slice(at);
      const view = splicedText(text, at, inserted);
      expect(view.length).toBe(joined.length);
      for (let i = -2; i <= joined.length + 2; i++) {
        expect([i, view.charAt(i)]).toEqual([i, joined.charAt(i)]);
        for (const c of ['\n', 'a', ' ']) {
          expect([c, i, view.indexOf(c, i)]).toEqual([c, i, joined.indexOf(c, i)]);
          expect([c, i, view.lastIndexOf(c, i)]).toEqual([c, i, joined.lastIndexOf(c, i)]);
        }
        for (let j = i - 1; j <= joined.length + 1; j += 3) expect([i, j, view.slice(i, j)]).toEqual([i, j, joined.slice(i, j)]);
        reads++;
      }
      expect(view.indexOf('\n')).toBe(joined.indexOf('\n'));
      expect(view.lastIndexOf('\n')).toBe(joined.lastIndexOf('\n'));
      expect(view.slice(3)).toBe(joined.slice(3));
    }
    expect(reads).toBeGreaterThan(5000);
  });
});

describe('shiftLineStarts', () => {
  it('moves line starts along with random edits exactly as a new scan of the edited text finds them', () => {
    const random = mulberry32(9);
    const make = (n: number) => Array.from({ length: n }, () => 'ab\n \n'[Math.floor(random() * 5)]).join('');
    let text = make(200);
    let starts = lineStartsOf(text);
    for (let step = 0; step < 2000; step++) {
      const rangeOffset = Math.floor(random() * (text.length + 1));
      const rangeLength = Math.min(text.length - rangeOffset, Math.floor(random() * 6));
      const inserted = make(Math.floor(random() * 5));
      text = text.slice(0, rangeOffset) + inserted + text.slice(rangeOffset + rangeLength);
      starts = shiftLineStarts(starts, { rangeOffset, rangeLength, text: inserted });
      expect([step, starts]).toEqual([step, lineStartsOf(text)]);
    }
  });
});
