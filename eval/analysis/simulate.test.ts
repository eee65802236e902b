import { describe, expect, it } from 'vitest';
import { row } from '../../testing/eval/rows';
import type { OutputRecord } from '../run/record';
import { evaluatePolicy } from './metrics';
import { buildRows } from './rows';
import { splitRows } from './split';
import { sweep, sweepByLanguage } from './sweep';

// The hand-checked table. conf = mean of probs.
//        lang    probs       mean  min  syntax   local  large  ms local/large
// r1     python  .9 .9       .90   .9   valid    pass   pass   10 / 100
// r2     python  .8 .4       .60   .4   valid    FAIL   pass   10 / 100
// r3     python  .95         .95   .95  INVALID  FAIL   FAIL   10 / 100
// r4     java    .3 .5       .40   .3   valid    pass   pass   20 / 200
// r5     java    .99 .97     .98   .97  valid    pass   FAIL   20 / 200
// r6     java    (none)      0     0    valid    FAIL   pass   20 / 200
const rows = [
  row('r1', 'python', [0.9, 0.9], true, true, true, 10, 100),
  row('r2', 'python', [0.8, 0.4], true, false, true, 10, 100),
  row('r3', 'python', [0.95], false, false, false, 10, 100),
  row('r4', 'java', [0.3, 0.5], true, true, true, 20, 200),
  row('r5', 'java', [0.99, 0.97], true, true, false, 20, 200),
  row('r6', 'java', [], true, false, true, 20, 200),
];

describe('routing simulation on a hand-checked table', () => {
  it('syntax+confidence, mean, 0.5: keeps r1 r2 r5, escalates r3 (syntax) r4 r6 (confidence)', () => {
    // pass: r1 (local), r4 (large), r5 (local), r6 (large) = 4/6. r2 kept wrong = missed failure.
    // r4 was locally right = false escalation. Wrong local r2 r3 r6, of which r3 invalid = 1/3.
    // latency: 10 10 110 220 20 220 -> mean 590/6, p95 220.
    const m = evaluatePolicy(rows, { policy: 'syntax+confidence', aggregation: 'mean', threshold: 0.5 });
    expect(m).toMatchObject({ n: 6, passed: 4, escalated: 3, falseEscalations: 1, missedFailures: 1, p95LatencyMs: 220 });
    expect(m.passAt1).toBeCloseTo(4 / 6);
    expect(m.escalationRate).toBeCloseTo(0.5);
    expect(m.wrongLocalInvalidShare).toBeCloseTo(1 / 3);
    expect(m.meanLatencyMs).toBeCloseTo(590 / 6);
  });

  it('confidence-only keeps the confident but invalid r3: one more missed failure', () => {
    const m = evaluatePolicy(rows, { policy: 'confidence-only', aggregation: 'mean', threshold: 0.5 });
    expect(m).toMatchObject({ passed: 4, escalated: 2, falseEscalations: 1, missedFailures: 2 });
  });

  it('min aggregation also escalates r2 (min .4), which the large model gets right', () => {
    const m = evaluatePolicy(rows, { policy: 'syntax+confidence', aggregation: 'min', threshold: 0.5 });
    expect(m).toMatchObject({ passed: 5, escalated: 4, falseEscalations: 1, missedFailures: 0 });
  });

  it('baselines: always-local and always-escalate', () => {
    const { baselines } = sweep(rows, [0.5]);
    const [local, large] = baselines;
    expect(local).toMatchObject({
      policy: 'always-local',
      passed: 3,
      escalated: 0,
      falseEscalations: 0,
      missedFailures: 3,
      meanLatencyMs: 15,
    });
    expect(large).toMatchObject({
      policy: 'always-escalate',
      passed: 4,
      escalated: 6,
      escalationRate: 1,
      falseEscalations: 3,
      missedFailures: 0,
      meanLatencyMs: 165,
    });
  });

  it('per-language thresholds: python 0.95 escalates r1 r2 r3; java 0 keeps r4 r5 r6', () => {
    // python: r1 large pass (false escalation), r2 large pass, r3 large fail. java: r4 pass, r5 pass, r6 kept wrong.
    const m = evaluatePolicy(rows, {
      policy: 'syntax+confidence',
      aggregation: 'mean',
      threshold: 0.5,
      perLanguage: { python: 0.95, java: 0 },
    });
    expect(m).toMatchObject({ passed: 4, escalated: 3, falseEscalations: 1, missedFailures: 1 });
  });

  it('sweeps every policy, aggregation and threshold, overall and per language', () => {
    const s = sweepByLanguage(rows, [0, 0.5, 1]);
    expect(Object.keys(s).sort()).toEqual(['java', 'overall', 'python']);
    expect(s.overall.grid).toHaveLength(3 * 3 * 3);
    const py = s.python.grid.find((m) => m.policy === 'syntax+confidence' && m.aggregation === 'mean' && m.threshold === 0.5)!;
    expect(py).toMatchObject({ n: 3, passed: 1, escalated: 1, missedFailures: 1 });
  });

  it('without a large-model run the large model is an oracle; with one, a missing task counts as a failure', () => {
    const rec = (key: string, pass: boolean): OutputRecord => ({
      key,
      task_id: key,
      benchmark: 'safim',
      subset: 'block',
      language: 'cpp',
      source: 's',
      role: 'local',
      completion: '',
      token_probs: [0.5],
      syntax: { checked: true, valid: true, errors: 0, ms: 1 },
      pass,
      reason: pass ? 'passed' : 'wrong_answer',
      detail: '',
      timings: { generate_ms: 5, syntax_ms: 1, judge_ms: 0 },
    });
    const oracle = buildRows([rec('a', false), rec('b', true)]);
    expect(oracle.largeIsOracle).toBe(true);
    expect(oracle.rows.every((r) => r.largePass)).toBe(true);
    expect(oracle.rows[0].localMs).toBe(6);
    const real = buildRows([rec('a', false), rec('b', true)], [rec('a', true)]);
    expect(real.missingLarge).toBe(1);
    expect(real.rows.map((r) => r.largePass)).toEqual([true, false]);
  });

  it('splits by problem group, deterministically', () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ ...row(`k${i}`, 'python', [1], true, true, true), group: `g${i % 250}` }));
    const a = splitRows(many, 0.3, 'seed');
    const b = splitRows(many, 0.3, 'seed');
    expect(a.heldOut.map((r) => r.key)).toEqual(b.heldOut.map((r) => r.key));
    expect(a.heldOut.length).toBeGreaterThan(200);
    expect(a.heldOut.length).toBeLessThan(400);
    const heldGroups = new Set(a.heldOut.map((r) => r.group));
    expect(a.fit.some((r) => heldGroups.has(r.group))).toBe(false);
  });
});

