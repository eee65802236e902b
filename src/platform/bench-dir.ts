// Where the benchmark development sets (SAFIM, HumanEval-infilling) live: a
// folder beside the repository rather than in it, so every checkout reads
// one copy and the data never lands in git; the BENCH_DIR environment
// variable points elsewhere. Node only: the syntax tests, `npm run bench`,
// the evaluation harness and its tests all start here.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `../shared/bench` from the repository root (this file is src/platform/bench-dir.ts). */
const DEFAULT_BENCH_DIR = fileURLToPath(new URL('../../../shared/bench', import.meta.url));

/** The folder `env` names in BENCH_DIR (relative to the working directory), else the default. */
function benchDirFrom(env: Record<string, string | undefined>): string {
  return env.BENCH_DIR ? resolve(env.BENCH_DIR) : DEFAULT_BENCH_DIR;
}

export const BENCH_DIR = benchDirFrom(process.env);
