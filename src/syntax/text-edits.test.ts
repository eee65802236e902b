// splicedText reads a document with a completion in as the joined string
// would read, without joining it; EditedText reads as the text with every
// edit spliced in, without splicing at each.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../testing/platform/prng';
import { EditedText, splicedText } from './text-edits';
import { lineStartsOf, pointOf } from './window';

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

describe('EditedText', () => {
  it('reads as the text with each random edit spliced in, read between edits or not, and gives the same tree edits', () => {
    const random = mulberry32(9);
    const make = (n: number) => Array.from({ length: n }, () => 'ab\n \n'[Math.floor(random() * 5)]).join('');
    let text = make(200);
    const edited = new EditedText(text);
    for (let step = 0; step < 3000; step++) {
      // Mostly near the last edit, as typing is; sometimes anywhere.
      const near = step % 7 !== 0 && text.length > 0;
      const rangeOffset = Math.min(text.length, Math.floor(near ? text.length / 2 + random() * 8 : random() * (text.length + 1)));
      const rangeLength = Math.min(text.length - rangeOffset, Math.floor(random() * 6));
      const e = { rangeOffset, rangeLength, text: make(Math.floor(random() * 5)) };
      // The oracle: the spliced string, and points read off each text's line starts.
      const spliced = text.slice(0, rangeOffset) + e.text + text.slice(rangeOffset + rangeLength);
      const before = lineStartsOf(text);
      expect([step, edited.edit(e)]).toEqual([
        step,
        {
          startIndex: rangeOffset,
          oldEndIndex: rangeOffset + rangeLength,
          newEndIndex: rangeOffset + e.text.length,
          startPosition: pointOf(rangeOffset, before),
          oldEndPosition: pointOf(rangeOffset + rangeLength, before),
          newEndPosition: pointOf(rangeOffset + e.text.length, lineStartsOf(spliced)),
        },
      ]);
      text = spliced;
      expect(edited.length).toBe(text.length);
      if (random() < 0.2) expect([step, edited.text]).toEqual([step, text]);
    }
    expect(edited.text).toBe(text);
  });

  it('refuses an edit that does not fit, and keeps the text as it was', () => {
    const edited = new EditedText('abc\ndef');
    edited.edit({ rangeOffset: 3, rangeLength: 0, text: 'X' });
    expect(() => edited.edit({ rangeOffset: 6, rangeLength: 5, text: '' })).toThrow(/does not fit a document of 8 code units/);
    expect(edited.text).toBe('abcX\ndef');
  });
});
