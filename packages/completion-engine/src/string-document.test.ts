import { describe, expect, it } from 'vitest';
import { windowAround, WINDOW_AFTER, WINDOW_BEFORE } from '../../../src/completion/common/text-window';
import { docOf } from '../../../testing/completion/string-document';
import { stringDocument } from './string-document';

// A document larger than the window, with short and long lines, so the window's edges move to line starts.
const LINES = Array.from({ length: 9000 }, (_, i) => (i % 97 === 0 ? 'x'.repeat(300) : `line ${i} = ${i * 7}`));
const TEXT = LINES.join('\n');

describe('stringDocument', () => {
  it('reads lines as the tests\u2019 reference document does, at every kind of offset', () => {
    expect(TEXT.length).toBeGreaterThan(WINDOW_BEFORE + WINDOW_AFTER);
    const mine = stringDocument(TEXT);
    const reference = docOf(TEXT);
    const newline = TEXT.indexOf('\n', 5000);
    for (const offset of [0, 1, newline, newline + 1, 70_000, TEXT.length - 1, TEXT.length]) {
      expect(mine.lineAt(offset), `lineAt(${offset})`).toEqual(reference.lineAt(offset));
      expect(mine.lineEndAt(offset), `lineEndAt(${offset})`).toBe(reference.lineEndAt(offset));
    }
  });

  it('gives the engine the same window around the cursor as an editor model would', () => {
    for (const cursor of [0, 12_345, 80_000, TEXT.length]) {
      expect(windowAround(stringDocument(TEXT), cursor)).toEqual(windowAround(docOf(TEXT), cursor));
    }
  });

  it('is the whole text where it fits the window', () => {
    expect(windowAround(stringDocument('def f():\n    return'), 9)).toEqual({ prefix: 'def f():\n', suffix: '    return' });
  });
});
