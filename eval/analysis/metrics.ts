// The routing simulation's numbers for one policy over a set of rows, with
// the decision made by the pipeline's own route stage (src/completion/common/stages.ts):
// no second implementation of the rule. Latency follows the app's pipeline: the local
// model always runs first, an escalation adds the large model's time.
import { route } from '../../src/completion';
import type { Aggregation, RoutingPolicy } from '../../src/vocabulary';
import type { SimRow } from './rows';
import { percentile } from '../../src/platform';

export interface PolicySpec {
  policy: RoutingPolicy;
  aggregation: Aggregation;
  /** One threshold, or one per language (missing languages use `threshold`). */
  threshold: number;
  perLanguage?: Readonly<Record<string, number>>;
}

export interface PolicyMetrics {
  policy: RoutingPolicy;
  aggregation: Aggregation;
  threshold: number;
  perLanguage?: Record<string, number>;
  n: number;
  passed: number;
  passAt1: number;
  escalated: number;
  /** Share of requests sent to the large model (accelerator use relative to always-large). */
  escalationRate: number;
  /** Locally correct completions sent away anyway. */
  falseEscalations: number;
  /** Wrong local completions that were kept. */
  missedFailures: number;
  /** Of the wrong local completions, the share that tree-sitter finds invalid (policy-independent). */
  wrongLocalInvalidShare: number;
  meanLatencyMs: number;
  p95LatencyMs: number;
}

function thresholdFor(spec: PolicySpec, language: string): number {
  return spec.perLanguage?.[language] ?? spec.threshold;
}

export function escalates(row: SimRow, spec: PolicySpec): boolean {
  const d = route(
    { tokens: row.tokens },
    { syntax: row.syntax, semantic: row.semantic },
    {
      policy: spec.policy,
      aggregation: spec.aggregation,
      threshold: thresholdFor(spec, row.language),
    },
  );
  return d.action === 'escalate';
}

const p95 = (values: readonly number[]): number => percentile(values, 95) ?? 0;

export function evaluatePolicy(rows: readonly SimRow[], spec: PolicySpec): PolicyMetrics {
  let passed = 0,
    escalated = 0,
    falseEsc = 0,
    missed = 0,
    wrong = 0,
    wrongInvalid = 0;
  const latencies: number[] = [];
  for (const r of rows) {
    const esc = escalates(r, spec);
    if (esc) {
      escalated++;
      if (r.localPass) falseEsc++;
      if (r.largePass) passed++;
    } else {
      if (r.localPass) passed++;
      else missed++;
    }
    if (!r.localPass) {
      wrong++;
      if (r.syntax.checked && !r.syntax.valid) wrongInvalid++;
    }
    latencies.push(r.localMs + (esc ? r.largeMs : 0));
  }
  const n = rows.length;
  const rate = (k: number, d = n) => (d ? k / d : 0);
  return {
    policy: spec.policy,
    aggregation: spec.aggregation,
    threshold: spec.threshold,
    ...(spec.perLanguage && { perLanguage: { ...spec.perLanguage } }),
    n,
    passed,
    passAt1: rate(passed),
    escalated,
    escalationRate: rate(escalated),
    falseEscalations: falseEsc,
    missedFailures: missed,
    wrongLocalInvalidShare: rate(wrongInvalid, wrong),
    meanLatencyMs: rate(latencies.reduce((a, b) => a + b, 0)),
    p95LatencyMs: p95(latencies),
  };
}
