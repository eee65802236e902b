// SAFIM's C# tasks, judged with Debian's Mono (mcs + mono) inside the harness
// sandbox. Skipped, with the reason, where either tool is missing or cannot
// run in the sandbox (`.ci/run` installs them).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sumTask } from '../../testing/eval/tasks';
import { Judge } from './judge';
import { RUNTIMES } from './languages';
import { resolveToolchain } from './toolchain';

const chain = await resolveToolchain();
const MISSING = [chain.missing.mcs, chain.missing.mono].filter(Boolean).join('; ');
const judge = new Judge({ cacheDir: mkdtempSync(join(tmpdir(), 'eval-csharp-cache-')) });

describe('the C# runtime follows ExecEval', () => {
  it('compiles test.cs with mcs to test.exe and runs it with mono under 2 s x 3 CPU and 2 GB', () => {
    const cs = RUNTIMES.csharp;
    expect(cs.fileName('class A {}')).toBe('test.cs');
    expect(cs.compile?.tool).toBe('mcs');
    expect(cs.compile?.args('test.cs')).toContain('-out:test.exe');
    expect(cs.compile?.isArtifact('test.exe')).toBe(true);
    expect(cs.compile?.isArtifact('test.cs')).toBe(false);
    expect(cs.run.tool).toBe('mono');
    expect(cs.limits).toMatchObject({ cpuSeconds: 6, memoryBytes: 2 * 1024 ** 3 });
  });
});

(MISSING ? describe.skip : describe)(`C# judged by real mcs and mono in the sandbox${MISSING ? ` (skipped: ${MISSING})` : ''}`, () => {
  it('passed, wrong_answer, compile_error, time_limit, runtime_error, memory_limit', async () => {
    const t = sumTask('csharp');
    const [right, wrong, broken, loop, thrown, hungry] = await Promise.all([
      judge.judge(t, t.middles.right),
      judge.judge(t, t.middles.wrong),
      judge.judge(t, t.middles.broken),
      judge.judge(t, t.middles.loop),
      judge.judge(t, 'throw new InvalidOperationException("boom");'),
      judge.judge(
        t,
        'var keep = new System.Collections.Generic.List<long[]>(); for (int i = 0; i < 40 * a; i++) keep.Add(new long[10_000_000]); Console.WriteLine(keep.Count);',
      ),
    ]);
    expect(right).toMatchObject({ pass: true, reason: 'passed', tests: { passed: 2, total: 2 } });
    expect(wrong).toMatchObject({ pass: false, reason: 'wrong_answer' });
    expect(wrong.detail).toMatch(/test 1: expected "5", got "-1"/);
    expect(broken).toMatchObject({ pass: false, reason: 'compile_error' });
    expect(broken.detail).toMatch(/error CS\d+/);
    expect(loop).toMatchObject({ pass: false, reason: 'time_limit' });
    expect(thrown).toMatchObject({ pass: false, reason: 'runtime_error' });
    expect(thrown.detail).toMatch(/InvalidOperationException: boom/);
    // 80 arrays of 80 MB: 6.4 GB, past the 2 GB address space.
    expect(hungry).toMatchObject({ pass: false, reason: 'memory_limit' });
  });

  it('C# 7.2 `in` parameters compile (mcs -langversion:experimental); C# 8 ranges do not', async () => {
    const t = sumTask('csharp');
    const withIn = {
      ...t,
      prefix: t.prefix.replace('class Program {', 'class Program {\n  static int Add(in int x, in int y) { return x + y; }'),
    };
    expect(await judge.judge(withIn, 'Console.WriteLine(Add(in a, in b));')).toMatchObject({ pass: true });
    expect(await judge.judge(t, 'Console.WriteLine(p[0..1].Length + a + b - 1);')).toMatchObject({ pass: false, reason: 'compile_error' });
  });
});
