import { describe, expect, it } from 'vitest';
import { documentAt, pausesOf, replayDurationMs, typingReplay } from './typing-replay';

const source = Array.from({ length: 50 }, (_, i) => `line_${i} = compute(${i}, "ü${i}")  # 😀`).join('\n') + '\n';

describe('typingReplay', () => {
  it('retypes a block of the file: the last step is the original document', () => {
    const r = typingReplay(source, { seed: 3, fromLine: 20, lines: 5 });
    const last = r.steps.at(-1)!;
    const doc = documentAt(r, last);
    expect(doc.prefix + doc.suffix).toBe(source);
    expect(r.block.split('\n').length - 1).toBe(5);
    expect(r.before.split('\n').length - 1).toBe(20);
  });

  it('is the same for the same seed and different for another', () => {
    expect(typingReplay(source, { seed: 5 })).toEqual(typingReplay(source, { seed: 5 }));
    expect(typingReplay(source, { seed: 5 }).steps.map((s) => s.gapMs)).not.toEqual(
      typingReplay(source, { seed: 6 }).steps.map((s) => s.gapMs),
    );
  });

  it('types at a human pace, with pauses, typos erased, whole characters', () => {
    const r = typingReplay(source, { seed: 11, lines: 20, typoRate: 0.05 });
    const keys = r.steps.length;
    const cps = keys / (replayDurationMs(r) / 1000);
    expect(cps).toBeGreaterThan(2);
    expect(cps).toBeLessThan(8);
    const pauses = pausesOf(r, 250).length;
    expect(pauses).toBeGreaterThan(keys / 20);
    expect(pauses).toBeLessThan(keys / 2);
    // A typo shows, then is erased: some step is not a prefix of the block.
    expect(r.steps.some((s) => !r.block.startsWith(s.typed))).toBe(true);
    // Never half of a surrogate pair.
    for (const s of r.steps) expect(s.typed).not.toMatch(/[\uD800-\uDBFF]$/);
  });
});
