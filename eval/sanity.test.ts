// The sanity check: ground-truth middles must pass (>= 99%) on every
// development set. The full single-line set runs here (about 25 s on 2
// cores); the multi-line set and SAFIM's compiled languages are sampled
// deterministically (every k-th task) to keep the test short. The full runs
// are `npm run eval -- sanity` and `npm run bench eval`.
import { describe, expect, it } from 'vitest';
import { loadBenchmarkFile } from './data/load';
import { Judge } from './execute/judge';
import { groundTruthSource } from './models/ground-truth';
import { runModel } from './run/runner';
import { RecordStore } from './run/store';
import { devSet, HAVE_BENCH, SKIP_REASON } from './test/bench-dir';

const judge = new Judge();

async function groundTruth(set: string, every: number) {
  const tasks = (await loadBenchmarkFile(devSet(set))).filter((_, i) => i % every === 0);
  const s = await runModel({ tasks, source: groundTruthSource(), judge, store: new RecordStore(undefined, false), progress: false });
  const failures = s.records.filter((r) => !r.pass).map((r) => `${r.key}: ${r.reason}: ${r.detail}`);
  return { n: tasks.length, passAt1: s.records.filter((r) => r.pass).length / tasks.length, failures };
}

(HAVE_BENCH ? describe : describe.skip)(`sanity: ground truth passes${HAVE_BENCH ? '' : ` (${SKIP_REASON})`}`, () => {
  for (const [set, every, n] of [['humaneval-single', 1, 1033], ['humaneval-multi', 25, 233], ['safim-block', 10, 30], ['safim-control', 10, 30], ['safim-api', 1, 120]] as const) {
    it(`${set}${every > 1 ? ` (every ${every}th task)` : ''}: pass@1 >= 99%, failures listed`, async () => {
      const r = await groundTruth(set, every);
      expect(r.n).toBe(n);
      expect(r.failures, r.failures.join('\n')).toEqual([]);
      expect(r.passAt1).toBeGreaterThanOrEqual(0.99);
    }, 300_000);
  }
});
