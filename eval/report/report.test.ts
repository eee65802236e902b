import { describe, expect, it } from 'vitest';
import { calibrate } from '../analysis/calibrate';
import { splitJudgeable } from '../analysis/judgeable';
import { escalates, evaluatePolicy } from '../analysis/metrics';
import { buildRows } from '../analysis/rows';
import type { OutputRecord } from '../run/record';
import { buildReport, HEADLINE_MAX_ESCALATION } from './build';
import { toHtml } from './html';
import { toMarkdown } from './markdown';

function rec(
  key: string,
  language: string,
  role: 'local' | 'large',
  pass: boolean,
  o: { probs?: number[]; valid?: boolean; ms?: number; source?: string; reason?: OutputRecord['reason'] } = {},
): OutputRecord {
  return {
    key,
    task_id: key,
    benchmark: 'safim',
    subset: 'block',
    language,
    source: o.source ?? role,
    role,
    completion: 'x',
    token_probs: o.probs ?? [0.9],
    syntax: { checked: true, valid: o.valid ?? true, errors: o.valid === false ? 1 : 0, ms: 1 },
    pass,
    reason: o.reason ?? (pass ? 'passed' : 'wrong_answer'),
    detail: pass ? '' : 'detail line\nsecond',
    timings: { generate_ms: o.ms ?? 100, syntax_ms: 1, judge_ms: 1 },
  };
}

// Python: the local model is right when confident; C#: two tasks whose ground truth mcs rejects.
const local = [
  rec('py/1', 'python', 'local', true, { probs: [0.95] }),
  rec('py/2', 'python', 'local', false, { probs: [0.3] }),
  rec('py/3', 'python', 'local', false, { probs: [0.9], valid: false }),
  rec('py/4', 'python', 'local', true, { probs: [0.8] }),
  rec('cs/1', 'csharp', 'local', true, { probs: [0.9] }),
  rec('cs/2', 'csharp', 'local', false, { probs: [0.2] }),
  rec('cs/3', 'csharp', 'local', false, { probs: [0.4] }),
  rec('cs/4', 'csharp', 'local', false, { probs: [0.5] }),
];
const large = local.map((r, i) => rec(r.key, r.language, 'large', r.key !== 'py/3', { ms: 1000 + 100 * i }));
const groundTruth = {
  sources: ['safim.ground-truth.jsonl'],
  records: local.map((r) =>
    rec(r.key, r.language, 'large', !['cs/3', 'cs/4'].includes(r.key), { source: 'ground-truth', reason: 'compile_error' }),
  ),
};

describe('not judgeable tasks', () => {
  const split = splitJudgeable(local, large, groundTruth);

  it('drops tasks whose ground truth fails from both runs and counts them per language with reasons', () => {
    expect(split.local.map((r) => r.key)).toEqual(['py/1', 'py/2', 'py/3', 'py/4', 'cs/1', 'cs/2']);
    expect(split.large?.map((r) => r.key)).toEqual(['py/1', 'py/2', 'py/3', 'py/4', 'cs/1', 'cs/2']);
    expect(split.notJudgeable).toMatchObject({ total: 2, perLanguage: { csharp: { count: 2, reasons: { compile_error: 2 } } } });
    expect(split.notJudgeable.perLanguage.python).toBeUndefined();
  });

  it('keeps a task that passes in any ground-truth store, and every task when there is none', () => {
    const again = splitJudgeable(local, large, {
      sources: ['a', 'b'],
      records: [...groundTruth.records, rec('cs/3', 'csharp', 'large', true)],
    });
    expect(again.notJudgeable.tasks.map((t) => t.key)).toEqual(['cs/4']);
    expect(splitJudgeable(local, large, { sources: [], records: [] }).local).toHaveLength(local.length);
  });

  it('leaves them out of every pass@1 denominator: summary, simulation, calibration', () => {
    const sim = buildRows(split.local, split.large);
    const calibration = calibrate(sim.rows, { objective: { kind: 'budget', maxEscalationRate: 0.5 }, heldOutFraction: 0 });
    const r = buildReport({
      local: split.local,
      localFiles: ['l.jsonl'],
      large: split.large,
      largeFiles: ['L.jsonl'],
      sim,
      calibration,
      notJudgeable: split.notJudgeable,
    });
    expect(r.summary.csharp).toMatchObject({ n: 2, notJudgeable: 2, localPassAt1: 0.5, largePassAt1: 1 });
    expect(r.summary.python).toMatchObject({ n: 4, notJudgeable: 0 });
    expect(r.summary.overall).toMatchObject({ n: 6, notJudgeable: 2 });
    expect(r.simulation.csharp.baselines[0]).toMatchObject({ n: 2, passAt1: 0.5 });
    expect(r.simulation.overall.baselines[1]).toMatchObject({ n: 6, passAt1: 5 / 6 });
    expect(r.calibration!.chosen.fit.n).toBe(6);
    expect(r.headline.entries[0].metrics.n).toBe(6);
    const md = toMarkdown(r);
    expect(md).toContain(
      'Not judgeable (the ground truth itself fails here; left out of every pass@1 below): 2 task(s): csharp 2 (compile_error 2)',
    );
    expect(md).toContain('- cs/3 (csharp): compile_error: detail line\n');
    expect(md).toContain('| csharp | 2 | 2 | 50.0% | 100.0% |');
  });

  it('says so when no ground truth was found', () => {
    const sim = buildRows(local, large);
    const md = toMarkdown(buildReport({ local, localFiles: ['l.jsonl'], large, sim }));
    expect(md).toContain('Not judgeable: no ground-truth results found');
    expect(md).toContain('8 judgeable tasks');
    const oracle = toMarkdown(buildReport({ local, localFiles: ['l.jsonl'], sim: buildRows(local) }));
    expect(oracle).toContain('| always-large | 100.0% | 100.0% | n/a (oracle) | n/a |');
  });
});

