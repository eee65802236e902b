// Rounds of a typing case pool into one figure: percentiles over all the
// rounds' keys (not an average of each round's), the longest task of any.
import { describe, expect, it } from 'vitest';
import { onOffRatio, pairedRuns, steadyP95, summarizeCase, type CaseSamples } from './typing';

const file = { path: 'a.ts', language: 'typescript', lines: 10, bytes: 100, content: '', cursorLine: 1 } as never;

function round(frames: number[], extra: Partial<CaseSamples> = {}): CaseSamples {
  return {
    frames,
    delays: frames.map(() => 1),
    longTasks: [],
    longTasksInBurst: 0,
    ghosts: [],
    answers: [],
    bursts: 2,
    first: { frames: [40], longTaskMax: 0 },
    loadMs: 1000,
    heapMb: 50,
    ...extra,
  };
}

describe('summarizeCase', () => {
  it('pools the keys of every round into the percentiles', () => {
    // Round one alone: p95 of 1..20 is 19; with round two's twenty slow keys, the pooled p95 is theirs.
    const one = round(Array.from({ length: 20 }, (_, i) => i + 1));
    const two = round(
      Array.from({ length: 20 }, (_, i) => 100 + i),
      { longTasks: [60, 75], longTasksInBurst: 1, heapMb: 80 },
    );
    expect(summarizeCase(file, 'off', [one]).frame_p95_ms).toBe(19);
    const pooled = summarizeCase(file, 'off', [one, two]);
    expect(pooled).toMatchObject({ rounds: 2, keys: 40, frame_p95_ms: 117, frame_max_ms: 119, bursts: 4, heap_mb: 80 });
    expect(pooled.round_frame_p95_ms).toEqual([19, 118]);
    expect(pooled).toMatchObject({ longtask_count: 2, longtask_max_ms: 75, longtask_in_burst_count: 1 });
    expect(pooled.ghost_p50_ms).toBeUndefined(); // off has no ghost text
  });

  it('with completions on, no ghost text in any round is null, not zero', () => {
    const on = summarizeCase(file, 'on', [round([10]), round([12])]);
    expect(on).toMatchObject({ ghost_p50_ms: null, ghost_shown: 0, first_burst: { ghost_ms: null } });
    expect(summarizeCase(file, 'on', [round([10], { ghosts: [300] }), round([12], { ghosts: [500, 700] })]).ghost_p50_ms).toBe(500);
  });
});

// A target is judged on the rounds' median: one round the machine slowed does not decide it, on either mode.
describe('the figures a target is judged on', () => {
  const steady = Array.from({ length: 20 }, () => 30);
  const slow = Array.from({ length: 20 }, () => 120);
  // Twenty keys whose p95 (the 19th by rank) is `p95`.
  const keys = (p95: number) => Array.from({ length: 20 }, (_, i) => (i >= 18 ? p95 : 20));

  it('one round: its p95; several: the median of their p95s, the pooled one left for the tables', () => {
    expect(steadyP95(summarizeCase(file, 'on', [round(keys(40))]))).toBe(40);
    const three = summarizeCase(file, 'on', [round(steady), round(slow), round(steady)]);
    expect(three.frame_p95_ms).toBe(120);
    expect(steadyP95(three)).toBe(30);
    // Two slow rounds of three are what the machine does now: the median says so.
    expect(steadyP95(summarizeCase(file, 'on', [round(slow), round(steady), round(slow)]))).toBe(120);
  });

  it('on against off pairs the rounds run one after the other, and takes the median of their ratios', () => {
    const off = summarizeCase(file, 'off', [round(steady), round(steady), round(slow)]);
    const on = summarizeCase(file, 'on', [round(slow), round(steady), round(steady)]);
    // Pooled, both are 120 ms; round by round, 4x, 1x and 0.25x.
    expect(on.frame_p95_ms / off.frame_p95_ms).toBe(1);
    expect(onOffRatio(on, off)).toEqual({ r: 1, rounds: [4, 1, 0.25] });
    const worse = summarizeCase(file, 'on', [round(slow), round(slow), round(steady)]);
    expect(onOffRatio(worse, off).r).toBe(4);
  });

  it('without rounds on both sides, or with a different count, the pooled p95s', () => {
    const one = summarizeCase(file, 'off', [round(keys(50))]);
    const on = summarizeCase(file, 'on', [round(keys(60)), round(keys(60))]);
    expect(onOffRatio(on, one)).toEqual({ r: 60 / 50 });
  });
});

// On and off in one page: on as the page opened, then off, the same number of timed bursts each.
describe('the runs of a page with completions on and off', () => {
  it.each([1, 5, 6])('%i timed bursts a mode: on, then off, each types them all', (perMode) => {
    expect(pairedRuns(perMode)).toEqual([
      { mode: 'on', timed: perMode },
      { mode: 'off', timed: perMode },
    ]);
  });
});
