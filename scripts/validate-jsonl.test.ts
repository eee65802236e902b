// `npm run validate`, spawned as a process the way a user runs it: JSON
// Lines on standard input or from a file, one JSON line out per input line,
// malformed lines reported and skipped over.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./validate-jsonl.ts', import.meta.url));
const run = (args: string[], input?: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { input, encoding: 'utf8', timeout: 60_000 });

const prefix = 'def add(a, b):\n    return ';
const suffix = '\n\nprint(add(1, 2))\n';
const line = (o: unknown) => JSON.stringify(o);
const INPUT = [
  line({ language: 'python', prefix, completion: 'a + b', suffix }),
  line({ language: 'python', prefix, completion: 'a + (b', suffix }),
  '{"language": "python", "prefix": ',
  '',
  line({ language: 'java', prefix: 'class A { int f() { return ', completion: '1', suffix: '; } }\n' }),
  line({ language: 'cobol', prefix: 'MOVE ', completion: 'A TO B', suffix: '.\n' }),
  line({ language: 'python', prefix, completion: 7, suffix }),
  line([1, 2]),
].join('\n');

const dir = mkdtempSync(join(tmpdir(), 'validate-jsonl-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function expectOutput(stdout: string): void {
  const out = stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(out).toHaveLength(7); // the blank line is not an input
  expect(out[0]).toMatchObject({ valid: true, checked: true, errors: [], language: 'python' });
  expect(out[0].ms).toEqual(expect.any(Number));
  expect(out[1]).toMatchObject({
    valid: false,
    checked: true,
    errors: [{ kind: 'error', row: 1, column: 4, detail: 'ERROR' }, expect.anything()],
  });
  expect(out[2]).toEqual({ line: 3, error: expect.stringMatching(/^line 3: not JSON/) });
  expect(out[3]).toMatchObject({ valid: true, checked: true, language: 'java' });
  expect(out[4]).toMatchObject({ valid: false, checked: false, uncheckedReason: 'no grammar for cobol' });
  expect(out[5]).toEqual({ line: 7, error: 'line 7: "completion" is missing or not a string' });
  expect(out[6]).toEqual({ line: 8, error: expect.stringMatching(/expected a JSON object/) });
}

describe('validate-jsonl', () => {
  it('reads standard input, keeps going past malformed lines, exits 1 because of them', () => {
    const r = run([], INPUT);
    expectOutput(r.stdout);
    expect(r.stderr).toMatch(/7 lines: 2 valid, 1 invalid, 1 not checked, 3 malformed/);
    expect(r.status).toBe(1);
  });

  it('reads a file (and `-` means standard input)', () => {
    const file = join(dir, 'in.jsonl');
    writeFileSync(file, INPUT);
    expectOutput(run([file]).stdout);
    expectOutput(run(['-'], INPUT).stdout);
  });

  it('exits 0 when every line was checked, 2 on a usage error', () => {
    const r = run(
      [],
      `${line({ language: 'go', prefix: 'package main\n\nfunc f() int {\n\treturn ', completion: '1', suffix: '\n}\n' })}\r\n`,
    );
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ valid: true, checked: true });
    const missing = run([join(dir, 'nope.jsonl')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/no such file/);
    expect(run(['a', 'b']).status).toBe(2);
    expect(run(['--help']).stdout).toMatch(/usage: npm run validate/);
  });
});
