// replacedText (and splicedText) read a document with a stretch replaced as
// the joined string would read, without joining it; EditedText reads as the
// text with every edit spliced in, without splicing at each; grownStretch
// holds every offset the edits since it started changed.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../testing/platform/prng';
import { EditedText, grownStretch, replacedText, splicedText, type Stretch, type TextReader } from './text-edits';

/** The oracle's row and column: the lines before the offset, split. */
function pointIn(text: string, offset: number) {
  const lines = text.slice(0, offset).split('\n');
  return { row: lines.length - 1, column: lines[lines.length - 1].length };
}

describe('replacedText and splicedText', () => {
  it('answer every read as the joined string does, for insertions and replacements anywhere (start, end, empty, with and without line breaks), of a string or of a reader', () => {
    const random = mulberry32(5);
    const pick = (s: string) => s[Math.floor(random() * s.length)];
    const make = (n: number) => Array.from({ length: n }, () => pick('ab \n\n\t')).join('');
    let reads = 0;
    for (let round = 0; round < 300; round++) {
      const plain = make(Math.floor(random() * 40));
      const inserted = make(Math.floor(random() * 8));
      const at = Math.floor(random() * (plain.length + 1));
      const to = round % 3 === 0 ? at : Math.min(plain.length, at + Math.floor(random() * 6));
      // A third read through another reader (a check reads a completion spliced into the edited text).
      const under = round % 3 === 1 ? Math.floor(random() * (plain.length + 1)) : -1;
      const text: TextReader =
        under < 0 ? plain : splicedText(plain.slice(0, under) + plain.slice(under + 2), under, plain.slice(under, under + 2));
      const joined = plain.slice(0, at) + inserted + plain.slice(to);
      const view = to === at ? splicedText(text, at, inserted) : replacedText(text, at, to, inserted);
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
      // The oracle: the spliced string, and points read off each text's lines.
      const spliced = text.slice(0, rangeOffset) + e.text + text.slice(rangeOffset + rangeLength);
      expect([step, edited.edit(e)]).toEqual([
        step,
        {
          startIndex: rangeOffset,
          oldEndIndex: rangeOffset + rangeLength,
          newEndIndex: rangeOffset + e.text.length,
          startPosition: pointIn(text, rangeOffset),
          oldEndPosition: pointIn(text, rangeOffset + rangeLength),
          newEndPosition: pointIn(spliced, rangeOffset + e.text.length),
        },
      ]);
      text = spliced;
      expect(edited.length).toBe(text.length);
      if (random() < 0.2) expect([step, edited.text]).toEqual([step, text]);
    }
    expect(edited.text).toBe(text);
  });

  it('is read in place as the text it makes, and the grown stretch holds every offset the edits changed since it started', () => {
    const random = mulberry32(11);
    const make = (n: number) => Array.from({ length: n }, () => 'ab\n \n'[Math.floor(random() * 5)]).join('');
    let text = make(300);
    const edited = new EditedText(text);
    let parsed = text; // the text when the stretch last started (a reparse)
    let stretch: Stretch | undefined;
    for (let step = 0; step < 2000; step++) {
      // Mostly near one place, as typing is; now and then far away.
      const near = step % 9 !== 0 && stretch;
      const rangeOffset = Math.min(text.length, Math.floor(near ? stretch![0] + random() * 10 : random() * (text.length + 1)));
      const rangeLength = Math.min(text.length - rangeOffset, Math.floor(random() * 5));
      const e = { rangeOffset, rangeLength, text: make(Math.floor(random() * 4)) };
      text = text.slice(0, rangeOffset) + e.text + text.slice(rangeOffset + rangeLength);
      stretch = grownStretch(stretch, edited.edit(e));
      const [lo, hi] = stretch;
      const tail = text.length - hi;
      expect([step, text.slice(0, lo), text.slice(hi)]).toEqual([step, parsed.slice(0, lo), parsed.slice(parsed.length - tail)]);
      const reader = edited.reader;
      expect(reader.length).toBe(text.length);
      const i = Math.floor(random() * (text.length + 1));
      expect([step, reader.slice(Math.max(0, i - 5), i + 5), reader.indexOf('\n', i), reader.lastIndexOf('\n', i)]).toEqual([
        step,
        text.slice(Math.max(0, i - 5), i + 5),
        text.indexOf('\n', i),
        text.lastIndexOf('\n', i),
      ]);
      if (random() < 0.05) {
        expect(edited.text).toBe(text);
        parsed = text;
        stretch = undefined;
      }
    }
  });

  it('refuses an edit that does not fit, and keeps the text as it was', () => {
    const edited = new EditedText('abc\ndef');
    edited.edit({ rangeOffset: 3, rangeLength: 0, text: 'X' });
    expect(() => edited.edit({ rangeOffset: 6, rangeLength: 5, text: '' })).toThrow(/does not fit a document of 8 code units/);
    expect(edited.text).toBe('abcX\ndef');
  });
});
