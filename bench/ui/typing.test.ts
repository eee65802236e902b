// Rounds of a typing case pool into one figure: percentiles over all the
// rounds' keys (not an average of each round's), the longest task of any.
import { describe, expect, it } from 'vitest';
import { summarizeCase, type CaseSamples } from './typing';

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
    expect(pooled).toMatchObject({ longtask_count: 2, longtask_max_ms: 75, longtask_in_burst_count: 1 });
    expect(pooled.ghost_p50_ms).toBeUndefined(); // off has no ghost text
  });

  it('with completions on, no ghost text in any round is null, not zero', () => {
    const on = summarizeCase(file, 'on', [round([10]), round([12])]);
    expect(on).toMatchObject({ ghost_p50_ms: null, ghost_shown: 0, first_burst: { ghost_ms: null } });
    expect(summarizeCase(file, 'on', [round([10], { ghosts: [300] }), round([12], { ghosts: [500, 700] })]).ghost_p50_ms).toBe(500);
  });
});
