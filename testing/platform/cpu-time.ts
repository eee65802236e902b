// A speed claim in a unit test reads the test process's own CPU time, not the
// wall clock: other work on the machine (a busy laptop, a shared CI host)
// stretches the wall clock of the same work many times over, while the CPU
// time this process spends on it barely moves. (Vitest runs each test file
// in a worker process of its own, one file at a time, so the process's time
// is the test's.)

/** Runs `fn` and says how many milliseconds of CPU time the process spent meanwhile. */
export async function cpuTime<T>(fn: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const start = process.cpuUsage();
  const value = await fn();
  const used = process.cpuUsage(start);
  return { value, ms: (used.user + used.system) / 1000 };
}
