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
