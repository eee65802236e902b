// A very long line is found when a model is first seen and after the edits
// that could make or remove one, looking at the edited lines only while
// typing (the model's line index, never its text).
import { describe, expect, it } from 'vitest';
import { hasLongLine, LONG_LINE_CHARS, type LineChange, type LineModel } from './long-lines';

/** A text model over an array of lines that counts the line lengths read. */
class Lines implements LineModel {
  reads = 0;
  private version = 1;
  constructor(public lines: string[]) {}
  getVersionId = () => this.version;
  getValueLength = () => this.lines.reduce((n, l) => n + l.length, 0) + this.lines.length - 1;
  getLineCount = () => this.lines.length;
  getLineLength = (n: number) => {
    this.reads++;
    return this.lines[n - 1].length;
  };
  /** Replaces line `at` (1-based) with `text`'s lines; the change as Monaco reports it. */
  edit(at: number, text: string): LineChange[] {
    this.lines.splice(at - 1, 1, ...text.split('\n'));
    this.version++;
    return [{ range: { startLineNumber: at }, text }];
  }
}

const long = 'x'.repeat(LONG_LINE_CHARS + 1);

describe('hasLongLine', () => {
  it('finds a line over the threshold, and not one at it', () => {
    expect(hasLongLine(new Lines(['a', long, 'b']))).toBe(true);
    expect(hasLongLine(new Lines(['a', 'x'.repeat(LONG_LINE_CHARS), 'b']))).toBe(false);
  });

  it('reads no line of a text shorter than the threshold', () => {
    const m = new Lines(['short', 'lines']);
    expect(hasLongLine(m)).toBe(false);
    expect(m.reads).toBe(0);
  });

  it('while typing looks at the edited lines only, and finds a long line a paste made', () => {
    const m = new Lines([...Array.from({ length: 2_000 }, (_, i) => `line ${i} `.repeat(4))]);
    expect(hasLongLine(m)).toBe(false);
    m.reads = 0;
    expect(hasLongLine(m, m.edit(1_000, 'line 999 x'))).toBe(false);
    expect(m.reads).toBe(1);
    expect(hasLongLine(m, m.edit(500, `a\n${long}`))).toBe(true);
  });

  it('in a file with a long line, typing in it keeps it long without a whole-file look; removing it is seen', () => {
    const m = new Lines(['head', ...Array.from({ length: 500 }, () => 'code();'), long, 'tail']);
    expect(hasLongLine(m)).toBe(true);
    m.reads = 0;
    expect(hasLongLine(m, m.edit(502, `${long};x`))).toBe(true);
    expect(m.reads).toBe(1);
    expect(hasLongLine(m, m.edit(502, 'short again'))).toBe(false);
  });

  it('a version it did not see (an edit made while the file was not shown) gets a whole-file look', () => {
    const m = new Lines(['a', 'b', 'x'.repeat(LONG_LINE_CHARS)]);
    expect(hasLongLine(m)).toBe(false);
    m.edit(3, long);
    // Two versions on, with only the last edit's change: the line it names is short.
    expect(hasLongLine(m, m.edit(1, 'c'))).toBe(true);
  });

  it('a file of many lines is judged by its average line length, not line by line', () => {
    const m = new Lines(Array.from({ length: 10_001 }, () => 'y'));
    m.lines[5] = long;
    expect(hasLongLine(m)).toBe(false);
    expect(m.reads).toBe(0);
  });
});
