// Acceptance on real data: EVERY HumanEval-infilling task (single-line
// 1,033, multi-line 5,815) and EVERY SAFIM development task (python, java,
// cpp; block, control, api; and C# block, control where safim/csharp/ is
// there), ground-truth middle spliced in, must be judged
// valid. Zero false rejections: a correct local completion wrongly flagged
// would be sent off the machine for nothing.
import { describe, expect, it } from 'vitest';
import { createNodeValidator } from './node-runtime';
import { BENCH_DIR, benchPresent, loadAllTasks, loadSafimCsharp } from '../../testing/syntax/bench-tasks';

const present = benchPresent();

describe.skipIf(!present)(`every benchmark ground truth is valid (${BENCH_DIR})`, () => {
  it('zero false rejections over all HumanEval-infilling and SAFIM dev tasks', async () => {
    const csharp = loadSafimCsharp();
    const tasks = [...loadAllTasks(), ...csharp];
    const validator = createNodeValidator();
    const started = performance.now();
    const counts = new Map<string, number>();
    const rejected: string[] = [];
    for (const t of tasks) {
      const v = await validator.validate({ language: t.language, prefix: t.prefix, completion: t.middle, suffix: t.suffix });
      expect(v.checked).toBe(true);
      if (!v.valid) rejected.push(`${t.set} ${t.id} (${t.language}): ${JSON.stringify(v.errors)}`);
      const key = `${t.set} ${t.language}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `acceptance: ${tasks.length} tasks in ${seconds.toFixed(1)} s, ${rejected.length} rejected\n` +
        [...counts].map(([k, n]) => `  ${k.padEnd(24)} ${n}`).join('\n'),
    );
    // The full public sets, not a sample.
    expect(counts.get('humaneval-single python')).toBe(1033);
    expect(counts.get('humaneval-multi python')).toBe(5815);
    for (const set of ['block', 'control'])
      for (const lang of ['python', 'java', 'cpp']) expect(counts.get(`safim-${set} ${lang}`)).toBe(100);
    for (const lang of ['python', 'java', 'cpp']) expect(counts.get(`safim-api ${lang}`)).toBe(40);
    if (csharp.length) for (const set of ['block', 'control']) expect(counts.get(`safim-${set} csharp`)).toBe(60);
    expect(rejected).toEqual([]);
  });
});

if (!present) {
  describe('acceptance', () => {
    it.skip(`skipped: ${BENCH_DIR} not found (put SAFIM and HumanEval-infilling there to run the acceptance suite)`, () => {});
  });
}
