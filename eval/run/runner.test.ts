import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer, type FakeServerHandle } from '../../testing/servers/openai-server';
import { writeFixtureModels } from '../../testing/make-fixture-models';
import { buildRows } from '../analysis/rows';
import { evaluatePolicy } from '../analysis/metrics';
import type { Task } from '../data/types';
import { Judge } from '../execute/judge';
import { endpointSource } from '../models/endpoint-source';
import { groundTruthSource } from '../models/ground-truth';
import { jsonlSource } from '../models/jsonl-source';
import { localModelSource } from '../models/local-source';
import { addTask, sumTask } from '../../testing/eval/tasks';
import { runModel } from './runner';
import { readRecords, RecordStore } from './store';

const tmp = mkdtempSync(join(tmpdir(), 'eval-runner-test-'));
const judge = new Judge({ cacheDir: join(tmp, 'cache') });

/** A HumanEval-shaped task the fixture models (which always say `a + b`) can solve. */
const plusTask: Task = {
  ...addTask(),
  key: 'test/plus',
  taskId: 'Plus/HumanEval/1/L0',
  prefix: 'def add(a, b):\n    return ',
  suffix: '\n',
  groundTruth: 'a + b',
};

describe('stored runs', () => {
  it('stores every output with probabilities, syntax verdict, pass/fail and timings, and resumes', async () => {
    const path = join(tmp, 'gt.jsonl');
    const tasks = [addTask(), sumTask('python'), sumTask('cpp')];
    const first = await runModel({ tasks, source: groundTruthSource(), judge, store: new RecordStore(path, false), progress: false });
    expect(first.records.map((r) => r.pass)).toEqual([true, true, true]);
    const [r, , cpp] = readRecords(path);
    expect(r).toMatchObject({
      key: 'test/add',
      source: 'ground-truth',
      role: 'large',
      token_probs: null,
      syntax: { checked: true, valid: true, errors: 0 },
      reason: 'passed',
    });
    expect(r.semantic).toMatchObject({ checked: true, findings: 0 });
    expect(cpp.semantic).toMatchObject({ checked: false, reason: 'no semantic checker for cpp' });
    expect(r.timings.judge_ms).toBeGreaterThan(0);

    // A run killed mid-write leaves half a line: resume drops it and redoes only what is missing.
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    writeFileSync(path, `${lines.slice(0, 2).join('\n')}\n`);
    appendFileSync(path, lines[2].slice(0, 40));
    const second = await runModel({ tasks, source: groundTruthSource(), judge, store: new RecordStore(path, true), progress: false });
    expect(second.skipped).toBe(2);
    expect(readRecords(path)).toHaveLength(3);
  });

  it('reads completions from a JSON Lines file; a task it lacks is reported, not fatal', async () => {
    const file = join(tmp, 'completions.jsonl');
    writeFileSync(
      file,
      [
        JSON.stringify({ task_id: 'sum_python', completion: 'print(a + b)', token_probs: [0.9, 0.8] }),
        JSON.stringify({ task_id: 'sum_cpp', completion: 'printf("%d\\n", a - b);', token_probs: [{ prob: 0.4 }] }),
      ].join('\n'),
    );
    const s = await runModel({
      tasks: [sumTask('python'), sumTask('cpp'), sumTask('java')],
      source: await jsonlSource(file),
      judge,
      store: new RecordStore(undefined, false),
      progress: false,
    });
    expect(s.records.map((r) => [r.pass, r.reason])).toEqual([
      [true, 'passed'],
      [false, 'wrong_answer'],
      [false, 'generation_error'],
    ]);
    expect(s.records[1].token_probs).toEqual([0.4]);
    expect(s.records[2].detail).toMatch(/no completion for sum_java/);
    writeFileSync(join(tmp, 'bad.jsonl'), '{"id": 1}\n');
    await expect(jsonlSource(join(tmp, 'bad.jsonl'))).rejects.toThrow(/expected \{"task_id"/);
  });
});

describe('a cancelled run', () => {
  it('stores nothing for the task it was on, so a resumed run does it again', async () => {
    const ac = new AbortController();
    const source = {
      name: 'cancelled',
      role: 'local' as const,
      complete: async () => {
        ac.abort();
        throw new Error('completion request cancelled');
      },
    };
    const s = await runModel({
      tasks: [addTask(), sumTask('python')],
      source,
      judge,
      store: new RecordStore(undefined, false),
      progress: false,
      signal: ac.signal,
    });
    expect(s.records).toEqual([]);
  });
});

describe('models through the app’s own loader and endpoint client', () => {
  let server: FakeServerHandle;
  const models = join(tmp, 'models');
  beforeAll(async () => {
    await writeFixtureModels(models);
    server = await startOpenAIServer({ kind: 'ok', text: 'a + b' });
  });
  afterAll(() => server?.close());

  it('local fixture models: valid and confident passes; the invalid one is caught by syntax; routing uses both runs', async () => {
    const run = async (model: string) => {
      const source = await localModelSource({
        model,
        source: { kind: 'bundled', root: models },
        family: 'qwen2.5-coder',
        maxNewTokens: 16,
      });
      try {
        return (await runModel({ tasks: [plusTask], source, judge, store: new RecordStore(undefined, false), progress: false })).records[0];
      } finally {
        await source.close?.();
      }
    };
    const valid = await run('fixture-valid');
    expect(valid).toMatchObject({ source: 'local:fixture-valid', role: 'local', completion: 'a + b', pass: true, syntax: { valid: true } });
    expect(Math.min(...valid.token_probs!)).toBeGreaterThan(0.9);
    const invalid = await run('fixture-invalid');
    expect(invalid).toMatchObject({ completion: 'a + (b', pass: false, reason: 'compile_error', syntax: { checked: true, valid: false } });

    const large = (
      await runModel({
        tasks: [plusTask],
        judge,
        store: new RecordStore(undefined, false),
        progress: false,
        source: endpointSource({ url: server.url, model: 'big', family: 'qwen2.5-coder', timeoutMs: 5000, maxTokens: 16 }),
      })
    ).records[0];
    expect(large).toMatchObject({
      source: expect.stringMatching(/^endpoint:127\.0\.0\.1:\d+\/big$/),
      role: 'large',
      completion: 'a + b',
      pass: true,
    });

    const sim = buildRows([invalid], [large]);
    expect(evaluatePolicy(sim.rows, { policy: 'syntax+confidence', aggregation: 'mean', threshold: 0.5 })).toMatchObject({
      passed: 1,
      escalated: 1,
    });
    expect(evaluatePolicy(sim.rows, { policy: 'confidence-only', aggregation: 'mean', threshold: 0.5 })).toMatchObject({
      passed: 0,
      missedFailures: 1,
    });
  });

  it("records the model's own text and the post-processing filters that changed it", async () => {
    const inBrackets: Task = { ...plusTask, key: 'test/plus-brackets', prefix: 'def add(a, b):\n    return (', suffix: ')\n' };
    server.setMode({ kind: 'ok', text: 'a + b)' });
    try {
      const [rec] = (
        await runModel({
          tasks: [inBrackets],
          judge,
          store: new RecordStore(undefined, false),
          progress: false,
          source: endpointSource({ url: server.url, model: 'big', family: 'qwen2.5-coder', timeoutMs: 5000, maxTokens: 16 }),
        })
      ).records;
      expect(rec).toMatchObject({ completion: 'a + b', raw_completion: 'a + b)', filters: ['trim-suffix-overlap'], pass: true });
    } finally {
      server.setMode({ kind: 'ok', text: 'a + b' });
    }
  });
});
