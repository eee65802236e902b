// Tasks whose own ground truth does not pass here (a language feature the
// local toolchain lacks, a broken task) say nothing about a model: counting
// them would charge every model and every routing policy for our toolchain.
// They are set aside before any pass@1 is computed, and the report counts them.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { OutputRecord } from '../run/record';
import { readRecords } from '../run/store';

export interface NotJudgeable {
  key: string;
  language: string;
  reason: string;
  detail: string;
}

export interface NotJudgeableSummary {
  /** Where the ground-truth verdicts came from; empty when none were found (nothing excluded). */
  sources: string[];
  total: number;
  perLanguage: Record<string, { count: number; reasons: Record<string, number> }>;
  tasks: NotJudgeable[];
}

/** Ground-truth stores as the sanity check writes them (`<bench>.ground-truth.jsonl`) next to a run. */
function groundTruthFilesNear(runFiles: readonly string[]): string[] {
  const dirs = [...new Set(runFiles.map((f) => dirname(f)))];
  return dirs.flatMap((d) =>
    existsSync(d)
      ? readdirSync(d)
          .filter((n) => n.endsWith('.ground-truth.jsonl'))
          .sort()
          .map((n) => join(d, n))
      : [],
  );
}

/** Ground-truth records: from the explicit files, else the sanity stores next to the runs, plus any ground-truth large run. */
export function groundTruthRecords(o: { files?: readonly string[]; runFiles: readonly string[]; large?: readonly OutputRecord[] }): {
  sources: string[];
  records: OutputRecord[];
} {
  const files = o.files?.length ? [...o.files] : groundTruthFilesNear(o.runFiles);
  const records = files.flatMap(readRecords);
  const fromLarge = (o.large ?? []).filter((r) => r.source === 'ground-truth');
  return { sources: [...files, ...(fromLarge.length ? ['large run (ground truth)'] : [])], records: [...records, ...fromLarge] };
}

/**
 * Drops the tasks whose ground truth failed from both runs. A task with no
 * ground-truth record stays judgeable: absence of evidence is not a failure.
 */
export function splitJudgeable(
  local: readonly OutputRecord[],
  large: readonly OutputRecord[] | undefined,
  groundTruth: { sources: string[]; records: readonly OutputRecord[] },
): {
  local: OutputRecord[];
  large: OutputRecord[] | undefined;
  notJudgeable: NotJudgeableSummary;
} {
  const failed = new Map<string, OutputRecord>();
  for (const g of groundTruth.records) if (!g.pass) failed.set(g.key, g);
  // A task passing in any ground-truth store (e.g. a later toolchain) is judgeable.
  for (const g of groundTruth.records) if (g.pass) failed.delete(g.key);
  const tasks: NotJudgeable[] = [];
  const perLanguage: NotJudgeableSummary['perLanguage'] = {};
  for (const r of local) {
    const g = failed.get(r.key);
    if (!g) continue;
    tasks.push({ key: r.key, language: r.language, reason: g.reason, detail: g.detail });
    const l = (perLanguage[r.language] ??= { count: 0, reasons: {} });
    l.count++;
    l.reasons[g.reason] = (l.reasons[g.reason] ?? 0) + 1;
  }
  const keep = (r: OutputRecord) => !failed.has(r.key);
  return {
    local: local.filter(keep),
    large: large?.filter(keep),
    notJudgeable: { sources: groundTruth.sources, total: tasks.length, perLanguage, tasks },
  };
}
