import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../testing/platform/prng';
import { chunkSpans, seamSpans } from './chunks';

// The window across each seam reaches 4 KB into both chunks (docs/privacy.md).
const SEAM = 4 * 1024;

const rand = mulberry32(7);
const line = () =>
  `${'  '.repeat(Math.floor(rand() * 4))}const v${Math.floor(rand() * 1e6)} = compute(${Math.floor(rand() * 1e4)}); // ${'x'.repeat(Math.floor(rand() * 60))}\n`;
const code = (bytes: number) => {
  let s = '';
  while (s.length < bytes) s += line();
  return s;
};

describe('content-defined chunks', () => {
  const text = code(600_000);
  const spans = chunkSpans(text);

  it('cover the text end to end, each ending after a newline', () => {
    expect(spans.length).toBeGreaterThan(3);
    expect(spans[0].start).toBe(0);
    expect(spans[spans.length - 1].end).toBe(text.length);
    for (let i = 1; i < spans.length; i++) {
      expect(spans[i].start).toBe(spans[i - 1].end);
      expect(text[spans[i].start - 1]).toBe('\n');
    }
  });

  it('an edit moves no boundary but those next to it', () => {
    const at = text.indexOf('\n', 300_000) + 1;
    const edited = text.slice(0, at) + 'let inserted = 1;\n' + text.slice(at);
    const before = new Set(spans.map((s) => text.slice(s.start, s.end)));
    const after = chunkSpans(edited).map((s) => edited.slice(s.start, s.end));
    const changed = after.filter((c) => !before.has(c));
    expect(changed.length).toBeLessThanOrEqual(2);
    expect(after.length - changed.length).toBeGreaterThanOrEqual(spans.length - 2);
  });

  it('a seam window reaches SEAM bytes into both neighbours', () => {
    const seams = seamSpans(text, spans);
    expect(seams).toHaveLength(spans.length - 1);
    seams.forEach((s, i) => {
      expect(spans[i + 1].start - s.start).toBeGreaterThanOrEqual(Math.min(SEAM, spans[i].end - spans[i].start));
      expect(s.end - spans[i + 1].start).toBeGreaterThanOrEqual(Math.min(SEAM, spans[i + 1].end - spans[i + 1].start));
    });
  });

  it('a text without newlines is one chunk', () => {
    expect(chunkSpans('a'.repeat(500_000))).toEqual([{ start: 0, end: 500_000 }]);
  });
});
