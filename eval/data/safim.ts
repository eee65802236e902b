// SAFIM (Gong et al. 2024) in its original format: `eval_prompt` holds
// `{{completion}}` where the middle goes, `ground_truth` the middle,
// `unit_tests` stdin/stdout cases (a list, or a string holding a Python
// literal), `lang` python|java|cpp|csharp. The api file has
// no tests: it is judged by match. Its task ids reuse the block file's
// (`block_completion_000000`), so the subset comes from the file name first.
import { basename } from 'node:path';
import { isRecord, type JsonlRow } from './jsonl';
import { parsePyLiteral } from './py-literal';
import { BenchmarkFormatError, type StdioCase, type Subset, type Task } from './types';

const SAFIM_PLACEHOLDER = '{{completion}}';

export function looksLikeSafim(row: unknown): boolean {
  return isRecord(row) && 'eval_prompt' in row && 'ground_truth' in row;
}

function safimSubsetOf(file: string, taskId: string, hasTests: boolean): Subset {
  for (const s of ['api', 'block', 'control'] as const) if (basename(file).startsWith(s)) return s;
  for (const s of ['api', 'block', 'control'] as const) if (taskId.startsWith(`${s}_`)) return s;
  return hasTests ? 'block' : 'api';
}

function stdioCases(raw: unknown, where: string): StdioCase[] {
  const list = typeof raw === 'string' ? parsePyLiteral(raw) : raw;
  if (!Array.isArray(list)) throw new BenchmarkFormatError(`${where}: unit_tests is not a list`);
  return list.map((t, k) => {
    if (!isRecord(t) || typeof t.input !== 'string') throw new BenchmarkFormatError(`${where}: unit_tests[${k}] has no string "input"`);
    const out = t.output;
    const outputs = Array.isArray(out) ? out.map(String) : typeof out === 'string' ? [out] : null;
    if (!outputs) throw new BenchmarkFormatError(`${where}: unit_tests[${k}] has no "output" list`);
    return { input: t.input, outputs };
  });
}

export function safimTask(row: JsonlRow, file: string): Task {
  const r = row.value;
  const where = `${file}:${row.line}`;
  if (!isRecord(r)) throw new BenchmarkFormatError(`${where}: expected a JSON object`);
  for (const f of ['task_id', 'eval_prompt', 'ground_truth', 'lang'] as const) {
    if (typeof r[f] !== 'string') throw new BenchmarkFormatError(`${where}: SAFIM field "${f}" missing or not a string`);
  }
  const taskId = r.task_id as string;
  const prompt = r.eval_prompt as string;
  const at = prompt.indexOf(SAFIM_PLACEHOLDER);
  if (at < 0 || prompt.indexOf(SAFIM_PLACEHOLDER, at + 1) >= 0) {
    throw new BenchmarkFormatError(`${where}: eval_prompt must hold "${SAFIM_PLACEHOLDER}" exactly once`);
  }
  const hasTests =
    r.unit_tests !== undefined &&
    r.unit_tests !== null &&
    r.unit_tests !== '' &&
    !(Array.isArray(r.unit_tests) && r.unit_tests.length === 0);
  const subset = safimSubsetOf(file, taskId, hasTests);
  return {
    key: `safim/${subset}/${taskId}`,
    taskId,
    benchmark: 'safim',
    subset,
    language: r.lang as string,
    prefix: prompt.slice(0, at),
    suffix: prompt.slice(at + SAFIM_PLACEHOLDER.length),
    groundTruth: r.ground_truth as string,
    judge: hasTests ? { kind: 'stdio', tests: stdioCases(r.unit_tests, where) } : { kind: 'match' },
    group: `safim/${subset}/${taskId}`,
  };
}
