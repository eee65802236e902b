// The report as Markdown: summary, policies per scope, calibration.
import type { PolicyMetrics } from '../analysis/metrics';
import { GRID_POLICIES } from '../analysis/sweep';
import type { Headline, Report } from './build';
import { lineChart } from './svg';

const pct = (x: number | null | undefined) => (x === null || x === undefined ? 'n/a' : `${(100 * x).toFixed(1)}%`);
const SHOWN_THRESHOLDS = [0, 0.2, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1];

function policyRow(m: PolicyMetrics): string {
  const t = m.policy.startsWith('always') ? '' : m.perLanguage ? `${m.threshold} (per-language)` : String(m.threshold);
  const agg = m.policy.startsWith('always') ? '' : m.aggregation;
  return `| ${m.policy} | ${agg} | ${t} | ${pct(m.passAt1)} | ${pct(m.escalationRate)} | ${m.falseEscalations} | ${m.missedFailures} | ${m.meanLatencyMs.toFixed(0)} / ${m.p95LatencyMs.toFixed(0)} |`;
}

const POLICY_HEADER =
  '| policy | aggregation | threshold | pass@1 | escalated | false escalations | missed failures | latency ms mean / p95 |\n| --- | --- | --- | --- | --- | --- | --- | --- |';

export const HEADLINE_SVG = 'headline.svg';

