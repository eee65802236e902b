import { describe, expect, it } from 'vitest';
import { TypingPace } from './typing-pace';

function typist(gapMs: (i: number) => number, keys = 40): TypingPace {
  const pace = new TypingPace({ initialMs: 250 });
  let t = 0;
  for (let i = 0; i < keys; i++) {
    pace.keystroke(t);
    t += gapMs(i);
  }
  return pace;
}

describe('TypingPace', () => {
  it('starts from the configured wait', () => {
    expect(new TypingPace({ initialMs: 250 }).delayMs()).toBe(250);
  });

  it('waits longer for a slow typist and less for a fast one, within bounds', () => {
    const jitter = (base: number) => (i: number) => base * (0.8 + (0.4 * ((i * 7) % 10)) / 10);
    const slow = typist(jitter(320)).delayMs();
    const fast = typist(jitter(90)).delayMs();
    expect(slow).toBeGreaterThan(320);
    expect(fast).toBeLessThan(250);
    expect(fast).toBeGreaterThanOrEqual(100);
    expect(typist(() => 1400).delayMs()).toBe(600);
  });

  it('ignores long pauses when reading the pace', () => {
    const withPauses = typist((i) => (i % 5 === 4 ? 5000 : 120)).delayMs();
    expect(withPauses).toBeLessThan(250);
  });

  it('reads ahead from the soonest moment until it knows the gaps, then once the next key is late, leaving part of the wait', () => {
    expect(new TypingPace({ initialMs: 250 }).readAheadAfterMs(250, 20)).toBe(20);
    // Gaps of 40 ms: 1.2 x their 90th percentile.
    expect(typist(() => 40).readAheadAfterMs(100, 20)).toBe(48);
    // Gaps of 150 ms waited on 225 ms: the late key (180 ms) would leave under a quarter of the wait.
    expect(typist(() => 150).readAheadAfterMs(225, 20)).toBe(169);
    // Never sooner than the soonest.
    expect(typist(() => 5).readAheadAfterMs(100, 20)).toBe(20);
  });

  it('leaves out a gap in which a suggestion appeared: taking every suggestion does not lengthen the wait', () => {
    // Short lines, as code is typed: ten keys 40 ms apart, a stop for the suggestion, a look at it (150 ms) before
    // taking it, and 300 ms before the next line. The stop holds the wait itself: counted, it lengthens the next.
    const lines = (told: boolean) => {
      const pace = new TypingPace({ initialMs: 250 });
      let t = 0;
      const waits: number[] = [];
      for (let line = 0; line < 12; line++) {
        for (let k = 0; k < 10; k++, t += 40) pace.keystroke(t);
        t += pace.delayMs() + 150 - 40;
        waits.push(pace.delayMs());
        if (told) pace.suggestionAppeared();
        pace.keystroke(t); // the accept
        t += 300;
      }
      return waits;
    };
    expect(lines(false).at(-1)).toBeGreaterThanOrEqual(450);
    const waits = lines(true);
    expect(waits.slice(2)).toEqual(Array(10).fill(100));
  });

  it('counts the keys typed through a suggestion already on screen', () => {
    const pace = new TypingPace({ initialMs: 250 });
    let t = 0;
    for (let k = 0; k < 10; k++, t += 200) {
      pace.keystroke(t);
      if (k === 0) pace.suggestionAppeared();
    }
    // Eight of the nine gaps count (the one the suggestion appeared in does not): the person's 200 ms pace.
    expect(pace.delayMs()).toBe(300);
  });

  it('grows after suggestions not taken, and an accepted one resets it', () => {
    const pace = typist(() => 150);
    const base = pace.delayMs();
    pace.rejected();
    pace.rejected();
    expect(pace.delayMs()).toBe(base);
    for (let i = 0; i < 10; i++) pace.rejected();
    expect(pace.delayMs()).toBe(base + 500);
    pace.accepted();
    expect(pace.delayMs()).toBe(base);
  });
});
