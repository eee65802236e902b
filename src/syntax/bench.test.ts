// The validator against real fill-in-the-middle tasks (SAFIM: python, java,
// cpp; HumanEval-infilling: python), read from ../shared/bench. The ground
// truth completions must be judged valid, also with syntax errors planted
// elsewhere in the file; completions made unbalanced must be judged as a
// fresh parse of the clean document would judge them.
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SyntaxVerdict } from '../vocabulary/types';
import { BENCH_DIR } from '../platform/bench-dir';
import { percentile } from '../platform/percentile';
import { createNodeValidator } from './node-runtime';
import { cpuTime } from '../../testing/platform/cpu-time';

const BENCH = `${BENCH_DIR}/`;
const present = existsSync(`${BENCH}safim`) && existsSync(`${BENCH}human-eval-infilling`);

interface Task {
  language: 'python' | 'java' | 'cpp';
  prefix: string;
  truth: string;
  suffix: string;
}

function jsonl(path: string): Record<string, unknown>[] {
  return gunzipSync(readFileSync(path))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function loadTasks(): Task[] {
  const tasks: Task[] = [];
  for (const file of ['block', 'control', 'api']) {
    for (const d of jsonl(`${BENCH}safim/${file}_completion.dev.jsonl.gz`)) {
      const [prefix, suffix] = String(d.eval_prompt).split('{{completion}}');
      tasks.push({ language: d.lang as Task['language'], prefix, truth: String(d.ground_truth), suffix });
    }
  }
  // Every 5th single-line and 20th multi-line task keeps the run short.
  for (const [file, step] of [
    ['SingleLine', 5],
    ['MultiLine', 20],
  ] as const) {
    jsonl(`${BENCH}human-eval-infilling/HumanEval-${file}Infilling.jsonl.gz`).forEach((d, i) => {
      if (i % step === 0)
        tasks.push({ language: 'python', prefix: String(d.prompt), truth: String(d.canonical_solution), suffix: String(d.suffix) });
    });
  }
  return tasks;
}

/** Syntax errors planted at the start and the end of the file, away from the cursor. */
const PLANTED: Record<Task['language'], [string, string]> = {
  python: ['x = = 1\n', '\ny = = 2\n'],
  java: ['int = ;\n', '\nclass Z { int = ; }\n'],
  cpp: ['int x = = 1;\n', '\nint y = = 2;\n'],
};

/** Completions that unbalance brackets: invalid in all but a few contexts. */
function unbalanced(truth: string): string[] {
  const body = truth.replace(/\s+$/, '');
  const tail = truth.slice(body.length);
  return [`${body} (${tail}`, `${body})${tail}`];
}

// Each test reads thousands of tasks: on a loaded machine that takes minutes, so the bound (per test, and for the
// set-up) is there to catch a hang, not to measure speed; the speed test below reads CPU time.
describe.skipIf(!present)(`benchmarks from ${BENCH}`, () => {
  const validator = createNodeValidator();
  const check = (t: Task, completion: string, planted = false): Promise<SyntaxVerdict> => {
    const [head, tail] = planted ? PLANTED[t.language] : ['', ''];
    return validator.validate({ language: t.language, prefix: head + t.prefix, completion, suffix: t.suffix + tail });
  };
  /** A fresh parse of the whole clean document: the reference for "does this completion break the file". */
  const clean = async (t: Task, completion: string) =>
    (await validator.validate({ language: t.language, prefix: t.prefix + completion + t.suffix, completion: '', suffix: '' }))
      .preexistingErrors === 0;

  let tasks: Task[] = [];
  beforeAll(async () => {
    tasks = [];
    for (const t of loadTasks()) if (await clean(t, t.truth)) tasks.push(t); // a dozen ground truths do not parse cleanly
  });

  it('loads enough tasks', () => {
    expect(tasks.length).toBeGreaterThan(900);
  });

  it('judges every ground truth valid', async () => {
    const rejected: string[] = [];
    for (const t of tasks) {
      const v = await check(t, t.truth);
      if (!v.valid) rejected.push(`${t.language}: ${JSON.stringify(t.truth)} ${JSON.stringify(v.errors)}`);
    }
    expect(rejected).toEqual([]);
  });

  it('still judges ground truths valid with errors planted before and after the cursor (>= 99%)', async () => {
    const byLanguage = new Map<string, { n: number; valid: number }>();
    for (const t of tasks) {
      const v = await check(t, t.truth, true);
      expect(v.preexistingErrors).toBeGreaterThan(0);
      const s = byLanguage.get(t.language) ?? { n: 0, valid: 0 };
      s.n++;
      if (v.valid) s.valid++;
      byLanguage.set(t.language, s);
    }
    expect([...byLanguage.keys()].sort()).toEqual(['cpp', 'java', 'python']);
    for (const [language, s] of byLanguage) expect(s.valid / s.n, language).toBeGreaterThanOrEqual(0.99);
  });

  it('judges unbalanced completions as a fresh parse of the clean document does, planted errors or not (>= 99%)', async () => {
    let n = 0;
    let agree = 0;
    let invalid = 0;
    for (const t of tasks) {
      for (const completion of unbalanced(t.truth)) {
        const expected = await clean(t, completion);
        for (const planted of [false, true]) {
          const v = await check(t, completion, planted);
          n++;
          if (v.valid === expected) agree++;
          if (!v.valid) invalid++;
        }
      }
    }
    expect(invalid / n).toBeGreaterThan(0.95); // the test set is not trivially valid
    expect(agree / n).toBeGreaterThanOrEqual(0.99);
  });

  it('takes a few milliseconds per check on these files', async () => {
    // The process's CPU time per check: the work, which a busy machine does not stretch as it does the wall clock.
    const ms: number[] = [];
    for (const t of tasks.slice(0, 200)) ms.push((await cpuTime(() => check(t, `${t.truth} `))).ms);
    const median = percentile(ms, 50)!;
    console.log(`syntax check: median ${median.toFixed(2)} ms CPU, p95 ${percentile(ms, 95)!.toFixed(2)} ms over ${ms.length} tasks`);
    expect(median).toBeLessThan(20);
  });
});

if (!present) {
  describe('benchmarks', () => {
    it.skip(`skipped: ${BENCH} not found (put SAFIM and HumanEval-infilling there to run them)`, () => {});
  });
}
