// Completions produced elsewhere, as JSON Lines: {"task_id", "completion",
// "token_probs"?}. token_probs may be numbers or objects with a `prob` (the
// app's TokenProb). An optional "key" (ours: benchmark/subset/task_id)
// disambiguates task ids that two benchmark files share.
import { readJsonl, isRecord } from '../data/jsonl';
import { BenchmarkFormatError } from '../data/types';
import type { CompletionSource, Generated } from './types';

function probsOf(v: unknown, where: string): number[] | null {
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v)) throw new BenchmarkFormatError(`${where}: token_probs must be a list`);
  return v.map((p, i) => {
    const n = typeof p === 'number' ? p : isRecord(p) && typeof p.prob === 'number' ? p.prob : NaN;
    if (!(n >= 0 && n <= 1)) throw new BenchmarkFormatError(`${where}: token_probs[${i}] is not a probability in [0, 1]`);
    return n;
  });
}

export async function jsonlSource(path: string, role: 'local' | 'large' = 'local'): Promise<CompletionSource> {
  const byId = new Map<string, Generated>();
  for (const row of await readJsonl(path)) {
    const r = row.value;
    const where = `${path}:${row.line}`;
    if (!isRecord(r) || typeof r.task_id !== 'string' || typeof r.completion !== 'string') {
      throw new BenchmarkFormatError(`${where}: expected {"task_id": string, "completion": string, "token_probs"?: number[]}`);
    }
    const g: Generated = { text: r.completion, tokenProbs: probsOf(r.token_probs, where), ms: typeof r.ms === 'number' ? r.ms : 0 };
    byId.set(typeof r.key === 'string' ? r.key : r.task_id, g);
  }
  return {
    name: `jsonl:${path}`,
    role,
    complete: async (task) =>
      byId.get(task.key) ??
      byId.get(task.taskId) ?? { text: '', tokenProbs: null, ms: 0, error: `no completion for ${task.taskId} in ${path}` },
  };
}
