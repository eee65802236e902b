// The report's data, computed once from stored outputs and written as JSON;
// the Markdown and HTML pages render this object and nothing else.
import { aggregateConfidence, AGGREGATIONS, type Aggregation } from '../../src/vocabulary';
import type { Calibration } from '../analysis/calibrate';
import type { NotJudgeableSummary } from '../analysis/judgeable';
import { escalates, evaluatePolicy, type PolicyMetrics, type PolicySpec } from '../analysis/metrics';
import type { SimInput, SimRow } from '../analysis/rows';
import { sweepByLanguage, DEFAULT_THRESHOLDS, languagesOf, type SweepResult } from '../analysis/sweep';
import type { OutputRecord } from '../run/record';

export interface LanguageSummary {
  n: number;
  localPassAt1: number;
  largePassAt1: number | null;
  /** Of the wrong local completions, the share tree-sitter flags as invalid. */
  wrongInvalidShare: number;
  /** Of the correct local completions, the share tree-sitter flags as invalid (false alarms). */
  correctInvalidShare: number;
  failReasons: Record<string, number>;
  /** Tasks of this scope left out of the counts above (their ground truth fails here). */
  notJudgeable: number;
}

export interface Report {
  generatedAt: string;
  local: { source: string; files: string[]; n: number };
  large: { source: string; files: string[] } | { oracle: true };
  missingLarge: number;
  thresholds: number[];
  summary: Record<string, LanguageSummary>;
  simulation: Record<string, SweepResult>;
  /** Local-model confidence of correct and wrong completions, per aggregation (for histograms). */
  confidence: Record<Aggregation, { correct: number[]; wrong: number[] }>;
  calibration?: Calibration;
  primaryAggregation: Aggregation;
  /** Tasks left out of every pass@1 above because their own ground truth fails here. */
  notJudgeable: NotJudgeableSummary;
  headline: Headline;
}

export interface HeadlineEntry {
  label: string;
  metrics: PolicyMetrics;
  /** The large model's time over the escalated requests: its cost in accelerator time. */
  largeMsTotal: number;
  largeMsPerEscalation: number;
}

/** The paper's headline: the best routing policy against both baselines, overall. */
export interface Headline {
  /** How the best policy was chosen. */
  rule: string;
  entries: [best: HeadlineEntry, local: HeadlineEntry, large: HeadlineEntry];
}

/** Without a calibration, the sweep point shown as "best" must not escalate more than this share. */
export const HEADLINE_MAX_ESCALATION = 0.5;

function headlineEntry(label: string, rows: readonly SimRow[], spec: PolicySpec): HeadlineEntry {
  const metrics = evaluatePolicy(rows, spec);
  const largeMsTotal = rows.filter((r) => escalates(r, spec)).reduce((a, r) => a + r.largeMs, 0);
  return { label, metrics, largeMsTotal, largeMsPerEscalation: metrics.escalated ? largeMsTotal / metrics.escalated : 0 };
}

function buildHeadline(rows: readonly SimRow[], grid: readonly PolicyMetrics[], calibration?: Calibration): Headline {
  let rule: string, spec: PolicySpec;
  if (calibration) {
    const c = calibration.chosen;
    spec = { policy: calibration.policy, aggregation: c.aggregation, threshold: c.threshold, perLanguage: c.perLanguage };
    rule = `the calibrated policy (${calibration.policy}, ${c.aggregation}, per-language thresholds), scored here on all judgeable tasks`;
  } else {
    const cands = grid.filter((m) => m.policy === 'syntax+confidence');
    const within = cands.filter((m) => m.escalationRate <= HEADLINE_MAX_ESCALATION + 1e-12);
    const pool = within.length ? within : cands;
    // Highest pass@1; ties go to fewer escalations, then the lower threshold.
    const best = [...pool].sort((a, b) => b.passAt1 - a.passAt1 || a.escalationRate - b.escalationRate || a.threshold - b.threshold)[0];
    spec = best
      ? { policy: best.policy, aggregation: best.aggregation, threshold: best.threshold }
      : { policy: 'syntax+confidence', aggregation: 'geomean', threshold: 0 };
    rule = `no calibration given: the syntax+confidence sweep point with the highest pass@1 among those escalating at most ${100 * HEADLINE_MAX_ESCALATION}% of requests (ties: fewer escalations)`;
  }
  const label = spec.perLanguage
    ? `${spec.policy} (${spec.aggregation}, calibrated)`
    : `${spec.policy} (${spec.aggregation}, t=${spec.threshold})`;
  return {
    rule,
    entries: [
      headlineEntry(label, rows, spec),
      headlineEntry('always-local', rows, { policy: 'always-local', aggregation: 'mean', threshold: 0 }),
      headlineEntry('always-large', rows, { policy: 'always-escalate', aggregation: 'mean', threshold: 0 }),
    ],
  };
}