/** pass@1 against share escalated for the headline's three policies. */
export function headlineChart(h: Headline): string {
  return lineChart(
    'best routing policy vs baselines (overall)',
    'share escalated to the large model',
    'pass@1',
    // The legend is narrow: the best policy's full name is in the table above the plot.
    h.entries.map((e, i) => ({
      name: i ? e.label : 'best routing policy',
      points: [{ x: e.metrics.escalationRate, y: e.metrics.passAt1 }],
      markersOnly: true,
    })),
    { x: [0, 1], y: [0, 1] },
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function headlineSection(r: Report, plot: string | null): string[] {
  const h = r.headline;
  const out = [
    '## Headline',
    '',
    `Over ${h.entries[0].metrics.n} judgeable tasks. Best policy: ${h.rule}.`,
    '',
    '| policy | pass@1 | escalated | large-model time (total) | large-model time per escalation |',
    '| --- | --- | --- | --- | --- |',
  ];
  const oracle = 'oracle' in r.large;
  for (const e of h.entries) {
    const total = oracle ? 'n/a (oracle)' : seconds(e.largeMsTotal);
    const each = oracle || !e.metrics.escalated ? 'n/a' : `${e.largeMsPerEscalation.toFixed(0)} ms`;
    out.push(`| ${e.label} | ${pct(e.metrics.passAt1)} | ${pct(e.metrics.escalationRate)} | ${total} | ${each} |`);
  }
  if (oracle)
    out.push('', 'No large-model run given: the large model is an oracle here (every escalation passes) and its time is unknown.');
  if (plot) out.push('', `![pass@1 vs share escalated](${plot})`);
  return out;
}

function notJudgeableSection(r: Report): string[] {
  const nj = r.notJudgeable;
  if (!nj.sources.length)
    return [
      '- Not judgeable: no ground-truth results found (run `sanity --out-dir` next to the runs, or pass `--ground-truth`): no task excluded',
    ];
  const per = Object.entries(nj.perLanguage)
    .sort()
    .map(
      ([l, x]) =>
        `${l} ${x.count} (${Object.entries(x.reasons)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')})`,
    )
    .join('; ');
  return [
    `- Not judgeable (the ground truth itself fails here; left out of every pass@1 below): ${nj.total} task(s)${nj.total ? `: ${per}` : ''}. Ground truth from ${nj.sources.join(', ')}`,
  ];
}

/** `plot`: where the headline plot is written next to the Markdown, or null to leave it out (the HTML inlines it). */
export function toMarkdown(r: Report, plot: string | null = HEADLINE_SVG): string {
  const out: string[] = ['# Routing evaluation', '', ...headlineSection(r, plot), ''];
  const large =
    'oracle' in r.large
      ? 'oracle (no large-model run given: every escalation counts as correct)'
      : `${r.large.source} (${r.large.files.join(', ')})`;
  out.push(
    '## Runs',
    '',
    `Generated ${r.generatedAt}.`,
    '',
    `- Local model: ${r.local.source}, ${r.local.n} judgeable tasks (${r.local.files.join(', ')})`,
    `- Large model: ${large}`,
    ...notJudgeableSection(r),
  );
  if (r.missingLarge) out.push(`- ${r.missingLarge} task(s) have no large-model record: counted as large-model failures`);
  out.push(
    '',
    '## Local model per language',
    '',
    '| scope | tasks | not judgeable (left out) | local pass@1 | large pass@1 | wrong local that are syntax-invalid | correct local flagged invalid | failure reasons |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const [scope, s] of Object.entries(r.summary)) {
    const reasons = Object.entries(s.failReasons)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    out.push(
      `| ${scope} | ${s.n} | ${s.notJudgeable} | ${pct(s.localPassAt1)} | ${pct(s.largePassAt1)} | ${pct(s.wrongInvalidShare)} | ${pct(s.correctInvalidShare)} | ${reasons} |`,
    );
  }
  for (const [scope, sw] of Object.entries(r.simulation)) {
    out.push('', `## Policies: ${scope}`, '', POLICY_HEADER);
    for (const b of sw.baselines) out.push(policyRow(b));
    const aggs = scope === 'overall' ? [...new Set(sw.grid.map((g) => g.aggregation))] : [r.primaryAggregation];
    for (const policy of GRID_POLICIES) {
      for (const agg of aggs) {
        for (const m of sw.grid) {
          if (m.policy === policy && m.aggregation === agg && SHOWN_THRESHOLDS.some((t) => Math.abs(t - m.threshold) < 1e-9))
            out.push(policyRow(m));
        }
      }
    }
  }
  if (r.notJudgeable.total) {
    out.push('', '## Not judgeable tasks', '');
    for (const t of r.notJudgeable.tasks) out.push(`- ${t.key} (${t.language}): ${t.reason}: ${t.detail.split('\n')[0].slice(0, 160)}`);
  }
  const c = r.calibration;
  if (c) {
    const obj =
      c.objective.kind === 'budget'
        ? `maximise pass@1 with at most ${pct(c.objective.maxEscalationRate)} escalated`
        : `minimise escalation with pass@1 at least ${pct(c.objective.minPassAt1)}`;
    out.push(
      '',
      '## Calibration',
      '',
      `Objective: ${obj}. Policy ${c.policy}. Fitted on ${c.split.fit} tasks, scored on ${c.split.heldOut} held-out tasks (${pct(c.split.fraction)} of problem groups, seed "${c.split.seed}").`,
      '',
      `Chosen: aggregation **${c.chosen.aggregation}**, thresholds ${Object.entries(c.chosen.perLanguage)
        .map(([l, t]) => `${l} ${t}`)
        .join(
          ', ',
        )}; single-threshold fallback ${c.chosen.threshold}.${c.chosen.feasible ? '' : ' **The objective cannot be met on the fit split; this is the closest choice.**'}`,
      '',
      POLICY_HEADER.replace('| policy |', '| split | policy |').replace('| --- |', '| --- | --- |'),
      `| fit ${policyRow(c.chosen.fit)}`,
    );
    if (c.heldOut)
      out.push(`| held-out ${policyRow(c.heldOut)}`, '', `Held-out split ${c.heldOutMeets ? 'meets' : '**does not meet**'} the objective.`);
    out.push('', 'Best per aggregation on the fit split:', '', POLICY_HEADER);
    for (const cand of c.candidates) out.push(policyRow(cand.fit));
  }
  return `${out.join('\n')}\n`;
}
