import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadBenchmarkFile } from '../data/load';
import type { Task } from '../data/types';
import { devSet, HAVE_BENCH, SKIP_REASON } from '../../testing/eval/bench-dir';
import { addTask, sumTask } from '../../testing/eval/tasks';
import { anyOutputMatches } from './compare';
import { judgeHumanEval } from './humaneval-judge';
import { Judge } from './judge';
import { compileCached } from './compile-cache';
import { javaClassName, RUNTIMES } from './languages';
import { PRIVATE_TMP_FILES, probeSandbox, runSandboxed, slotUid, type Limits } from './sandbox';
import { resolveToolchain } from './toolchain';
import { leftoverRunDirs, makeRunDir, removeRunDir } from './workdir';

const cacheDir = mkdtempSync(join(tmpdir(), 'eval-judge-cache-'));
const judge = new Judge({ cacheDir });

describe('output comparison as SAFIM executor does it', () => {
  it('strips lines, compares tokens, numbers within 1e-12, yes/no any case', () => {
    expect(anyOutputMatches(['1 2\n3'], '  1 2  \n3\n\n')).toBe(true);
    expect(anyOutputMatches(['1 2 3'], '1\n2\n3')).toBe(true); // token fallback
    expect(anyOutputMatches(['YES'], 'yes')).toBe(true);
    expect(anyOutputMatches(['True'], 'TRUE')).toBe(true);
    expect(anyOutputMatches(['Alice'], 'alice')).toBe(false); // only yes/no/true/false are caseless
    expect(anyOutputMatches(['0.5'], '0.500000000000')).toBe(true);
    expect(anyOutputMatches(['0.5'], '0.5001')).toBe(false);
    expect(anyOutputMatches(['1 2'], '1 2 3')).toBe(false);
    expect(anyOutputMatches(['no', '6'], '6')).toBe(true); // any expected output
  });

  it('names Java files after the public class', () => {
    expect(javaClassName('import x;\npublic final class Solver { }')).toBe('Solver');
    expect(javaClassName('class A {}\nclass B { public static void main(String[] a) {} }')).toBe('B');
  });
});

describe('the judge on constructed tasks: right middles pass, wrong ones fail for the right reason', () => {
  for (const lang of ['python', 'cpp', 'java'] as const) {
    it(`${lang}: passed, wrong_answer, compile_error, time_limit`, async () => {
      const t = sumTask(lang);
      const [right, wrong, broken, loop] = await Promise.all([
        judge.judge(t, t.middles.right),
        judge.judge(t, t.middles.wrong),
        judge.judge(t, t.middles.broken),
        judge.judge(t, t.middles.loop),
      ]);
      expect(right).toMatchObject({ pass: true, reason: 'passed', tests: { passed: 2, total: 2 } });
      expect(wrong).toMatchObject({ pass: false, reason: 'wrong_answer' });
      expect(wrong.detail).toMatch(/test 1: expected "5", got "-1"/);
      expect(broken).toMatchObject({ pass: false, reason: 'compile_error' });
      expect(loop).toMatchObject({ pass: false, reason: 'time_limit' });
    });
  }

  it('HumanEval: check(entry_point) passes, a failed assert is wrong_answer, a syntax error compile_error', async () => {
    const t = addTask();
    expect(await judge.judge(t, t.groundTruth)).toMatchObject({ pass: true, reason: 'passed' });
    expect(await judge.judge(t, '    return a - b\n')).toMatchObject({ pass: false, reason: 'wrong_answer' });
    expect(await judge.judge(t, '    return a +\n')).toMatchObject({ pass: false, reason: 'compile_error' });
    expect(await judge.judge(t, '    return a + undefined_name\n')).toMatchObject({ pass: false, reason: 'runtime_error' });
  });

  it('caches compiled programs by content: the second judgement compiles nothing', async () => {
    const t = sumTask('cpp');
    const unique = `${t.middles.right} /* ${Date.now()} */`;
    const own = mkdtempSync(join(tmpdir(), 'eval-judge-cache-'));
    const cached = new Judge({ cacheDir: own });
    const chain = await cached.toolchain();
    const step = RUNTIMES.cpp.compile!;
    // Asked the way the judge asks: the cache's own record says whether it compiled (the time a judgement took does
    // not: a busy machine blurs it).
    const lookup = (middle: string) => {
      const source = t.prefix + middle + t.suffix;
      return compileCached(step, chain, RUNTIMES.cpp.fileName(source), source, 0, own);
    };
    const first = await cached.judge(t, unique);
    expect(await lookup(unique)).toMatchObject({ ok: true, cached: true });
    const second = await cached.judge(t, unique);
    expect(first.pass && second.pass).toBe(true);
    expect(await lookup(`${unique} `)).toMatchObject({ ok: true, cached: false });
  });
});

