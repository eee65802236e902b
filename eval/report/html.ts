// The report as one self-contained HTML page: the Markdown tables rendered as
// HTML tables, plus inline SVG plots. No scripts, no external assets.
import { AGGREGATIONS } from '../../src/vocabulary';
import { GRID_POLICIES, type SweepResult } from '../analysis/sweep';
import type { Report } from './build';
import { headlineChart, toMarkdown } from './markdown';
import { esc, histogram, lineChart, type Series } from './svg';

/** Our Markdown is headings, lists, paragraphs and tables only: enough to render it here. */
function mdToHtml(md: string): string {
  const html: string[] = [];
  const lines = md.split('\n');
  const inline = (s: string) => esc(s).replace(/\*\*(.+?)\*\*/g, '<b>$1</b>');
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (l.startsWith('|')) {
      const rows: string[][] = [];
      while (i < lines.length && lines[i].startsWith('|')) {
        if (!/^\|\s*---/.test(lines[i]))
          rows.push(
            lines[i]
              .slice(1, -1)
              .split('|')
              .map((c) => c.trim()),
          );
        i++;
      }
      i--;
      const [head, ...body] = rows;
      html.push(
        `<table><thead><tr>${head.map((c) => `<th>${inline(c)}</th>`).join('')}</tr></thead><tbody>${body.map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`,
      );
    } else if (l.startsWith('#')) {
      const level = /^#+/.exec(l)![0].length;
      html.push(`<h${level}>${inline(l.slice(level).trim())}</h${level}>`);
    } else if (l.startsWith('- ')) html.push(`<li>${inline(l.slice(2))}</li>`);
    else if (l.trim()) html.push(`<p>${inline(l)}</p>`);
  }
  return html.join('\n');
}

function tradeoffChart(scope: string, sw: SweepResult): string {
  const series: Series[] = [];
  for (const policy of GRID_POLICIES) {
    for (const agg of AGGREGATIONS) {
      const pts = sw.grid
        .filter((m) => m.policy === policy && m.aggregation === agg)
        .map((m) => ({ x: m.escalationRate, y: m.passAt1, label: `t=${m.threshold}` }))
        .sort((a, b) => a.x - b.x);
      if (pts.length) series.push({ name: `${policy} ${agg}`, points: pts });
    }
  }
  for (const b of sw.baselines) series.push({ name: b.policy, points: [{ x: b.escalationRate, y: b.passAt1 }], markersOnly: true });
  return lineChart(`pass@1 vs escalation rate (${scope})`, 'escalation rate', 'pass@1', series, { x: [0, 1], y: [0, 1] });
}

function thresholdChart(scope: string, sw: SweepResult, agg: string): string {
  const series: Series[] = [];
  for (const policy of GRID_POLICIES) {
    const ms = sw.grid.filter((m) => m.policy === policy && m.aggregation === agg);
    series.push({ name: `${policy} pass@1`, points: ms.map((m) => ({ x: m.threshold, y: m.passAt1 })) });
    series.push({ name: `${policy} escalated`, points: ms.map((m) => ({ x: m.threshold, y: m.escalationRate })) });
  }
  return lineChart(`threshold sweep, ${agg} (${scope})`, 'threshold', 'share', series, { x: [0, 1], y: [0, 1] });
}

export function toHtml(r: Report): string {
  const charts: string[] = [];
  for (const [scope, sw] of Object.entries(r.simulation)) {
    charts.push(
      `<h3>${esc(scope)}</h3><div class="row">${tradeoffChart(scope, sw)}${thresholdChart(scope, sw, r.primaryAggregation)}</div>`,
    );
  }
  const hists = AGGREGATIONS.map((a) =>
    histogram(`local confidence (${a})`, 'confidence', [
      { name: 'correct', values: r.confidence[a].correct },
      { name: 'wrong', values: r.confidence[a].wrong },
    ]),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Routing evaluation</title>
<style>
body{font-family:system-ui,sans-serif;margin:2em;max-width:1320px;color:#222}
table{border-collapse:collapse;margin:1em 0;font-size:13px}th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}
th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}.row{display:flex;flex-wrap:wrap;gap:12px}
</style></head><body>
${mdToHtml(toMarkdown(r, null)).replace(/(<h2>Runs<\/h2>)/, `<div class="row">${headlineChart(r.headline)}</div>\n$1`)}
<h2>Plots</h2>
<p>Curves: one point per threshold; markers: the always-local and always-escalate baselines. Hover a point for its numbers.</p>
${charts.join('\n')}
<h3>Confidence of correct vs wrong local completions</h3><div class="row">${hists.join('')}</div>
</body></html>
`;
}
