// The fill-in-the-middle tasks of ../shared/bench as (language, prefix,
// middle, suffix), for the syntax tests and `npm run bench syntax`. Node
// only (reads files); the validator itself never imports this.
//
// Our own small reader rather than eval/'s: the syntax suites need only the
// four strings, and must not break when the harness's task type changes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { BENCH_DIR } from '../../src/platform/bench-dir'; // deep: Node only (node:path), kept out of the platform index that browser workers load

export { BENCH_DIR };

export type BenchLanguage = 'python' | 'java' | 'cpp';

export interface FimTask {
  /** e.g. `safim-block`, `humaneval-multi`. */
  set: string;
  /** Task id as in the file (unique within its set). */
  id: string;
  language: BenchLanguage;
  prefix: string;
  /** The ground-truth middle. */
  middle: string;
  suffix: string;
}

export const SAFIM_SETS = ['block', 'control', 'api'] as const;
const HUMANEVAL_SETS = { single: 'SingleLine', multi: 'MultiLine' } as const;

/** Whether the folder holds both benchmarks; tests skip with a message when not. */
export function benchPresent(dir = BENCH_DIR): boolean {
  return (
    existsSync(join(dir, 'safim/block_completion.dev.jsonl.gz')) &&
    existsSync(join(dir, 'human-eval-infilling/HumanEval-SingleLineInfilling.jsonl.gz'))
  );
}

function jsonl(path: string): Record<string, unknown>[] {
  const raw = readFileSync(path);
  const text = path.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

export function loadSafim(set: (typeof SAFIM_SETS)[number], dir = BENCH_DIR): FimTask[] {
  return jsonl(join(dir, `safim/${set}_completion.dev.jsonl.gz`)).map((d) => {
    const prompt = String(d.eval_prompt);
    const at = prompt.indexOf('{{completion}}');
    if (at < 0) throw new Error(`safim ${set} ${String(d.task_id)}: no {{completion}} in eval_prompt`);
    return {
      set: `safim-${set}`,
      id: String(d.task_id),
      language: d.lang as BenchLanguage,
      prefix: prompt.slice(0, at),
      middle: String(d.ground_truth),
      suffix: prompt.slice(at + '{{completion}}'.length),
    };
  });
}

export function loadHumanEval(kind: keyof typeof HUMANEVAL_SETS, dir = BENCH_DIR): FimTask[] {
  return jsonl(join(dir, `human-eval-infilling/HumanEval-${HUMANEVAL_SETS[kind]}Infilling.jsonl.gz`)).map((d) => ({
    set: `humaneval-${kind}`,
    id: String(d.task_id),
    language: 'python' as const,
    prefix: String(d.prompt),
    middle: String(d.canonical_solution),
    suffix: String(d.suffix),
  }));
}

/** SAFIM's C# development tasks (block, control), where the folder has them (`safim/csharp/`); [] otherwise. */
export function loadSafimCsharp(dir = BENCH_DIR): (Omit<FimTask, 'language'> & { language: 'csharp' })[] {
  return (['block', 'control'] as const).flatMap((set) => {
    const path = join(dir, `safim/csharp/${set}_completion.dev.jsonl.gz`);
    if (!existsSync(path)) return [];
    return jsonl(path).map((d) => {
      const prompt = String(d.eval_prompt);
      const at = prompt.indexOf('{{completion}}');
      if (at < 0) throw new Error(`safim csharp ${set} ${String(d.task_id)}: no {{completion}} in eval_prompt`);
      return {
        set: `safim-${set}`,
        id: String(d.task_id),
        language: 'csharp' as const,
        prefix: prompt.slice(0, at),
        middle: String(d.ground_truth),
        suffix: prompt.slice(at + '{{completion}}'.length),
      };
    });
  });
}

/** Every task: SAFIM block, control, api (python, java, cpp), HumanEval single- and multi-line. */
export function loadAllTasks(dir = BENCH_DIR): FimTask[] {
  return [...SAFIM_SETS.flatMap((s) => loadSafim(s, dir)), loadHumanEval('single', dir), loadHumanEval('multi', dir)].flat();
}