describe('the semantic policy in the simulation', () => {
  const rec = (key: string, pass: boolean, semantic?: OutputRecord['semantic']): OutputRecord => ({
    key,
    task_id: key,
    benchmark: 'safim',
    subset: 'block',
    language: 'python',
    source: 's',
    role: 'local',
    completion: 'x',
    token_probs: [0.9],
    syntax: { checked: true, valid: true, errors: 0, ms: 1 },
    ...(semantic && { semantic }),
    pass,
    reason: pass ? 'passed' : 'wrong_answer',
    detail: '',
    timings: { generate_ms: 5, syntax_ms: 1, judge_ms: 0 },
  });

  it('escalates a confident, valid row whose completion uses a missing name; not checked and old records are kept', () => {
    const { rows: sim } = buildRows([
      rec('flagged', false, { checked: true, findings: 1, names: ['numbrs'], ms: 0.4 }),
      rec('clean', true, { checked: true, findings: 0, ms: 0.3 }),
      rec('unchecked', true, { checked: false, reason: 'timed out (over 50 ms)', findings: 0, ms: 51 }),
      rec('old', true),
    ]);
    expect(sim[0].semantic?.findings.map((f) => f.name)).toEqual(['numbrs']);
    const semantic = evaluatePolicy(sim, { policy: 'syntax+confidence+semantic', aggregation: 'mean', threshold: 0.5 });
    expect(semantic).toMatchObject({ escalated: 1, passed: 4, missedFailures: 0, falseEscalations: 0 });
    const plain = evaluatePolicy(sim, { policy: 'syntax+confidence', aggregation: 'mean', threshold: 0.5 });
    expect(plain).toMatchObject({ escalated: 0, passed: 3, missedFailures: 1 });
  });
});
