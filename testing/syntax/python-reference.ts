// CPython's own front end as the reference for "is this Python valid": one
// long-lived python3 process fed JSON lines, so each check costs a compile,
// not an interpreter start. Used by the detection test and the bench.
//
// compile(), not ast.parse() alone: ast.parse accepts `return` outside a
// function and `break` outside a loop, which CPython rejects when it
// compiles (and so does our validator, see python-checks.ts). compile()
// runs ast.parse first, so every ast.parse error is still caught.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

const SCRIPT = `
import sys, json, warnings
warnings.simplefilter('ignore')
for line in sys.stdin:
    req = json.loads(line)
    try:
        compile(req['src'], '<doc>', 'exec', dont_inherit=True)
        out = {'id': req['id'], 'ok': True}
    except (SyntaxError, ValueError) as e:
        out = {'id': req['id'], 'ok': False, 'error': type(e).__name__ + ': ' + str(e)}
    sys.stdout.write(json.dumps(out) + '\\n')
    sys.stdout.flush()
`;

export interface PythonVerdict {
  ok: boolean;
  error?: string;
}

export function python3Available(): boolean {
  try {
    return spawnSync('python3', ['--version'], { stdio: 'ignore' }).status === 0;
  } catch {
    return false;
  }
}

export class PythonReference {
  private readonly proc: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<number, (v: PythonVerdict) => void>();
  private nextId = 1;
  private failed: Error | undefined;

  constructor() {
    this.proc = spawn('python3', ['-c', SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
    const fail = (e: Error) => {
      this.failed = e;
      for (const [, resolve] of this.pending) resolve({ ok: false, error: `python3 failed: ${e.message}` });
      this.pending.clear();
    };
    this.proc.on('error', fail);
    this.proc.on('exit', (code) => {
      if (this.pending.size) fail(new Error(`python3 exited with ${code}`));
    });
    let stderr = '';
    this.proc.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    this.proc.stdin.on('error', (e) => fail(new Error(`${e.message} ${stderr}`)));
    createInterface({ input: this.proc.stdout }).on('line', (line) => {
      const msg = JSON.parse(line) as { id: number } & PythonVerdict;
      const resolve = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      resolve?.({ ok: msg.ok, error: msg.error });
    });
  }

  /** Queue one document; many may be in flight (the pipe keeps them in order). */
  check(src: string): Promise<PythonVerdict> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.proc.stdin.write(`${JSON.stringify({ id, src })}\n`);
    });
  }

  close(): void {
    this.proc.stdin.end();
    this.proc.kill();
  }
}
