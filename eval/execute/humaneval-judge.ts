// HumanEval's judgement: the completed function plus the task's `test`, then
// `check(<entry_point>)`, under python3; it passes when that exits cleanly.
// human-eval's own harness runs this in-process with a 3 s timeout; here it
// is its own process in the sandbox (3 s of CPU; the wall limit is looser
// because parallel runs share the cores).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Task } from '../data/types';
import { runFailure } from './classify';
import { probeSandbox, runSandboxed, slotUid, type Limits } from './sandbox';
import type { Toolchain } from './toolchain';
import { tail, type Verdict } from './verdict';
import { makeRunDir, removeRunDir } from './workdir';

const HUMANEVAL_LIMITS: Limits = {
  cpuSeconds: 3,
  wallMs: 15_000,
  memoryBytes: 2 * 1024 ** 3,
  nproc: 64,
  fileBytes: 64 * 1024 ** 2,
  outputBytes: 1024 ** 2,
};

function humanEvalProgram(task: Task, completion: string): string {
  if (task.judge.kind !== 'humaneval') throw new Error(`${task.key} is not a HumanEval task`);
  return `${task.prefix}${completion}${task.suffix}\n\n${task.judge.test}\n\ncheck(${task.judge.entryPoint})\n`;
}

export async function judgeHumanEval(
  task: Task,
  completion: string,
  chain: Toolchain,
  slot: number,
  limits = HUMANEVAL_LIMITS,
): Promise<Verdict> {
  const t0 = performance.now();
  const py = chain.tools.python3;
  if (!py) return { pass: false, reason: 'no_runtime', detail: chain.missing.python3 ?? 'python3 missing', ms: 0 };
  const info = probeSandbox();
  const dir = makeRunDir(slotUid(info, slot));
  try {
    writeFileSync(join(dir, 'program.py'), humanEvalProgram(task, completion));
    const r = await runSandboxed(
      {
        argv: [py.path, '-s', 'program.py'],
        cwd: dir,
        slot,
        limits,
        env: { PATH: chain.path, HOME: dir, LANG: 'C.UTF-8', PYTHONDONTWRITEBYTECODE: '1', PYTHONHASHSEED: '0', TMPDIR: dir },
      },
      info,
    );
    const failure = runFailure(r, limits.cpuSeconds);
    const ms = performance.now() - t0;
    if (!failure) return { pass: true, reason: 'passed', detail: '', ms };
    // A failed assert in check() is the tests' way of saying "wrong answer".
    const reason = failure === 'runtime_error' && /^AssertionError\b/m.test(r.stderr) ? 'wrong_answer' : failure;
    return { pass: false, reason, detail: tail(r.stderr || r.stdout || `${r.status} ${r.signal ?? r.code}`), ms };
  } finally {
    removeRunDir(dir);
  }
}
