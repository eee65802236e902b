import { describe, expect, it } from 'vitest';
import { KEEP_OVER, windowContext } from './context-window';

// One token per 4 characters, rounded up: close enough to BPE for the windowing logic.
let counted = 0;
const countTokens = (t: string) => {
  counted += t.length;
  return Math.ceil(t.length / 4);
};
const lines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${String(i).padStart(4, '0')} = ${i}`).join('\n');

describe('windowContext', () => {
  it('keeps everything when it fits', () => {
    const w = windowContext('a = 1\nb = ', '\nc = 3\n', { budget: 100, countTokens });
    expect(w).toMatchObject({ prefix: 'a = 1\nb = ', suffix: '\nc = 3\n', truncated: false });
  });

  it('keeps the lines nearest the cursor, whole, within the budget', () => {
    const prefix = `${lines(5000, 'p')}\nresult = `;
    const suffix = `\n${lines(5000, 's')}\n`;
    const w = windowContext(prefix, suffix, { budget: 400, countTokens });
    expect(w.truncated).toBe(true);
    expect(w.prefixTokens + w.suffixTokens).toBeLessThanOrEqual(400);
    expect(w.prefix.endsWith('p4999 = 4999\nresult = ')).toBe(true);
    expect(w.suffix.startsWith('\ns0000 = 0\n')).toBe(true);
    // Whole lines only: the far edges are line starts / ends.
    expect(w.prefix.split('\n')[0]).toMatch(/^p\d{4} = \d+$/);
    expect(w.suffix.split('\n').at(-1)).toMatch(/^s\d{4} = \d+$/);
    // The prefix gets about three quarters.
    expect(w.prefixTokens).toBeGreaterThan(250);
  });

  it('tokenizes only what can fit: a 5,000-line file costs what a small one costs', () => {
    counted = 0;
    windowContext(`${lines(5000, 'p')}\nx = `, `\n${lines(5000, 's')}`, { budget: 300, countTokens });
    const big = counted;
    counted = 0;
    windowContext(`${lines(150, 'p')}\nx = `, `\n${lines(150, 's')}`, { budget: 300, countTokens });
    expect(big).toBeLessThan(counted * 3);
  });

  it('gives the suffix what the prefix does not need, and the other way round', () => {
    const w = windowContext('x = ', `\n${lines(500, 's')}`, { budget: 200, countTokens });
    expect(w.suffixTokens).toBeGreaterThan(150);
    const v = windowContext(`${lines(500, 'p')}\nx = `, '\n', { budget: 200, countTokens });
    expect(v.prefixTokens).toBeGreaterThan(180);
  });

  it('cuts an over-long cursor line by characters, keeping the cursor side', () => {
    const w = windowContext(`${'y'.repeat(5000)}CURSOR`, '', { budget: 50, countTokens });
    expect(w.prefix.endsWith('CURSOR')).toBe(true);
    expect(w.prefixTokens).toBeLessThanOrEqual(50);
  });

  it('anchors the prefix window: typing moves its start in large steps, to line starts at multiples of the step', () => {
    const before = `${lines(400, 'p')}\n`;
    const typed = 'def compute(values):\n    total = 0\n    for v in values:\n        total += v * v\n    return total\n'.repeat(6);
    const suffix = `\n${lines(200, 's')}`;
    const starts = new Set<number>();
    const suffixes = new Set<string>();
    for (let i = 1; i <= typed.length; i++) {
      const prefix = before + typed.slice(0, i);
      const w = windowContext(prefix, suffix, { budget: 400, countTokens, anchorStepChars: 300 });
      const start = prefix.length - w.prefix.length;
      expect(start === 0 || prefix[start - 1] === '\n').toBe(true);
      expect(start % 300 === 0 || prefix.lastIndexOf('\n', start - 2) + 1 < Math.floor(start / 300) * 300).toBe(true);
      expect(w.prefixTokens + w.suffixTokens).toBeLessThanOrEqual(400);
      starts.add(start);
      suffixes.add(w.suffix);
    }
    // ~500 keystrokes: the start moved about once per 300 characters typed, not per line or keystroke.
    expect(starts.size).toBeLessThanOrEqual(Math.ceil(typed.length / 300) + 1);
    // The suffix does not change while typing (it does not absorb what anchoring leaves unused).
    expect(suffixes.size).toBe(1);
  });

  it('a kept start holds while accepted text grows the prefix past its room, up to the margin, and moves far less often', () => {
    const before = `${lines(400, 'p')}\n`;
    const suffix = `\n${lines(200, 's')}`;
    const accepted = '        total += values[i] * weights[i]\n';
    const opts = { budget: 400, countTokens };
    let keepStart: number | undefined;
    const startsKept = new Set<number>();
    const startsFresh = new Set<number>();
    for (let n = 0; n < 60; n++) {
      const prefix = before + accepted.repeat(n);
      const fresh = windowContext(prefix, suffix, opts);
      const w = windowContext(prefix, suffix, { ...opts, keepStart });
      expect(w.prefix).toBe(prefix.slice(w.prefixStart));
      expect(w.prefixStart === 0 || prefix[w.prefixStart - 1] === '\n').toBe(true);
      // Never further over the room than the margin allows, never less context than a fresh cut.
      const room = 400 - w.suffixTokens;
      expect(w.prefixTokens).toBeLessThanOrEqual(room * (1 + KEEP_OVER));
      expect(w.prefixTokens).toBeGreaterThanOrEqual(fresh.prefixTokens);
      // Given its own start, a request gets its window again.
      expect(windowContext(prefix, suffix, { ...opts, keepStart: w.prefixStart })).toEqual(w);
      expect(w.suffix).toBe(fresh.suffix);
      keepStart = w.prefixStart;
      startsKept.add(w.prefixStart);
      startsFresh.add(fresh.prefixStart);
    }
    // A few steps' growth per move, not one.
    expect(startsKept.size * 2).toBeLessThanOrEqual(startsFresh.size);
  });

  it('a kept start that no longer fits, gives less than a fresh cut, or is not a line start, is cut afresh', () => {
    const prefix = `${lines(400, 'p')}\nx = `;
    const fresh = windowContext(prefix, '', { budget: 300, countTokens });
    expect(windowContext(prefix, '', { budget: 300, countTokens, keepStart: 0 })).toEqual(fresh);
    expect(windowContext(prefix, '', { budget: 300, countTokens, keepStart: fresh.prefixStart + 1 })).toEqual(fresh);
    const lineAfter = prefix.indexOf('\n', fresh.prefixStart) + 1;
    expect(windowContext(prefix, '', { budget: 300, countTokens, keepStart: lineAfter })).toEqual(fresh);
    expect(windowContext(prefix, '', { budget: 300, countTokens, keepStart: prefix.length + 5 })).toEqual(fresh);
    const lineBefore = prefix.lastIndexOf('\n', fresh.prefixStart - 2) + 1;
    expect(windowContext(prefix, '', { budget: 300, countTokens, keepStart: lineBefore }).prefixStart).toBe(lineBefore);
  });

  it('without anchoring, the window starts at the earliest line that fits', () => {
    const prefix = `${lines(400, 'p')}\nx = `;
    const anchored = windowContext(prefix, '', { budget: 300, countTokens, anchorStepChars: 500 });
    const tight = windowContext(prefix, '', { budget: 300, countTokens, anchorStepChars: 0 });
    expect(tight.prefix.length).toBeGreaterThanOrEqual(anchored.prefix.length);
    expect(tight.prefix.endsWith(anchored.prefix)).toBe(true);
    // At most one step plus the line that straddles it.
    expect(tight.prefix.length - anchored.prefix.length).toBeLessThan(500 + 20);
  });
});
