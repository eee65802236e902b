// A model run: for each task, ask the source for a middle, check its syntax
// with the app's validator, judge it by execution, store the record. Model
// calls are sequential (one model, one device); judging overlaps with them
// and runs in parallel slots. Resumable through the store.
import { checkSemantics, type SemanticParse, validatorParse } from '../../src/semantic';
import { createNodeValidator, type SyntaxValidator } from '../../src/syntax';
import type { Task } from '../data/types';
import type { Judge } from '../execute/judge';
import type { CompletionSource } from '../models/types';
import { HARNESS_BUDGET_MS } from '../semantic';
import { Progress } from './progress';
import type { OutputRecord, SemanticSummary, SyntaxSummary } from './record';
import type { RecordStore } from './store';

export interface RunOptions {
  tasks: readonly Task[];
  source: CompletionSource;
  judge: Judge;
  store: RecordStore;
  progress?: boolean;
  validator?: SyntaxValidator;
  signal?: AbortSignal;
}

export interface RunSummary {
  total: number;
  skipped: number;
  records: OutputRecord[];
  seconds: number;
}

async function semanticOf(parse: SemanticParse, t: Task, completion: string): Promise<SemanticSummary> {
  const s = await checkSemantics(
    { language: t.language, prefix: t.prefix, completion, suffix: t.suffix, budgetMs: HARNESS_BUDGET_MS },
    parse,
  );
  return {
    checked: s.checked,
    findings: s.findings.length,
    ms: s.ms,
    ...(s.uncheckedReason && { reason: s.uncheckedReason }),
    ...(s.findings.length && { names: [...new Set(s.findings.map((f) => f.name))] }),
  };
}

async function syntaxOf(v: SyntaxValidator, t: Task, completion: string): Promise<SyntaxSummary> {
  const s = await v.validate({ language: t.language, prefix: t.prefix, completion, suffix: t.suffix });
  const e = s.errors[0];
  return {
    checked: s.checked,
    valid: s.valid,
    errors: s.errors.length,
    ms: s.ms,
    ...(e && { first: `${e.kind} ${e.detail} at ${e.row + 1}:${e.column + 1}` }),
  };
}

export async function runModel(o: RunOptions): Promise<RunSummary> {
  const started = performance.now();
  const validator = o.validator ?? createNodeValidator({ onLoadError: () => undefined });
  const parse = validatorParse(validator);
  const todo = o.tasks.filter((t) => !o.store.done.has(t.key));
  const progress = new Progress(todo.length, o.source.name, process.stderr, o.progress ?? true);
  const signal = o.signal ?? new AbortController().signal;
  const judging: Promise<void>[] = [];
  // Bound the judge backlog so memory stays flat on big sets.
  const backlogMax = o.judge.concurrency * 4;

  for (const task of todo) {
    if (signal.aborted) break;
    let gen;
    try {
      gen = await o.source.complete(task, signal);
    } catch (e) {
      // A cancelled task is not a failed one: nothing is stored, so a resumed run does it again.
      if (signal.aborted) break;
      gen = { text: '', tokenProbs: null, ms: 0, error: (e as Error).message };
    }
    const g = gen;
    const job = (async () => {
      const syntax = await syntaxOf(validator, task, g.text);
      const semantic = await semanticOf(parse, task, g.text);
      const verdict = g.error
        ? { pass: false, reason: 'generation_error' as const, detail: g.error, ms: 0 }
        : await o.judge.judge(task, g.text);
      const rec: OutputRecord = {
        key: task.key,
        task_id: task.taskId,
        benchmark: task.benchmark,
        subset: task.subset,
        language: task.language,
        source: o.source.name,
        role: o.source.role,
        completion: g.text,
        ...(g.raw !== undefined && { raw_completion: g.raw }),
        ...(g.filters && { filters: g.filters }),
        token_probs: g.tokenProbs,
        ...(g.tokens && { tokens: g.tokens }),
        ...(g.finish && { finish: g.finish }),
        syntax,
        semantic,
        pass: verdict.pass,
        reason: verdict.reason,
        detail: verdict.detail,
        timings: { generate_ms: g.ms, syntax_ms: syntax.ms, judge_ms: verdict.ms },
      };
      o.store.append(rec);
      progress.tick(rec.pass);
    })();
    judging.push(job);
    job.finally(() => judging.splice(judging.indexOf(job), 1)).catch(() => undefined);
    while (judging.length >= backlogMax) await Promise.race(judging);
  }
  await Promise.all(judging);
  progress.finish();
  const records = o.tasks.map((t) => o.store.done.get(t.key)).filter((r): r is OutputRecord => Boolean(r));
  return { total: o.tasks.length, skipped: o.tasks.length - todo.length, records, seconds: (performance.now() - started) / 1000 };
}