(HAVE_BENCH ? describe : describe.skip)(`the judge on real development tasks${HAVE_BENCH ? '' : ` (${SKIP_REASON})`}`, () => {
  it('HumanEval: ground truth passes; wrong middles fail (wrong answer, compile error, time limit)', async () => {
    const [t] = await loadBenchmarkFile(devSet('humaneval-single'), { limit: 1 });
    expect(await judge.judge(t, t.groundTruth)).toMatchObject({ pass: true });
    expect(await judge.judge(t, '    for idx, elem in enumerate(numbers[:1]):\n')).toMatchObject({ pass: false, reason: 'wrong_answer' });
    expect(await judge.judge(t, '    for idx, elem in enumerate(numbers)\n')).toMatchObject({ pass: false, reason: 'compile_error' });
    expect(await judge.judge(t, '    for idx, elem in enumerate(numbers):\n        while True: pass\n')).toMatchObject({
      pass: false,
      reason: 'time_limit',
    });
  });

  it('SAFIM: ground truth passes in each language and subset; an empty middle fails', async () => {
    const picked: Task[] = [];
    for (const set of ['safim-block', 'safim-control', 'safim-api'] as const) {
      for (const lang of ['python', 'java', 'cpp']) picked.push(...(await loadBenchmarkFile(devSet(set), { languages: [lang], limit: 1 })));
    }
    const verdicts = await Promise.all(picked.map((t) => judge.judge(t, t.groundTruth)));
    verdicts.forEach((v, i) => expect(v, `${picked[i].key}: ${v.reason} ${v.detail}`).toMatchObject({ pass: true }));
    const empty = await Promise.all(picked.map((t) => judge.judge(t, '')));
    empty.forEach((v, i) => expect(v.pass, picked[i].key).toBe(false));
  });

  it('SAFIM api: whitespace does not matter; python calls compare their arguments', async () => {
    const tasks = await loadBenchmarkFile(devSet('safim-api'));
    const py = tasks.find((t) => t.language === 'python' && /\w\(.+\)$/.test(t.groundTruth.trim()))!;
    expect(await judge.judge(py, ` ${py.groundTruth.replace(/,/g, ' , ')} `)).toMatchObject({ pass: true, reason: 'exact_match' });
    expect(await judge.judge(py, 'something_else(1)')).toMatchObject({ pass: false, reason: 'no_match' });
    const cpp = tasks.find((t) => t.language === 'cpp')!;
    expect(await judge.judge(cpp, `${cpp.groundTruth}x`)).toMatchObject({ pass: false, reason: 'no_match' });
  });
});

