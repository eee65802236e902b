import { describe, expect, it } from 'vitest';
import { parseTrace, threadBusy, workerFunctions } from './profile';

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
    expect(threadBusy(parseTrace(Buffer.from(JSON.stringify(trace))), 2)).toEqual([
      { thread: 'DedicatedWorker thread', busyMs: 5 },
      { thread: 'CrRendererMain (main)', busyMs: 3 },
    ]);
  });
});

describe('workerFunctions', () => {
  it("charges each worker's samples to the function on top, over its chunks, leaving idle, the main thread and other processes out", () => {
    const profile = (pid: number, tid: number, id: string) => ({
      name: 'Profile',
      ph: 'P',
      ts: 0,
      pid,
      tid,
      id,
      args: { data: { startTime: 0 } },
    });
    // Most samples fall in the grammar's wasm; the thread is still named by the script its calls run.
    const url = 'http://127.0.0.1/assets/tree-sitter-abc.wasm';
    const chunk = (pid: number, id: string, nodes: object[], samples: number[], timeDeltas: number[]) => ({
      name: 'ProfileChunk',
      ph: 'P',
      ts: 0,
      pid,
      tid: 99, // the sampler's own thread: the profile's id names the thread sampled
      id,
      args: { data: { cpuProfile: { nodes, samples }, timeDeltas } },
    });
    const frame = (id: number, functionName: string, parent?: number, at = url) => ({
      id,
      parent,
      callFrame: { functionName, url: at, lineNumber: 9 },
    });
    const trace = {
      traceEvents: [
        meta(1, 10, 'CrRendererMain'),
        meta(1, 11, 'DedicatedWorker thread'),
        meta(2, 20, 'DedicatedWorker thread'),
        // The worker's calls into its script name it, as in threadBusy.
        { ...task(1, 11, 0, 1000, 'FunctionCall'), args: { data: { url: 'http://127.0.0.1/assets/syntax.worker-abc.js' } } },
        profile(1, 10, '0x1'),
        profile(1, 11, '0x2'),
        profile(2, 20, '0x3'),
        chunk(1, '0x1', [frame(1, 'onKey')], [1], [9000]),
        // Nodes come in the chunk that first samples them; a later chunk's samples use them by id.
        chunk(1, '0x2', [frame(1, '(root)', undefined, ''), frame(2, 'reparse', 1), frame(3, '(idle)', 1, '')], [2, 3], [1000, 5000]),
        chunk(1, '0x2', [frame(4, 'check', 1)], [2, 4, 4], [3000, 2000, 2000]),
        chunk(2, '0x3', [frame(1, 'elsewhere')], [1], [7000]),
      ],
    };
    expect(workerFunctions(parseTrace(Buffer.from(JSON.stringify(trace))), 2)).toEqual([
      {
        thread: 'DedicatedWorker thread (syntax.worker-abc.js)',
        functions: [
          { fn: 'reparse tree-sitter-abc.wasm:10', selfMs: 2 },
          { fn: 'check tree-sitter-abc.wasm:10', selfMs: 2 },
        ],
      },
    ]);
  });
});
