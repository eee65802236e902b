// SAFIM's judgement for block and control tasks: the middle goes into
// `eval_prompt` at {{completion}}; the program is compiled (cached) and run
// on each stdin/stdout case in one temp dir, stopping at the first failure as
// ExecEval does; the output must match one of the expected outputs
// (compare.ts).
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Task } from '../data/types';
import { runFailure } from './classify';
import { anyOutputMatches } from './compare';
import { compileCached, DEFAULT_CACHE_DIR } from './compile-cache';
import { crlfToLf, RUNTIMES } from './languages';
import { probeSandbox, runSandboxed, slotUid } from './sandbox';
import type { Toolchain } from './toolchain';
import { tail, type Verdict } from './verdict';
import { chownTree, makeRunDir, removeRunDir } from './workdir';

function safimProgram(task: Task, completion: string): string {
  return crlfToLf(task.prefix + completion + task.suffix);
}

export async function judgeStdio(
  task: Task,
  completion: string,
  chain: Toolchain,
  slot: number,
  cacheDir = DEFAULT_CACHE_DIR,
): Promise<Verdict> {
  const t0 = performance.now();
  if (task.judge.kind !== 'stdio') throw new Error(`${task.key} has no stdin/stdout tests`);
  const tests = task.judge.tests;
  const rt = RUNTIMES[task.language];
  const elapsed = () => performance.now() - t0;
  if (!rt) return { pass: false, reason: 'no_runtime', detail: `no runtime for language "${task.language}"`, ms: 0 };
  for (const tool of [rt.compile?.tool, rt.run.tool]) {
    if (tool && !chain.tools[tool]) return { pass: false, reason: 'no_runtime', detail: chain.missing[tool] ?? `${tool} missing`, ms: 0 };
  }
  const source = safimProgram(task, completion);
  const file = rt.fileName(source);
  const compiled = rt.compile ? await compileCached(rt.compile, chain, file, source, slot, cacheDir) : undefined;
  if (compiled && !compiled.ok) return { pass: false, reason: compiled.reason, detail: compiled.detail, ms: elapsed() };

  const info = probeSandbox();
  const uid = slotUid(info, slot);
  const dir = makeRunDir(uid);
  try {
    if (compiled?.ok) for (const f of compiled.files) copyFileSync(join(compiled.entry, f), join(dir, f));
    else writeFileSync(join(dir, file), source);
    if (uid !== undefined) chownTree(dir, uid);
    const argv = rt.run.tool ? [chain.tools[rt.run.tool]!.path, ...rt.run.args(file)] : rt.run.args(file);
    let passed = 0;
    for (const [k, tc] of tests.entries()) {
      const r = await runSandboxed(
        {
          argv,
          cwd: dir,
          slot,
          limits: rt.limits,
          stdin: tc.input,
          env: { PATH: chain.path, HOME: dir, LANG: 'C.UTF-8', PYTHONDONTWRITEBYTECODE: '1', TMPDIR: dir },
        },
        info,
      );
      const failure = runFailure(r, rt.limits.cpuSeconds);
      const counts = { passed, run: k + 1, total: tests.length };
      if (failure)
        return {
          pass: false,
          reason: failure,
          detail: `test ${k + 1}: ${tail(r.stderr || r.stdout || `${r.status} ${r.signal ?? r.code}`)}`,
          ms: elapsed(),
          tests: counts,
        };
      if (!anyOutputMatches(tc.outputs, r.stdout)) {
        return {
          pass: false,
          reason: 'wrong_answer',
          detail: `test ${k + 1}: expected ${JSON.stringify(tc.outputs[0].slice(0, 80))}, got ${JSON.stringify(r.stdout.trim().slice(0, 80))}`,
          ms: elapsed(),
          tests: counts,
        };
      }
      passed++;
    }
    return { pass: true, reason: 'passed', detail: '', ms: elapsed(), tests: { passed, run: tests.length, total: tests.length } };
  } finally {
    removeRunDir(dir);
  }
}
