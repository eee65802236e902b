// The busy children of `npm run bench ui -- --busy=N` burn a core each while
// they run, and none outlives the run: stop() ends them, and a loop whose
// parent was killed outright ends by itself.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOOP, startBusy } from './busy';

/** User plus system CPU time of a process, in clock ticks (/proc/PID/stat fields 14 and 15). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Alive and not a zombie waiting to be reaped. */
function running(pid: number): boolean {
  if (!existsSync(`/proc/${pid}/stat`)) return false;
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0] !== 'Z';
}

async function until(test: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (test()) return true;
  return test();
}

describe('startBusy', () => {
  it('runs N children that use CPU until stopped, then none is left', async () => {
    const busy = startBusy(2);
    try {
      expect(busy.pids).toHaveLength(2);
      const before = busy.pids.map(cpuTicks);
      // A busy loop gains CPU time even on a loaded machine; an idle process gains none.
      expect(await until(() => busy.pids.every((p, i) => cpuTicks(p) > before[i]), 10_000)).toBe(true);
    } finally {
      await busy.stop();
    }
    for (const pid of busy.pids) expect(running(pid)).toBe(false);
  });

  it('zero children is no load and nothing to stop', async () => {
    const busy = startBusy(0);
    expect(busy.pids).toEqual([]);
    await busy.stop();
  });

  it('a loop whose parent is killed outright ends by itself', async () => {
    // A parent that starts the same loop and reports its id, then is killed with SIGKILL (no handler runs).
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `const c = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(LOOP)}, String(process.pid)], { stdio: 'ignore', detached: true }); console.log(c.pid); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const pid = await new Promise<number>((r) => parent.stdout!.once('data', (d: Buffer) => r(Number(String(d).trim()))));
    try {
      expect(running(pid)).toBe(true);
      parent.kill('SIGKILL');
      expect(await until(() => !running(pid), 20_000)).toBe(true);
    } finally {
      if (running(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
