import { existsSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BENCH_DIR } from '../../eval/data/load';
import { BENCH_DIR, benchPresent } from '../../testing/syntax/bench-tasks';
import { BENCH_DIR as SHARED } from './bench-dir';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** BENCH_DIR as the module reads it at import, with the BENCH_DIR environment variable set to `value` (undefined: unset). */
async function benchDirWith(value: string | undefined): Promise<string> {
  vi.stubEnv('BENCH_DIR', value);
  vi.resetModules();
  return (await import('./bench-dir')).BENCH_DIR;
}
afterEach(() => vi.unstubAllEnvs());

describe('the shared benchmark folder', () => {
  it('is shared/bench beside the repository unless BENCH_DIR says otherwise, one path for the syntax tests and the evaluation harness', async () => {
    expect(existsSync(resolve(REPO, 'package.json'))).toBe(true);
    expect(SHARED).toBe(await benchDirWith(process.env.BENCH_DIR));
    expect(await benchDirWith(undefined)).toBe(resolve(REPO, '..', 'shared', 'bench'));
    expect(await benchDirWith('/data/fim')).toBe('/data/fim');
    expect(await benchDirWith('data/fim')).toBe(resolve(process.cwd(), 'data/fim'));
    expect(basename(SHARED)).toBe('bench');
    expect(BENCH_DIR).toBe(SHARED);
    expect(DEFAULT_BENCH_DIR).toBe(SHARED);
  });

  it('is found by the syntax tests exactly when its files are there', () => {
    expect(benchPresent(SHARED)).toBe(
      existsSync(resolve(SHARED, 'safim', 'block_completion.dev.jsonl.gz')) &&
        existsSync(resolve(SHARED, 'human-eval-infilling', 'HumanEval-SingleLineInfilling.jsonl.gz')),
    );
    expect(benchPresent(resolve(REPO, 'no-such-folder'))).toBe(false);
  });
});
