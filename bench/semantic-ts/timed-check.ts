// One check, timed: the wall time includes waiting for a core on a shared
// machine, this process's CPU time is the check's own cost.
import type { SemanticFinding, SemanticInput } from '../../src/semantic';

/** A check's findings with its wall time and this process's CPU time, in milliseconds. */
export async function timedCheck(check: (i: SemanticInput) => SemanticFinding[] | Promise<SemanticFinding[]>, input: SemanticInput) {
  const c = process.cpuUsage();
  const t = performance.now();
  const findings = await check(input);
  const d = process.cpuUsage(c);
  return { ms: performance.now() - t, cpu: (d.user + d.system) / 1000, findings };
}
