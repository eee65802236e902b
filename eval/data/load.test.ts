import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { devSet, HAVE_BENCH, SKIP_REASON } from '../../testing/eval/bench-dir';
import { filterTasks, loadBenchmarkFile } from './load';
import { parsePyLiteral } from './py-literal';
import { BenchmarkFormatError } from './types';

const tmp = mkdtempSync(join(tmpdir(), 'eval-load-test-'));
const file = (name: string, text: string | Buffer) => {
  const p = join(tmp, name);
  writeFileSync(p, text);
  return p;
};

(HAVE_BENCH ? describe : describe.skip)(`loaders on the real development files${HAVE_BENCH ? '' : ` (${SKIP_REASON})`}`, () => {
  it('reads HumanEval single-line and multi-line infilling', async () => {
    const single = await loadBenchmarkFile(devSet('humaneval-single'));
    const multi = await loadBenchmarkFile(devSet('humaneval-multi'));
    expect(single).toHaveLength(1033);
    expect(multi).toHaveLength(5815);
    const t = single[0];
    expect(t).toMatchObject({
      taskId: 'SingleLineInfilling/HumanEval/0/L0',
      benchmark: 'humaneval',
      subset: 'single-line',
      language: 'python',
      group: 'humaneval/HumanEval/0',
    });
    expect(t.judge).toMatchObject({ kind: 'humaneval', entryPoint: 'has_close_elements' });
    expect(t.prefix).toContain('def has_close_elements');
    expect(multi.every((x) => x.subset === 'multi-line')).toBe(true);
  });

  it('reads SAFIM block, control and api with their tests and languages', async () => {
    for (const [set, subset, n] of [
      ['safim-block', 'block', 300],
      ['safim-control', 'control', 300],
      ['safim-api', 'api', 120],
    ] as const) {
      const tasks = await loadBenchmarkFile(devSet(set));
      expect(tasks).toHaveLength(n);
      expect(new Set(tasks.map((t) => t.subset))).toEqual(new Set([subset]));
      const langs = new Map<string, number>();
      for (const t of tasks) langs.set(t.language, (langs.get(t.language) ?? 0) + 1);
      expect(Object.fromEntries(langs)).toEqual({ python: n / 3, java: n / 3, cpp: n / 3 });
      for (const t of tasks) {
        expect(t.judge.kind).toBe(subset === 'api' ? 'match' : 'stdio');
        if (t.judge.kind === 'stdio') expect(t.judge.tests.length).toBeGreaterThan(0);
        expect(t.prefix + t.suffix).not.toContain('{{completion}}');
      }
    }
  });

  it('keeps api and block tasks apart although the api file reuses block task ids', async () => {
    const api = await loadBenchmarkFile(devSet('safim-api'));
    expect(api[0].taskId).toMatch(/^block_completion_/);
    expect(api[0].key).toMatch(/^safim\/api\//);
  });

  it('filters by language, task id glob and limit', async () => {
    const tasks = await loadBenchmarkFile(devSet('safim-block'), { languages: ['java'], limit: 5 });
    expect(tasks).toHaveLength(5);
    expect(tasks.every((t) => t.language === 'java')).toBe(true);
    const one = await loadBenchmarkFile(devSet('humaneval-single'), { taskIds: ['SingleLineInfilling/HumanEval/1/*'] });
    expect(one.length).toBeGreaterThan(3);
    expect(one.every((t) => t.taskId.startsWith('SingleLineInfilling/HumanEval/1/'))).toBe(true);
  });
});

describe('loaders on constructed files', () => {
  const safimRow = (extra: Record<string, unknown>) =>
    JSON.stringify({
      task_id: 'control_completion_000001',
      lang: 'python',
      eval_prompt: 'print({{completion}})',
      ground_truth: '1+1',
      prompt: 'x',
      ...extra,
    });

  it('reads SAFIM unit_tests given as a Python literal string, and random-span HumanEval ids', async () => {
    const p = file(
      'control_completion.jsonl',
      `${safimRow({ unit_tests: "[{'input': '1 2\\n', 'output': ['3', \"3 \"]}, {'input': '', 'output': ['it\\'s']}]" })}\n`,
    );
    const [t] = await loadBenchmarkFile(p);
    expect(t.judge).toEqual({
      kind: 'stdio',
      tests: [
        { input: '1 2\n', outputs: ['3', '3 '] },
        { input: '', outputs: ["it's"] },
      ],
    });
    expect(t.subset).toBe('control');
    const he = file(
      'he.jsonl.gz',
      gzipSync(
        `${JSON.stringify({ task_id: 'RandomSpanInfillingLight/HumanEval/3/3', prompt: 'def f():\n', suffix: '', canonical_solution: '    return 1\n', test: 'def check(c):\n    assert c() == 1\n', entry_point: 'f' })}\n`,
      ),
    );
    const [h] = await loadBenchmarkFile(he);
    expect(h.subset).toBe('random-span-light');
  });

  it('rejects files in the wrong format with the file and line', async () => {
    await expect(loadBenchmarkFile(file('other.jsonl', '{"question": "x", "answer": "y"}\n'))).rejects.toThrow(
      /other\.jsonl:1: neither HumanEval-Infilling .* nor SAFIM .*found: question, answer/,
    );
    await expect(loadBenchmarkFile(file('broken.jsonl', `${safimRow({ unit_tests: [] })}\n{not json\n`))).rejects.toThrow(
      /broken\.jsonl:2: not JSON/,
    );
    await expect(loadBenchmarkFile(file('nogzip.jsonl.gz', 'plain text'))).rejects.toBeInstanceOf(BenchmarkFormatError);
    await expect(
      loadBenchmarkFile(
        file('noplace.jsonl', `${JSON.stringify({ task_id: 'a', lang: 'python', eval_prompt: 'x', ground_truth: 'y' })}\n`),
      ),
    ).rejects.toThrow(/exactly once/);
    await expect(loadBenchmarkFile(file('empty.jsonl', '\n'))).rejects.toThrow(/empty/);
    await expect(loadBenchmarkFile(join(tmp, 'missing.jsonl'))).rejects.toThrow(/no such file/);
  });

  it('parses the Python literals SAFIM uses', () => {
    expect(parsePyLiteral("[{'a': (1, -2.5, None, True)}, r'\\n', 'x' \"y\", '''tri'ple''']")).toEqual([
      { a: [1, -2.5, null, true] },
      '\\n',
      'xy',
      "tri'ple",
    ]);
    expect(() => parsePyLiteral('[1, 2')).toThrow();
    expect(filterTasks([], { limit: 3 })).toEqual([]);
  });
});
