// Where the tests find the development sets: ../shared/bench from the repo root.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_BENCH_DIR, DEV_SETS } from '../../eval/data/load';

const BENCH_DIR = DEFAULT_BENCH_DIR;
export const HAVE_BENCH = Object.values(DEV_SETS).every((rel) => existsSync(join(BENCH_DIR, rel)));
export const SKIP_REASON = `benchmark development sets not found in ${BENCH_DIR} (expected ${Object.values(DEV_SETS).join(', ')}): skipped`;
export const devSet = (name: keyof typeof DEV_SETS | string) => join(BENCH_DIR, DEV_SETS[name]);

if (!HAVE_BENCH) console.warn(SKIP_REASON);