describe('bad input is contained and reported per task', () => {
  const quick: Limits = {
    cpuSeconds: 2,
    wallMs: 4000,
    memoryBytes: 512 * 1024 ** 2,
    nproc: 32,
    fileBytes: 1024 ** 2,
    outputBytes: 256 * 1024,
  };
  // For the tests of another limit: a wall clock no busy machine reaches, so the limit under test is what ends the run.
  const roomy: Limits = { ...quick, wallMs: 60_000 };
  const withBody = (body: string) => ({ ...addTask(), prefix: `def add(a, b):\n${body}\n` });

  it('a fork bomb is stopped by the process limit and killed with its whole tree', async () => {
    const chain = await judge.toolchain();
    const t = withBody('    import os\n    while True:\n        try:\n            os.fork()\n        except OSError:\n            pass');
    const v = await judgeHumanEval(t, t.groundTruth, chain, 7, quick);
    expect(v.pass).toBe(false);
    expect(['time_limit', 'runtime_error']).toContain(v.reason);
    const uid = slotUid(probeSandbox(), 7);
    if (uid !== undefined) {
      // The kernel tears the pid namespace down asynchronously, later on a busy machine: a generous bound, since a
      // tree that was not killed never goes.
      let left = 'x';
      for (const until = Date.now() + 30_000; left && Date.now() < until;) {
        left = spawnSync('pgrep', ['-u', String(uid)])
          .stdout.toString()
          .trim();
        if (left) await new Promise((r) => setTimeout(r, 100));
      }
      expect(left).toBe('');
    }
  });

  it('gigabytes of output are cut at the cap', async () => {
    const chain = await judge.toolchain();
    const t = withBody("    import sys\n    while True:\n        sys.stdout.write('x' * 65536)");
    const v = await judgeHumanEval(t, t.groundTruth, chain, 6, roomy);
    expect(v).toMatchObject({ pass: false, reason: 'output_limit' });
  });

  it('a sleeping program is stopped by the wall clock', async () => {
    const chain = await judge.toolchain();
    const t = withBody('    import time\n    time.sleep(3600)');
    const v = await judgeHumanEval(t, t.groundTruth, chain, 5, quick);
    // A sleeper uses no CPU time: the harness's timeout is what ended it, long before the sleep would have.
    expect(v).toMatchObject({ pass: false, reason: 'time_limit' });
    expect(v.ms).toBeLessThan(60_000);
  });

  it('a program cannot delete files outside its temp dir, and has no network', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'eval-sentinel-'));
    const sentinel = join(outside, 'keep.txt');
    writeFileSync(sentinel, 'still here');
    const chain = await judge.toolchain();
    const mode = probeSandbox().mode;
    // Only where programs run as their own uid: elsewhere they *are* you, and this would delete your files.
    // It aims at a folder this test made, not at `..`: walking the shared temp folder is slow and outruns the time limit.
    const t = withBody(
      mode === 'drop-uid'
        ? `    import os, shutil\n    shutil.rmtree(${JSON.stringify(outside)}, ignore_errors=True)\n    os.remove(${JSON.stringify(sentinel)})`
        : '    raise PermissionError("not attempted outside drop-uid mode")',
    );
    const v = await judgeHumanEval(t, t.groundTruth, chain, 4, roomy);
    expect(v.pass).toBe(false);
    if (mode === 'drop-uid') {
      expect(v.reason).toBe('runtime_error');
      expect(v.detail).toMatch(/PermissionError/);
      expect(readFileSync(sentinel, 'utf8')).toBe('still here');
    }
    const net = withBody("    import socket\n    socket.create_connection(('1.1.1.1', 53), timeout=2)");
    const nv = await judgeHumanEval(net, net.groundTruth, chain, 4, roomy);
    if (mode !== 'none') expect(nv).toMatchObject({ pass: false, reason: 'runtime_error' });
  });

  it('a missing compiler fails its tasks with no_runtime; other languages still run', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'eval-path-'));
    mkdirSync(join(bin, 'only'));
    chmodSync(bin, 0o755); // the sandbox user must reach the interpreter
    const chain = await judge.toolchain();
    symlinkSync(chain.tools.python3!.path, join(bin, 'only', 'python3'));
    const limited = new Judge({ toolchainPath: join(bin, 'only'), cacheDir });
    const lchain = await resolveToolchain(join(bin, 'only'));
    expect(lchain.missing.javac).toMatch(/javac not found on PATH/);
    const java = sumTask('java');
    expect(await limited.judge(java, java.middles.right)).toMatchObject({ pass: false, reason: 'no_runtime' });
    const py = sumTask('python');
    expect(await limited.judge(py, py.middles.right)).toMatchObject({ pass: true });
  });

  describe('nothing writable outside the run dir survives the run', () => {
    const info = probeSandbox();
    const tag = `router-ide-escape-${process.pid}-${Date.now()}`;
    const places = ['/tmp', '/var/tmp', '/dev/shm'];
    const sh = async (script: string, slot: number) => {
      const dir = makeRunDir(slotUid(info, slot));
      try {
        const r = await runSandboxed(
          {
            argv: ['/bin/sh', '-c', script],
            cwd: dir,
            env: { PATH: '/usr/bin:/bin', HOME: dir },
            limits: { ...roomy, cpuSeconds: 10 },
            slot,
          },
          info,
        );
        // The harness's record first: the run ended by itself, not cut by a limit, so its output is whole.
        expect({ status: r.status, signal: r.signal }).toEqual({ status: 'exited', signal: null });
        return { r, left: readdirSync(dir) };
      } finally {
        removeRunDir(dir);
      }
    };
    it.skipIf(!info.privateTmp)(
      `a file written to ${places.join(', ')} is gone after the run; one in the run dir reaches the harness`,
      async () => {
        const { r, left } = await sh(
          `for d in ${places.join(' ')}; do echo leak > $d/${tag} && echo "wrote $d"; done; echo kept > result.txt`,
          3,
        );
        expect(r.stdout).toContain('wrote /tmp'); // it could write there: the view is private, not missing
        for (const d of places) expect(existsSync(join(d, tag)), `${d}/${tag}`).toBe(false);
        expect(left).toEqual(['result.txt']);
      },
    );
    it.skipIf(!info.privateTmp)('filling /tmp with many small files stops at the cap and leaves none of them', async () => {
      const before = readdirSync('/tmp').length;
      // One shell process creates them all (a builtin's redirection, no process per file), and one it cannot create
      // ends the loop with status 3.
      const { r } = await sh(
        `exec 2>/dev/null; i=0; while [ $i -lt 100000 ]; do true > /tmp/${tag}-$i || { echo "made $i"; exit 3; }; i=$((i+1)); done; echo "made $i"`,
        2,
      );
      // The harness's record: the run exited by itself (sh checks that no limit cut it), at a file it could not create.
      expect(r.code).toBe(3);
      const made = Number(/made (\d+)/.exec(r.stdout)?.[1]);
      expect(made).toBeGreaterThan(100);
      expect(made).toBeLessThanOrEqual(PRIVATE_TMP_FILES);
      expect(readdirSync('/tmp').filter((f) => f.startsWith(tag))).toEqual([]);
      expect(readdirSync('/tmp').length).toBeLessThanOrEqual(before + 2); // other suites may add their own
    });
    it.skipIf(!info.privateTmp || info.mode !== 'drop-uid')('the rest of the file system is read-only', async () => {
      const { r } = await sh('touch /etc/router-ide-probe 2>&1; touch /usr/router-ide-probe 2>&1; true', 1);
      expect(r.stdout).toMatch(/Read-only file system|Permission denied/);
      expect(existsSync('/etc/router-ide-probe')).toBe(false);
    });
    it.skipIf(info.privateTmp)('where mounts are not allowed, the probe says what is missing', () => {
      expect(info.note).toMatch(/\/tmp/);
    });
  });

  it('leaves no temp dirs behind', () => {
    expect(leftoverRunDirs()).toBe(0);
    expect(existsSync(cacheDir)).toBe(true);
  });
});
