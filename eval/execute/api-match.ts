// SAFIM's rule for api tasks (evaluate.py `syntax_match`): delete all
// whitespace from both middles; for Python, when both then parse as a call
// expression, compare the calls' arguments (positional and keyword, by
// ast.dump; the callee's name is not compared); otherwise the stripped
// strings must be equal. The Python AST comparison runs python3's own `ast`
// in the sandbox; without python3 it falls back to string equality and says so.
import type { Task } from '../data/types';
import { probeSandbox, runSandboxed, slotUid, type Limits } from './sandbox';
import type { Toolchain } from './toolchain';
import type { Verdict } from './verdict';
import { makeRunDir, removeRunDir } from './workdir';

const stripWs = (s: string) => s.replace(/\s+/g, '');

const AST_SCRIPT = `
import ast, json, sys
a, b = json.load(sys.stdin)
def params(c):
    return ([ast.dump(x) for x in c.args], {k.arg: ast.dump(k.value) for k in c.keywords})
try:
    t1 = ast.parse(a, mode="eval"); t2 = ast.parse(b, mode="eval")
    if isinstance(t1.body, ast.Call) and isinstance(t2.body, ast.Call):
        print("CALL", params(t1.body) == params(t2.body)); sys.exit(0)
except Exception:
    pass
print("STR")
`;

const LIMITS: Limits = { cpuSeconds: 5, wallMs: 15_000, memoryBytes: 1024 ** 3, nproc: 16, fileBytes: 1 << 20, outputBytes: 1 << 16 };

async function pythonCallsMatch(a: string, b: string, chain: Toolchain, slot: number): Promise<boolean | 'string' | 'no-python'> {
  const py = chain.tools.python3;
  if (!py) return 'no-python';
  const info = probeSandbox();
  const dir = makeRunDir(slotUid(info, slot));
  try {
    const r = await runSandboxed(
      {
        argv: [py.path, '-S', '-c', AST_SCRIPT],
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
  if (task.language === 'python') {
    const calls = await pythonCallsMatch(a, b, chain, slot);
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
    if (calls === 'no-python') note = ' (python3 missing: compared as strings)';
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
