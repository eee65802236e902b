// Where the typing benchmark's long line puts the cursor: before the `;`
// that ends a statement, on either side of the column where the editor stops
// drawing a line.
import { describe, expect, it } from 'vitest';
import { generateFile, UI_SIZES } from './files';

/** Monaco's default `stopRenderingLineAfter`: the long line's two cases sit on either side of it. */
const DRAWN_CHARS = 10_000;

function cursorOf(size: string) {
  const file = generateFile('typescript', UI_SIZES[size].size);
  const line = file.content.split('\n')[file.cursorLine - 1];
  return { line, column: file.cursorColumn!, path: file.path };
}

describe('the long line of the typing benchmark', () => {
  it('types before the end of a statement in the middle of the line, past where it is drawn, and before one early in it, where it is', () => {
    const middle = cursorOf('longline');
    const early = cursorOf('longline-drawn');
    for (const { line } of [middle, early]) expect(line.length).toBeGreaterThanOrEqual(200_000);
    expect(middle.column - 1).toBeGreaterThanOrEqual(100_000);
    expect(early.column - 1).toBeGreaterThanOrEqual(8_000);
    expect(early.column - 1).toBeLessThan(DRAWN_CHARS - 500);
    for (const { line, column } of [middle, early]) expect(line[column - 1]).toBe(';');
    expect(UI_SIZES.longline.undrawn).toBe(true);
    expect(UI_SIZES['longline-drawn'].undrawn).toBeUndefined();
    // Each case has its own file name: the two are different workspaces' files.
    expect(early.path).not.toBe(middle.path);
  });
});
