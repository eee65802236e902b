import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BenchMachine, StoredRecord } from '../bench/record';
import { PAGE, readResults, resultsPage } from './results-page';

const machine: BenchMachine = {
  cores: 2,
  cpuModel: 'Test CPU',
  loadAverage: { start: [1.25, 1, 1], end: [2.5, 1, 1] },
  node: 'v20.0.0',
  commit: 'abcdef123456',
  uncommittedChanges: false,
};

describe('docs/results.md', () => {
  it('is what `npm run results` makes from bench/results/*.json (after a bench run: npm run results, and commit both)', () => {
    expect(readFileSync(PAGE, 'utf8'), 'docs/results.md is stale: run `npm run results`').toBe(resultsPage(readResults()));
  });

  it("has a section per results file, each with its run's date, machine and command", () => {
    const records = readResults();
    const page = resultsPage(records);
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) {
      expect(page).toContain(`\n## ${r.suite}\n`);
      for (const run of r.runs) expect(page).toContain(`Measured ${run.at.slice(0, 10)} ${run.at.slice(11, 16)} UTC`);
    }
  });

  it('says which run measured which sections when a partial run left an earlier one owning some', () => {
    const record: StoredRecord = {
      suite: 'extent',
      runs: [
        { at: '2026-01-01T08:00:00.000Z', command: 'npm run bench extent', machine, sections: ['humaneval-single as given'] },
        {
          at: '2026-01-02T09:30:00.000Z',
          command: 'npm run bench extent -- --x-only',
          machine: { ...machine, uncommittedChanges: true, coresBusyBefore: 1.04 },
          sections: ['tokenizer'],
        },
      ],
      results: {
        tokenizer: 'test',
        'humaneval-single as given': { tasks: 4, line: 1, block: 3, middleTokens: 2000, savedTokens: 500, cutShort: 0 },
      },
    };
    const page = resultsPage([record]);
    expect(page).toContain(
      '- Measured 2026-01-01 08:00 UTC on 2 cores (Test CPU), load average 1.3 at the start and 2.5 at the end (1 minute), Node v20.0.0, commit `abcdef123456`; sections `humaneval-single as given`. Command: `npm run bench extent`.',
    );
    expect(page).toContain(
      'commit `abcdef123456` with uncommitted changes; sections `tokenizer`. Command: `npm run bench extent -- --x-only`.',
    );
    expect(page).toContain('on 2 cores (Test CPU), 1.0 cores busy with other work just before, load average 1.3 at the start');
    expect(page).toContain('| humaneval-single as given | 4 | 1 (25.0%) | 3 (75.0%) | 2,000 | 500 (25.0%) | 0 |');
  });

  it('shows a file from before runs were recorded, and a suite without a headline table, for what they are', () => {
    const page = resultsPage([{ suite: 'eval', runs: [{ at: '2026-01-03T10:00:00.000Z', sections: ['total'] }], results: { total: 1 } }]);
    expect(page).toContain('No headline table for this suite');
    expect(page).toContain('`bench/results/eval.json`');
    expect(page).toContain('- Measured 2026-01-03 10:00 UTC (machine and commit not recorded). Command: not recorded.');
  });

  it('shows the latency replay side by side, each layout against no reuse', () => {
    const replay = (ghost: number, tokens: number) => ({
      requests: 8,
      prompt_tokens_p50: tokens,
      ghost_ms_p50: ghost,
      ghost_ms_p95: ghost * 2,
      prefill_ms_p50: ghost / 2,
      decode_ms_p50: ghost / 2,
      cancelled: 1,
    });
    const speed = (tokS: number) => ({ decode_tok_s: tokS, ttft_ms: { 256: 3000 }, ms_per_token: { 256: 100 } });
    const page = resultsPage([
      {
        suite: 'latency',
        runs: [{ at: '2026-01-03T10:00:00.000Z', sections: ['chromiumWasm'] }],
        results: {
          model: 'twin',
          dtype: 'q8',
          chromiumWasm: {
            threads: { 1: speed(6), 2: speed(9) },
            pairedRatios: [1.5],
            replay: { noreuse: replay(8000, 496), reuse_cursor_in_prefix: replay(4000, 78), reuse: replay(2000, 5) },
            outputs_identical: false,
          },
        },
      },
    ]);
    expect(page).toContain('| no reuse | 8 | 496 | 8,000 ms / 16.0 s |');
    expect(page).toContain("| reuse, the cursor's line in the middle (default) | 8 | 5 | 2,000 ms / 4,000 ms (4.0x faster) |");
    expect(page).toContain('| 2 | 3,000 ms | 9.0 tok/s |');
    expect(page).toContain('1.50x (target at least 1.6x)');
    expect(page).toContain('on every pause: no (expected of a quantised model');
  });

  it('shows the ready-on-accept run per runtime, without and with the prediction', () => {
    const accept = (without: number, withPrediction: number) => ({
      accepts: 10,
      read_ms: 1500,
      prompt_budget: 256,
      max_new_tokens: 16,
      accept_to_ghost_ms_p50: { without, with: withPrediction, target_with: 'at most 100' },
      accept_to_ghost_ms: { without: [without], with: [withPrediction] },
      prediction_ms_p50: 1600,
      prediction_prompt_tokens_p50: 1,
      prediction_prompt_tokens: [1],
      prediction_prefill_ms_p50: 130,
      prediction_decode_ms_p50: 1400,
      prediction_same_as_request: '9/10',
      discarded: { count: 9, finished: 0, ms_total: 2000, ms_p50: 240 },
    });
    const page = resultsPage([
      {
        suite: 'latency',
        runs: [{ at: '2026-01-03T10:00:00.000Z', sections: ['accept'] }],
        results: { model: 'twin', dtype: 'q8', accept: { node: accept(1900, 120), chromiumWasm: accept(2400, 600) } },
      },
    ]);
    expect(page).toContain('a suggestion read for 1,500 ms, then Tab');
    expect(page).toContain(
      '| Chromium, WASM | 256 / 16 | 10 | 2,400 ms / 600 ms | 1,600 ms | 1 | 130 ms / 1,400 ms | 9/10 | 9 (2,000 ms) |',
    );
    expect(page).toContain('| Node, onnxruntime-node | 256 / 16 | 10 | 1,900 ms / 120 ms |');
  });

  it('shows the lookup pass costs of each runtime measured, side by side', () => {
    const run = (msPerPass: number, threads?: number) => ({
      context: 1024,
      reps: 3,
      ...(threads && { threads }),
      passMs: [100, 110, 120],
      fit: { msPerPass, msPerToken: 10 },
      trimMs: 4,
      cost: { verify: [1, 1.1, 1.2], trim: 0.04 },
      projectedSpeedUp: 1.21,
      pooledSpeedUp: 1.25,
      bestMaxDraft: 2,
      defaultOnAt: 1.3,
      defaultOn: false,
      lookup: { maxDraft: 2 },
    });
    const runs = [{ at: '2026-01-03T10:00:00.000Z', machine, sections: ['cost'] }];
    const node = resultsPage([{ suite: 'lookup', runs, results: run(90) }]);
    expect(node).toContain('| 2 | 3 | 120 ms | 1.20x |');
    expect(node).not.toContain('Chromium WASM');
    const both = resultsPage([{ suite: 'lookup', runs, results: { ...run(90), chromiumWasm: run(900, 2) } }]);
    expect(both).toContain('| 2 | 3 | 120 ms | 1.20x | 120 ms | 1.20x |');
    expect(both).toContain('| Chromium WASM (2 threads) | 1,024 tokens | 3 | 900 ms a pass + 10 ms a token |');
    expect(both).toContain('no (rule: >= 1.3x)');
  });
});