function summarize(local: readonly OutputRecord[], large: ReadonlyMap<string, OutputRecord> | null, notJudgeable: number): LanguageSummary {
  const wrong = local.filter((r) => !r.pass);
  const right = local.filter((r) => r.pass);
  const invalid = (r: OutputRecord) => r.syntax.checked && !r.syntax.valid;
  const failReasons: Record<string, number> = {};
  for (const r of wrong) failReasons[r.reason] = (failReasons[r.reason] ?? 0) + 1;
  return {
    n: local.length,
    localPassAt1: local.length ? right.length / local.length : 0,
    largePassAt1: large ? local.filter((r) => large.get(r.key)?.pass).length / Math.max(1, local.length) : null,
    wrongInvalidShare: wrong.length ? wrong.filter(invalid).length / wrong.length : 0,
    correctInvalidShare: right.length ? right.filter(invalid).length / right.length : 0,
    failReasons,
    notJudgeable,
  };
}

export function buildReport(o: {
  local: readonly OutputRecord[];
  localFiles: string[];
  large?: readonly OutputRecord[];
  largeFiles?: string[];
  sim: SimInput;
  calibration?: Calibration;
  thresholds?: readonly number[];
  notJudgeable?: NotJudgeableSummary;
}): Report {
  const thresholds = [...(o.thresholds ?? DEFAULT_THRESHOLDS)];
  const largeMap = o.large ? new Map(o.large.map((r) => [r.key, r])) : null;
  const notJudgeable = o.notJudgeable ?? { sources: [], total: 0, perLanguage: {}, tasks: [] };
  const summary: Record<string, LanguageSummary> = { overall: summarize(o.local, largeMap, notJudgeable.total) };
  for (const lang of languagesOf(o.sim.rows))
    summary[lang] = summarize(
      o.local.filter((r) => r.language === lang),
      largeMap,
      notJudgeable.perLanguage[lang]?.count ?? 0,
    );
  const confidence = Object.fromEntries(
    AGGREGATIONS.map((a) => {
      const c = { correct: [] as number[], wrong: [] as number[] };
      for (const r of o.sim.rows) (r.localPass ? c.correct : c.wrong).push(aggregateConfidence(r.tokens, a));
      return [a, c];
    }),
  ) as Report['confidence'];
  const simulation = sweepByLanguage(o.sim.rows, thresholds);
  return {
    generatedAt: new Date().toISOString(),
    local: { source: o.local[0]?.source ?? 'none', files: o.localFiles, n: o.local.length },
    large: o.large ? { source: o.large[0]?.source ?? 'none', files: o.largeFiles ?? [] } : { oracle: true },
    missingLarge: o.sim.missingLarge,
    thresholds,
    summary,
    simulation,
    confidence,
    ...(o.calibration && { calibration: o.calibration }),
    primaryAggregation: o.calibration?.chosen.aggregation ?? 'geomean',
    notJudgeable,
    headline: buildHeadline(o.sim.rows, simulation.overall.grid, o.calibration),
  };
}
