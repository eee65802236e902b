import { describe, expect, it } from 'vitest';
import { docOf } from '../../../testing/completion/string-document';
import { WINDOW_AFTER, WINDOW_BEFORE, windowAround } from './text-window';

// The window's edges move in 4 KiB steps; the guard reads 8 KiB either side (docs/performance.md).
const GRID = 4 * 1024;
const MARGIN = 8 * 1024;

const bigFile = (lines: number, width = 40) => Array.from({ length: lines }, (_, i) => `x${i} = ${'y'.repeat(width)}`).join('\n');

describe('windowAround', () => {
  it('is the whole document when the document fits', () => {
    const text = bigFile(100);
    const w = windowAround(docOf(text), 500);
    expect(w).toEqual({ prefix: text.slice(0, 500), suffix: text.slice(500) });
  });

  it('in a large document: the text around the cursor, cut at line starts, placed in the document, and bounded', () => {
    const text = bigFile(40_000);
    const doc = docOf(text);
    // Cursors over the whole file, the first and last lines included.
    for (let k = 0; k <= 40; k++) {
      const line = Math.round((k / 40) * 39_999);
      const col = k % 2;
      const cursor = Math.min(text.length, doc.lineAt(line * 48).start + col * 3);
      const w = windowAround(doc, cursor);
      const start = w.window?.start ?? 0;
      expect(start + w.prefix.length).toBe(cursor);
      expect(text.slice(start, cursor)).toBe(w.prefix);
      expect(text.startsWith(w.suffix, cursor)).toBe(true);
      expect(w.prefix.length).toBeLessThanOrEqual(WINDOW_BEFORE + GRID + 64);
      expect(w.suffix.length).toBeLessThanOrEqual(WINDOW_AFTER + GRID + 64);
      expect(Math.min(w.prefix.length, cursor)).toBeGreaterThanOrEqual(Math.min(cursor, WINDOW_BEFORE));
      if (w.window) {
        expect(start === 0 || text[start - 1] === '\n').toBe(true);
        expect(w.window.startLine).toBe(text.slice(0, start).split('\n').length - 1);
        expect(w.window.documentLength).toBe(text.length);
        expect(w.window.before).toBe(text.slice(Math.max(0, start - MARGIN), start));
        expect(w.window.after).toBe(text.slice(cursor + w.suffix.length, cursor + w.suffix.length + MARGIN));
      }
    }
  });

  it('reads a bounded amount whatever the size of the document', () => {
    const small = docOf(bigFile(3_000));
    const large = docOf(bigFile(120_000));
    windowAround(small, 60_000);
    windowAround(large, 2_500_000);
    expect(large.reads).toBeLessThanOrEqual(WINDOW_BEFORE + WINDOW_AFTER + 2 * GRID + 2 * MARGIN + 200);
  });

  it('keeps its start while the user types at the cursor', () => {
    let text = bigFile(20_000);
    let cursor = Math.floor(text.length / 2);
    const starts = new Set<number>();
    for (let i = 0; i < 60; i++) {
      text = text.slice(0, cursor) + 'a' + text.slice(cursor);
      cursor++;
      starts.add(windowAround(docOf(text), cursor).window!.start);
    }
    // The edge moves in GRID steps: 60 characters cross at most one.
    expect(starts.size).toBeLessThanOrEqual(2);
  });

  it('cuts a line too long to keep whole (a minified file) instead of keeping all of it', () => {
    const text = 'a'.repeat(1_000_000);
    const w = windowAround(docOf(text), 500_000);
    expect(w.prefix.length).toBeLessThanOrEqual(WINDOW_BEFORE + GRID);
    expect(w.suffix.length).toBeLessThanOrEqual(WINDOW_AFTER + GRID);
    expect(w.window!.startLine).toBe(0);
  });
});