describe('the headline', () => {
  const sim = buildRows(local, large);
  const report = buildReport({ local, localFiles: ['l.jsonl'], large, largeFiles: ['L.jsonl'], sim });
  const md = toMarkdown(report);

  it('opens the Markdown, before any other section or table', () => {
    const lines = md.split('\n');
    expect(lines.slice(0, 3)).toEqual(['# Routing evaluation', '', '## Headline']);
    const firstTable = lines.findIndex((l) => l.startsWith('|'));
    const secondHeading = lines.findIndex((l, i) => i > 2 && l.startsWith('#'));
    expect(firstTable).toBeGreaterThan(2);
    expect(firstTable).toBeLessThan(secondHeading);
    expect(lines[firstTable]).toContain('| policy | pass@1 | escalated | large-model time');
    expect(md).toContain('![pass@1 vs share escalated](headline.svg)');
  });

  it('holds the best sweep point by the stated rule and the baselines, with the numbers of the metrics', () => {
    const [best, loc, big] = report.headline.entries;
    const alwaysLocal = evaluatePolicy(sim.rows, { policy: 'always-local', aggregation: 'mean', threshold: 0 });
    const alwaysLarge = evaluatePolicy(sim.rows, { policy: 'always-escalate', aggregation: 'mean', threshold: 0 });
    expect(loc.metrics).toEqual(alwaysLocal);
    expect(big.metrics).toEqual(alwaysLarge);
    expect(big.largeMsTotal).toBe(large.reduce((a, r) => a + r.timings.generate_ms, 0));
    expect(loc.largeMsTotal).toBe(0);

    const pool = report.simulation.overall.grid.filter(
      (m) => m.policy === 'syntax+confidence' && m.escalationRate <= HEADLINE_MAX_ESCALATION,
    );
    expect(best.metrics.policy).toBe('syntax+confidence');
    expect(best.metrics.escalationRate).toBeLessThanOrEqual(HEADLINE_MAX_ESCALATION);
    expect(best.metrics.passAt1).toBe(Math.max(...pool.map((m) => m.passAt1)));
    // Escalating the invalid py/3 and the unconfident ones beats always-local here.
    expect(best.metrics.passAt1).toBeGreaterThan(alwaysLocal.passAt1);
    const spec = { policy: best.metrics.policy, aggregation: best.metrics.aggregation, threshold: best.metrics.threshold };
    const escalatedMs = sim.rows.filter((r) => escalates(r, spec)).reduce((a, r) => a + r.largeMs, 0);
    expect(best.largeMsTotal).toBe(escalatedMs);
    expect(best.largeMsPerEscalation).toBeCloseTo(escalatedMs / best.metrics.escalated);

    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    expect(md).toContain(`| always-local | ${pct(alwaysLocal.passAt1)} | 0.0% | 0.0 s | n/a |`);
    expect(md).toContain(
      `| always-large | ${pct(alwaysLarge.passAt1)} | 100.0% | ${(big.largeMsTotal / 1000).toFixed(1)} s | ${(big.largeMsTotal / 8).toFixed(0)} ms |`,
    );
    expect(md).toContain(
      `| ${best.label} | ${pct(best.metrics.passAt1)} | ${pct(best.metrics.escalationRate)} | ${(escalatedMs / 1000).toFixed(1)} s |`,
    );
  });

  it('uses the calibrated policy when there is a calibration', () => {
    const calibration = calibrate(sim.rows, { objective: { kind: 'budget', maxEscalationRate: 0.5 }, heldOutFraction: 0 });
    const r = buildReport({ local, localFiles: ['l.jsonl'], large, sim, calibration });
    const c = calibration.chosen;
    expect(r.headline.entries[0].metrics).toEqual(
      evaluatePolicy(sim.rows, {
        policy: calibration.policy,
        aggregation: c.aggregation,
        threshold: c.threshold,
        perLanguage: c.perLanguage,
      }),
    );
    expect(r.headline.rule).toMatch(/calibrated/);
  });

  it('is plotted inline in the HTML, before the other sections', () => {
    const html = toHtml(report);
    const plot = html.indexOf('best routing policy vs baselines');
    expect(plot).toBeGreaterThan(html.indexOf('<h2>Headline</h2>'));
    expect(plot).toBeLessThan(html.indexOf('<h2>Runs</h2>'));
    expect(html).not.toContain('headline.svg');
    expect((html.slice(0, html.indexOf('<h2>Runs</h2>')).match(/<circle /g) ?? []).length).toBe(3);
  });
});
