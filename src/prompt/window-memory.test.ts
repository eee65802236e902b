// Where the last window began, remembered for the next request of the same
// document, and forgotten for another document or an edit at that place.
import { describe, expect, it } from 'vitest';
import { WindowMemory } from './window-memory';
import type { CompletionRequest } from '../vocabulary/types';

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line${i} = ${i}`).join('\n');

describe('WindowMemory', () => {
  const prefix = `${lines(300)}\n`;
  const req = { prefix, suffix: '\n', maxNewTokens: 8, promptBudget: 256 };

  it('hints nothing before its first window, then the start of the last one while the text there reads the same', async () => {
    const memory = new WindowMemory();
    expect(memory.hinted(req)).toBe(req);
    const start = prefix.indexOf('line200');
    const seen: (number | undefined)[] = [];
    const run = async (r: CompletionRequest) => {
      seen.push(r.keepWindowStart);
      return { window: { prefixStart: start } };
    };
    await memory.complete(req, run);
    // The document grew at the cursor: the same place.
    await memory.complete({ ...req, prefix: `${prefix}total = line1 + line2\n` }, run);
    expect(seen).toEqual([undefined, start]);
  });

  it('forgets the start for another document, an edit at that place, a request without a budget or a result without a window', () => {
    const memory = new WindowMemory();
    const start = prefix.indexOf('line200');
    memory.remember(prefix, { prefixStart: start });
    expect(memory.hinted({ ...req, prefix: `x${prefix}` }).keepWindowStart).toBeUndefined();
    expect(memory.hinted({ ...req, prefix: prefix.replace('line200 =', 'line200 +') }).keepWindowStart).toBeUndefined();
    expect(memory.hinted({ ...req, promptBudget: undefined }).keepWindowStart).toBeUndefined();
    expect(memory.hinted(req).keepWindowStart).toBe(start);
    memory.remember(prefix, undefined);
    expect(memory.hinted(req).keepWindowStart).toBeUndefined();
  });

  it("remembers the middle's start with the window's", () => {
    const memory = new WindowMemory();
    const start = prefix.indexOf('line200');
    memory.remember(prefix, { prefixStart: start, middleFrom: prefix.length - 10 });
    expect(memory.hinted(req)).toMatchObject({ keepWindowStart: start, keepMiddleStart: prefix.length - 10 });
    memory.remember(prefix, { prefixStart: start });
    expect(memory.hinted(req).keepMiddleStart).toBeUndefined();
  });
});
