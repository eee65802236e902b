// Where the benchmark development sets (SAFIM, HumanEval-infilling) live: a
// folder beside the repository rather than in it, so every checkout reads
// one copy and the data never lands in git. Node only: the syntax tests,
// `npm run bench`, the evaluation harness and its tests all start here.
import { fileURLToPath } from 'node:url';

/** `../shared/bench` from the repository root (this file is src/platform/bench-dir.ts). */
export const BENCH_DIR = fileURLToPath(new URL('../../../shared/bench', import.meta.url));
