import { existsSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BENCH_DIR } from '../../eval/data/load';
import { BENCH_DIR, benchPresent } from '../../testing/syntax/bench-tasks';
import { BENCH_DIR as SHARED, benchDirFrom, DEFAULT_BENCH_DIR as PLATFORM_DEFAULT } from './bench-dir';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('the shared benchmark folder', () => {
  it('is shared/bench beside the repository unless BENCH_DIR says otherwise, one path for the syntax tests and the evaluation harness', () => {
    expect(existsSync(resolve(REPO, 'package.json'))).toBe(true);
    expect(PLATFORM_DEFAULT).toBe(resolve(REPO, '..', 'shared', 'bench'));
    expect(benchDirFrom({})).toBe(PLATFORM_DEFAULT);
    expect(benchDirFrom({ BENCH_DIR: '/data/fim' })).toBe('/data/fim');
    expect(benchDirFrom({ BENCH_DIR: 'data/fim' })).toBe(resolve(process.cwd(), 'data/fim'));
    expect(SHARED).toBe(benchDirFrom(process.env));
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
