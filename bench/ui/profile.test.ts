import { describe, expect, it } from 'vitest';
import { threadBusy } from './profile';

const meta = (pid: number, tid: number, name: string) => ({ name: 'thread_name', ph: 'M', ts: 0, pid, tid, args: { name } });
const task = (pid: number, tid: number, ts: number, dur: number, name = 'RunTask') => ({ name, ph: 'X', ts, dur, pid, tid });

describe('threadBusy', () => {
  it("counts each renderer thread's outermost events once, nested or overlapping, and leaves other processes out", () => {
    const trace = {
      traceEvents: [
        meta(1, 10, 'CrRendererMain'),
        meta(1, 11, 'DedicatedWorker thread'),
        meta(2, 20, 'CrBrowserMain'),
        // Main: 0-4 ms with a nested 1-2 ms event, then 3-6 ms overlapping: 6 ms busy.
        task(1, 10, 0, 4000),
        task(1, 10, 1000, 1000, 'FunctionCall'),
        task(1, 10, 3000, 3000),
        // The worker: 10 ms.
        task(1, 11, 0, 10_000),
        // Another process.
        task(2, 20, 0, 50_000),
      ],
    };
    expect(threadBusy(Buffer.from(JSON.stringify(trace)), 2)).toEqual([
      { thread: 'DedicatedWorker thread', busyMs: 5 },
      { thread: 'CrRendererMain (main)', busyMs: 3 },
    ]);
  });
});
