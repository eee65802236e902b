// The human table of the inference bench: one column per runtime.
import { fmtMs } from '../stats';
import type { RuntimeResult, Summary } from './measure';

const pp = (s: Summary) => `${fmtMs(s.p50)} / ${fmtMs(s.p95)}`;
const ratio = (r: number, target?: number) => `${r.toFixed(3)}${target === undefined ? '' : r <= target ? ' ok' : ' OVER'}`;

export function printTable(
  ctx: { model: string; maxNewTokens: number; reps: number; promptBudget: number; bigFile: Record<string, number> },
  rs: RuntimeResult[],
): void {
  const rows: [string, (r: RuntimeResult) => string][] = [
    ['device', (r) => r.device],
    ['load', (r) => fmtMs(r.loadMs)],
    ['prompt tokens (50-line file)', (r) => String(r.promptTokens)],
    ['time to first token p50/p95', (r) => pp(r.ttft)],
    [`${ctx.maxNewTokens} tokens p50/p95`, (r) => pp(r.total)],
    ['decode tokens/s (p50)', (r) => r.decodeTokPerS.toFixed(1)],
    ['bare generate() p50/p95', (r) => pp(r.bare)],
    ['full pipeline p50/p95', (r) => pp(r.pipeline)],
    ['pipeline / bare (target <= 1.05)', (r) => ratio(r.overheadRatio, 1.05)],
    ['50-line file p50/p95', (r) => pp(r.file50)],
    ['5,000-line file p50/p95', (r) => pp(r.file5000)],
    ['5,000 / 50 lines', (r) => ratio(r.bigFileRatio)],
    ['typing -> ghost text p50/p95', (r) => (r.typing ? pp(r.typing) : '-')],
    [
      'longest main-thread task (target <= 50 ms)',
      (r) => (r.longestTaskMs === undefined ? '-' : `${fmtMs(r.longestTaskMs)}${r.longestTaskMs <= 50 ? ' ok' : ' OVER'}`),
    ],
    ['longest frame gap', (r) => (r.longestFrameGapMs === undefined ? '-' : fmtMs(r.longestFrameGapMs))],
    ...memoryRows(rs),
  ];
  const header = ['', ...rs.map((r) => r.runtime)];
  const table = [header, ...rows.map(([label, f]) => [label, ...rs.map(f)])];
  const widths = header.map((_, i) => Math.max(...table.map((row) => row[i].length)));
  const line = (row: string[]) => `| ${row.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`model ${ctx.model}, ${ctx.maxNewTokens} new tokens, ${ctx.reps} reps, prompt budget ${ctx.promptBudget} tokens`);
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of table.slice(1)) console.log(line(row));
  const b = ctx.bigFile;
  console.log(
    `\n5,000-line file: ${b.rawTokens} tokens raw, windowed to ${b.windowedTokens} in ${fmtMs(b.windowMs)}; ` +
      `raw (unwindowed) not run: its attention scores alone would need ${b.rawAttentionGB.toFixed(0)} GB per layer.`,
  );
  for (const r of rs) for (const n of r.notes) console.log(`${r.runtime}: ${n}`);
}

function memoryRows(rs: RuntimeResult[]): [string, (r: RuntimeResult) => string][] {
  const keys = [...new Set(rs.flatMap((r) => Object.keys(r.memory)))];
  return keys.map((k) => [`memory ${k}`, (r: RuntimeResult) => (k in r.memory ? String(r.memory[k]) : '-')]);
}
