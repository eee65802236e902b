// The report's data, computed once from stored outputs and written as JSON;
// the Markdown and HTML pages render this object and nothing else.
import { aggregateConfidence, AGGREGATIONS, type Aggregation } from '../../src/completion/confidence';
import type { Calibration } from '../analysis/calibrate';
import type { SimInput } from '../analysis/rows';
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
}

function summarize(local: readonly OutputRecord[], large: ReadonlyMap<string, OutputRecord> | null): LanguageSummary {
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
  };
}

export function buildReport(o: {
  local: readonly OutputRecord[]; localFiles: string[];
  large?: readonly OutputRecord[]; largeFiles?: string[];
  sim: SimInput; calibration?: Calibration; thresholds?: readonly number[];
}): Report {
  const thresholds = [...(o.thresholds ?? DEFAULT_THRESHOLDS)];
  const largeMap = o.large ? new Map(o.large.map((r) => [r.key, r])) : null;
  const summary: Record<string, LanguageSummary> = { overall: summarize(o.local, largeMap) };
  for (const lang of languagesOf(o.sim.rows)) summary[lang] = summarize(o.local.filter((r) => r.language === lang), largeMap);
  const confidence = Object.fromEntries(AGGREGATIONS.map((a) => {
    const c = { correct: [] as number[], wrong: [] as number[] };
    for (const r of o.sim.rows) (r.localPass ? c.correct : c.wrong).push(aggregateConfidence(r.tokens, a));
    return [a, c];
  })) as Report['confidence'];
  return {
    generatedAt: new Date().toISOString(),
    local: { source: o.local[0]?.source ?? 'none', files: o.localFiles, n: o.local.length },
    large: o.large ? { source: o.large[0]?.source ?? 'none', files: o.largeFiles ?? [] } : { oracle: true },
    missingLarge: o.sim.missingLarge,
    thresholds,
    summary,
    simulation: sweepByLanguage(o.sim.rows, thresholds),
    confidence,
    ...(o.calibration && { calibration: o.calibration }),
    primaryAggregation: o.calibration?.chosen.aggregation ?? 'geomean',
  };
}
