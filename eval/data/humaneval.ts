// HumanEval-Infilling (Bavarian et al. 2022) in its original format:
// `prompt` is the prefix, `suffix`, `canonical_solution` the middle, `test`
// defines check(candidate), `entry_point` names the function to check. The
// subset (single-line, multi-line, random-span, random-span-light) is read
// from the task id's first segment, e.g. `SingleLineInfilling/HumanEval/0/L0`.
import { isRecord, type JsonlRow } from './jsonl';
import { BenchmarkFormatError, type Subset, type Task } from './types';

const SUBSETS: Record<string, Subset> = {
  SingleLineInfilling: 'single-line',
  MultiLineInfilling: 'multi-line',
  RandomSpanInfilling: 'random-span',
  RandomSpanInfillingLight: 'random-span-light',
};

const HUMANEVAL_FIELDS = ['task_id', 'prompt', 'suffix', 'canonical_solution', 'test', 'entry_point'] as const;

export function looksLikeHumanEval(row: unknown): boolean {
  return isRecord(row) && 'canonical_solution' in row && 'entry_point' in row;
}

export function humanEvalTask(row: JsonlRow, file: string): Task {
  const r = row.value;
  if (!isRecord(r)) throw new BenchmarkFormatError(`${file}:${row.line}: expected a JSON object`);
  for (const f of HUMANEVAL_FIELDS) {
    if (typeof r[f] !== 'string')
      throw new BenchmarkFormatError(`${file}:${row.line}: HumanEval-Infilling field "${f}" missing or not a string`);
  }
  const taskId = r.task_id as string;
  const parts = taskId.split('/');
  const subset = SUBSETS[parts[0]] ?? 'single-line';
  return {
    key: `humaneval/${subset}/${taskId}`,
    taskId,
    benchmark: 'humaneval',
    subset,
    language: 'python',
    prefix: r.prompt as string,
    suffix: r.suffix as string,
    groundTruth: r.canonical_solution as string,
    judge: { kind: 'humaneval', test: r.test as string, entryPoint: r.entry_point as string },
    // HumanEval/<n>: every span of one problem shares its tests.
    group: `humaneval/${parts.slice(1, 3).join('/') || taskId}`,
  };
}
