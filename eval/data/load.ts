// Reads any HumanEval-Infilling or SAFIM file (format told by its fields, not
// its name) and applies the CLI's filters.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BENCH_DIR } from '../../src/platform/bench-dir'; // deep: Node only (node:path), kept out of the platform index that browser workers load
import { humanEvalTask, looksLikeHumanEval } from './humaneval';
import { isRecord, readJsonl } from './jsonl';
import { looksLikeSafim, safimTask } from './safim';
import { BenchmarkFormatError, type Task } from './types';

export interface TaskFilter {
  /** Keep these languages only (python, java, cpp ...). */
  languages?: readonly string[];
  /** Keep task ids (or keys) matching any of these: exact, or glob with `*`. */
  taskIds?: readonly string[];
  /** At most this many tasks per file, after the other filters (the file's order). */
  limit?: number;
}

function globToRegExp(g: string): RegExp {
  return new RegExp(
    `^${g
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}

export function filterTasks(tasks: readonly Task[], f: TaskFilter): Task[] {
  const ids = f.taskIds?.map(globToRegExp);
  let out = tasks.filter(
    (t) =>
      (!f.languages?.length || f.languages.includes(t.language)) && (!ids?.length || ids.some((re) => re.test(t.taskId) || re.test(t.key))),
  );
  if (f.limit !== undefined) out = out.slice(0, f.limit);
  return out;
}

export async function loadBenchmarkFile(path: string, filter: TaskFilter = {}): Promise<Task[]> {
  if (!existsSync(path)) throw new BenchmarkFormatError(`${path}: no such file`);
  const rows = await readJsonl(path);
  if (!rows.length) throw new BenchmarkFormatError(`${path}: empty; expected HumanEval-Infilling or SAFIM JSON Lines`);
  const first = rows[0].value;
  const parse = looksLikeHumanEval(first) ? humanEvalTask : looksLikeSafim(first) ? safimTask : null;
  if (!parse) {
    const keys = isRecord(first) ? Object.keys(first).join(', ') : typeof first;
    throw new BenchmarkFormatError(
      `${path}:${rows[0].line}: neither HumanEval-Infilling (task_id, prompt, suffix, canonical_solution, test, entry_point) ` +
        `nor SAFIM (task_id, eval_prompt, ground_truth, lang, unit_tests?); found: ${keys}`,
    );
  }
  const tasks = rows.map((r) => parse(r, path));
  const seen = new Set<string>();
  for (const t of tasks) {
    if (seen.has(t.key)) throw new BenchmarkFormatError(`${path}: task id ${t.taskId} appears twice`);
    seen.add(t.key);
  }
  return filterTasks(tasks, filter);
}

export async function loadBenchmarks(paths: readonly string[], filter: TaskFilter = {}): Promise<Task[]> {
  const all: Task[] = [];
  for (const p of paths) all.push(...(await loadBenchmarkFile(p, filter)));
  return all;
}

/** Short names for the files in the shared benchmark folder (or any folder with that layout). */
export const DEV_SETS: Readonly<Record<string, string>> = {
  'humaneval-single': 'human-eval-infilling/HumanEval-SingleLineInfilling.jsonl.gz',
  'humaneval-multi': 'human-eval-infilling/HumanEval-MultiLineInfilling.jsonl.gz',
  'safim-block': 'safim/block_completion.dev.jsonl.gz',
  'safim-control': 'safim/control_completion.dev.jsonl.gz',
  'safim-api': 'safim/api_completion.dev.jsonl.gz',
  // SAFIM's fourth language, sampled apart from the three above (60 + 60 tasks).
  'safim-block-csharp': 'safim/csharp/block_completion.dev.jsonl.gz',
  'safim-control-csharp': 'safim/csharp/control_completion.dev.jsonl.gz',
};

export const DEFAULT_BENCH_DIR = BENCH_DIR;

/** A dev-set short name -> its path under benchDir; anything else is taken as a path. */
export function resolveBenchmarkPath(nameOrPath: string, benchDir = DEFAULT_BENCH_DIR): string {
  const rel = DEV_SETS[nameOrPath];
  return rel ? join(benchDir, rel) : resolve(nameOrPath);
}
