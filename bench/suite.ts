// What a bench suite is: its own module, so that the suites and the runner
// that lists them (./index) never import each other.
import type { BenchFlags } from './flags';

export interface BenchSuite {
  name: string;
  description: string;
  /** Runs the measurements, prints a human table, returns machine-readable results; its flags are in ./flags. */
  run(flags: BenchFlags): Promise<Record<string, unknown>>;
  /**
   * Whether this run replaces only the sections it returns (earlier runs keep
   * the rest), as a run limited by an `--<part>-only` flag does; absent: only then.
   */
  partial?(flags: BenchFlags): boolean;
}
