// Other work on the machine while the typing benchmark runs (`--busy=N`): N
// child processes, each a plain busy loop on one core, for the whole run. They
// are stopped at the end of the run, on an error, on Ctrl+C or SIGTERM, and
// when the process that started them exits; a loop also ends by itself once
// its parent is gone (killed with SIGKILL, which no handler sees), so a run
// never leaves a core spinning.
import { spawn, type ChildProcess } from 'node:child_process';

/**
 * The child's program: a busy loop that every few million turns checks that
 * the process that started it (its first argument: read at the child's start,
 * its parent could already be gone) is still its parent (an orphan is
 * adopted by another process, so its parent id changes).
 */
export const LOOP = `const parent = Number(process.argv[1]); for (let i = 1; ; i++) if ((i & 0xffffff) === 0 && process.ppid !== parent) process.exit(0);`;

export interface BusyLoad {
  /** The children's process ids. */
  readonly pids: readonly number[];
  /** Kills every child and waits until each has exited. */
  stop(): Promise<void>;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Starts `n` busy children (none for 0); `stop()` ends them, and so does this process's exit or a signal. */
export function startBusy(n: number): BusyLoad {
  const children: ChildProcess[] = [];
  for (let i = 0; i < n; i++) children.push(spawn(process.execPath, ['-e', LOOP, String(process.pid)], { stdio: 'ignore' }));
  const exited = children.map(
    (c) => new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r()))),
  );
  const killAll = () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  };
  // A signal ends the run: the children first, then the exit the signal would have caused.
  const onSignal = (sig: NodeJS.Signals) => {
    killAll();
    process.exit(128 + (sig === 'SIGINT' ? 2 : sig === 'SIGTERM' ? 15 : 1));
  };
  if (n > 0) {
    process.on('exit', killAll);
    for (const s of SIGNALS) process.on(s, onSignal);
  }
  return {
    pids: children.map((c) => c.pid!),
    async stop() {
      killAll();
      await Promise.all(exited);
      process.off('exit', killAll);
      for (const s of SIGNALS) process.off(s, onSignal);
    },
  };
}
