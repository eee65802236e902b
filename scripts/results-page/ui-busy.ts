// The typing benchmark on a busy machine beside the quiet one: each `busy_N`
// section of bench/results/ui.json (`npm run bench ui -- --busy=N`) in one
// table with the quiet run's figures, case by case, then its own targets.
import type { Target } from '../../bench/ui';
import { onOffRatio, type CaseResult } from '../../bench/ui/typing';
import { ms, num, ratio, record, table } from './format';

type Sizes = Record<string, Record<string, Record<string, unknown>>>;

/** Every case of a run, by "size/mode/language". */
function cases(sizes: unknown): Map<string, CaseResult> {
  const out = new Map<string, CaseResult>();
  for (const [size, modes] of Object.entries(record(sizes) ?? {}))
    for (const [mode, aggregate] of Object.entries(record(modes) ?? {}))
      for (const [language, v] of Object.entries(record(aggregate) ?? {})) {
        const c = record(v) as CaseResult | undefined;
        if (c?.frame_p95_ms !== undefined) out.set(`${size}/${mode}/${language}`, c);
      }
  return out;
}

/** Frame p95 on against off, per size and language, as the targets take it (the median of the rounds' ratios). */
function onOff(all: Map<string, CaseResult>, size: string, language: string): number | undefined {
  const on = all.get(`${size}/on/${language}`);
  const off = all.get(`${size}/off/${language}`);
  return on && off?.frame_p95_ms ? onOffRatio(on, off).r : undefined;
}

export function busyTables(results: Record<string, unknown>, sizeLabels: Record<string, string>): string[] {
  const out: string[] = [];
  const quiet = cases(results.sizes);
  for (const [key, v] of Object.entries(results)) {
    const n = /^busy_(\d+)$/.exec(key)?.[1];
    const run = record(v);
    if (!n || !run) continue;
    const busy = cases(run.sizes as Sizes);
    const machine = record(run.machine);
    out.push(
      `With ${n} CPU-bound process${n === '1' ? '' : 'es'} beside the browser (\`--busy=${n}\`), against the quiet run above, case by case:${machine ? ` load average ${num((machine.loadavgBefore as number[])?.[0], 1)} before the busy run's cases, ${num((machine.loadavgAfter as number[])?.[0], 1)} after.` : ''}`,
    );
    const rows: (string | undefined)[][] = [];
    for (const [k, b] of busy) {
      const [size, mode, language] = k.split('/');
      const q = quiet.get(k);
      const cell = (c: CaseResult | undefined, f: (c: CaseResult) => string) => (c ? f(c) : undefined);
      rows.push([
        `${sizeLabels[size] ?? size}, ${language}`,
        mode.replace('_', ' '),
        cell(q, (c) => `${ms(c.frame_p50_ms)} / ${ms(c.frame_p95_ms)}`),
        `${ms(b.frame_p50_ms)} / ${ms(b.frame_p95_ms)}`,
        mode === 'off' ? '' : `${ratio(onOff(quiet, size, language))} / ${ratio(onOff(busy, size, language))}`,
        cell(q, (c) => `${c.longtask_count}, ${ms(c.longtask_max_ms)}`),
        `${b.longtask_count}, ${ms(b.longtask_max_ms)}`,
        mode === 'off'
          ? ''
          : `${cell(q, (c) => `${ms(c.ghost_p50_ms)} (${c.ghost_shown ?? 0}/${c.bursts})`) ?? 'n/a'} / ${ms(b.ghost_p50_ms)} (${b.ghost_shown ?? 0}/${b.bursts})`,
      ]);
    }
    out.push(
      table(
        [
          'file',
          'completions',
          'frame p50 / p95, busy 0',
          `frame p50 / p95, busy ${n}`,
          `p95 on / off, busy 0 / busy ${n}`,
          'long tasks: count, longest, busy 0',
          `long tasks: count, longest, busy ${n}`,
          `ghost text p50 (shown / bursts), busy 0 / busy ${n}`,
        ],
        rows,
      ),
    );
    const targets = (run.targets ?? []) as Target[];
    if (targets.length)
      out.push(
        table(
          [`target, busy ${n}`, 'measured', 'met'],
          targets.map((t) => [t.target, t.measured, t.met ? 'yes' : 'no']),
        ),
      );
  }
  return out;
}
