// The sanity check: the benchmark's own middles as the model. Every task
// should pass; each one that does not is listed with its reason (a broken
// task, a toolchain difference, a limit too tight), per benchmark file.
import { basename, join } from 'node:path';
import { loadBenchmarkFile, type TaskFilter } from './data/load';
import { Judge } from './execute/judge';
import { groundTruthSource } from './models/ground-truth';
import { runModel } from './run/runner';
import { RecordStore } from './run/store';

export interface SanityResult {
  file: string;
  n: number;
  passed: number;
  passAt1: number;
  seconds: number;
  tasksPerSecond: number;
  perLanguage: Record<string, { n: number; passed: number }>;
  failures: { key: string; language: string; reason: string; detail: string }[];
}

export async function sanityCheck(
  paths: readonly string[],
  o: { filter?: TaskFilter; judge?: Judge; outDir?: string; progress?: boolean } = {},
): Promise<SanityResult[]> {
  const judge = o.judge ?? new Judge();
  const results: SanityResult[] = [];
  for (const file of paths) {
    const tasks = await loadBenchmarkFile(file, o.filter);
    const store = new RecordStore(
      o.outDir ? join(o.outDir, `${basename(file).replace(/\.jsonl(\.gz)?$/, '')}.ground-truth.jsonl`) : undefined,
      false,
    );
    const s = await runModel({ tasks, source: groundTruthSource('large'), judge, store, progress: o.progress ?? false });
    const perLanguage: SanityResult['perLanguage'] = {};
    for (const r of s.records) {
      const l = (perLanguage[r.language] ??= { n: 0, passed: 0 });
      l.n++;
      if (r.pass) l.passed++;
    }
    const passed = s.records.filter((r) => r.pass).length;
    results.push({
      file,
      n: s.records.length,
      passed,
      passAt1: passed / Math.max(1, s.records.length),
      seconds: s.seconds,
      tasksPerSecond: s.records.length / Math.max(s.seconds, 1e-9),
      perLanguage,
      failures: s.records.filter((r) => !r.pass).map((r) => ({ key: r.key, language: r.language, reason: r.reason, detail: r.detail })),
    });
  }
  return results;
}

export function formatSanity(results: readonly SanityResult[]): string {
  const lines = ['| benchmark | tasks | passed | pass@1 | per language | s | tasks/s |', '| --- | --- | --- | --- | --- | --- | --- |'];
  for (const r of results) {
    const langs = Object.entries(r.perLanguage)
      .map(([l, x]) => `${l} ${x.passed}/${x.n}`)
      .join(', ');
    lines.push(
      `| ${basename(r.file)} | ${r.n} | ${r.passed} | ${(100 * r.passAt1).toFixed(2)}% ${r.passAt1 >= 0.99 ? '' : '**below 99%**'} | ${langs} | ${r.seconds.toFixed(1)} | ${r.tasksPerSecond.toFixed(1)} |`,
    );
  }
  for (const r of results) {
    if (!r.failures.length) continue;
    lines.push('', `Not passing in ${basename(r.file)}:`);
    for (const f of r.failures) lines.push(`- ${f.key} (${f.language}): ${f.reason}: ${f.detail}`);
  }
  return lines.join('\n');
}
