// SAFIM's rule for api tasks (evaluate.py `syntax_match`): delete all
// whitespace from both middles; for Python, when both then parse as a call
// expression, compare the calls' arguments (positional and keyword, by
// ast.dump; the callee's name is not compared); otherwise the stripped
// strings must be equal. The call comparison is the language runtime's
// (languages.ts, `callsMatch`: python3's own `ast`), run in the sandbox;
// without its tool it falls back to string equality and says so.
import type { Task } from '../data/types';
import { RUNTIMES, type LanguageRuntime } from './languages';
import { probeSandbox, runSandboxed, slotUid, type Limits } from './sandbox';
import type { Toolchain } from './toolchain';
import type { Verdict } from './verdict';
import { makeRunDir, removeRunDir } from './workdir';

const stripWs = (s: string) => s.replace(/\s+/g, '');

const LIMITS: Limits = { cpuSeconds: 5, wallMs: 15_000, memoryBytes: 1024 ** 3, nproc: 16, fileBytes: 1 << 20, outputBytes: 1 << 16 };

type CallsMatch = NonNullable<LanguageRuntime['callsMatch']>;

async function callsMatch(a: string, b: string, how: CallsMatch, chain: Toolchain, slot: number): Promise<boolean | 'string' | 'no-tool'> {
  const tool = chain.tools[how.tool];
  if (!tool) return 'no-tool';
  const info = probeSandbox();
  const dir = makeRunDir(slotUid(info, slot));
  try {
    const r = await runSandboxed(
      {
        argv: [tool.path, ...how.args],
        cwd: dir,
        slot,
        limits: LIMITS,
        stdin: JSON.stringify([a, b]),
        env: { PATH: chain.path, HOME: dir, LANG: 'C.UTF-8' },
      },
      info,
    );
    const out = r.stdout.trim();
    if (out.startsWith('CALL')) return out === 'CALL True';
    return 'string';
  } finally {
    removeRunDir(dir);
  }
}

export async function judgeApiMatch(task: Task, completion: string, chain: Toolchain, slot: number): Promise<Verdict> {
  const t0 = performance.now();
  const a = stripWs(completion);
  const b = stripWs(task.groundTruth);
  let note = '';
  const how = RUNTIMES[task.language]?.callsMatch;
  if (how) {
    const calls = await callsMatch(a, b, how, chain, slot);
    if (typeof calls === 'boolean') {
      return calls
        ? { pass: true, reason: 'exact_match', detail: 'call arguments match', ms: performance.now() - t0 }
        : {
            pass: false,
            reason: 'no_match',
            detail: `call arguments differ from ${JSON.stringify(task.groundTruth.slice(0, 80))}`,
            ms: performance.now() - t0,
          };
    }
    if (calls === 'no-tool') note = ` (${how.tool} missing: compared as strings)`;
  }
  return a === b
    ? { pass: true, reason: 'exact_match', detail: `matches after whitespace removal${note}`, ms: performance.now() - t0 }
    : {
        pass: false,
        reason: 'no_match',
        detail: `expected ${JSON.stringify(task.groundTruth.slice(0, 80))}${note}`,
        ms: performance.now() - t0,
      };
}
