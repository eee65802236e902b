// Where the main thread's time goes while typing: the page's CPU profile
// (CDP Profiler, sampled) over the typing phase of a case, on an unminified
// build with source maps, so each sampled function keeps its name and is
// named with its source file. Per function: self time (the function itself) and
// total time (with what it called), per keystroke.
import type { CDPSession, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseHooks } from './typing';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface HotSpot {
  fn: string;
  selfMs: number;
  totalMs: number;
}
export interface ProfileSummary {
  /** Sampled time of the typing phase, ms. */
  wallMs: number;
  /** Time the main thread was busy (not idle), ms. */
  busyMs: number;
  keys: number;
  bySelf: HotSpot[];
  /** The app's own functions (src/, workers/) by total time: where our code calls the expensive parts. */
  byTotal: HotSpot[];
  /** Busy time per module (self), ms. */
  byModule: { module: string; selfMs: number }[];
}

/** Trace categories for the main thread's tasks (scripting, style, layout, paint, GC). */
// The sampling profiler's category records every thread's JS samples (the workers' too, which CDP's
// Profiler domain on the page does not see).
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
];

/**
 * Starts and stops the sampling profiler (JS functions) and a Chromium
 * performance trace (the main thread's tasks by kind, JS or not) around a
 * case's typing.
 */
export function profilerHooks(intervalUs = 500): CaseHooks & { profile(): CpuProfile | undefined; trace(): Buffer | undefined } {
  let profile: CpuProfile | undefined;
  let trace: Buffer | undefined;
  return {
    async beforeTyping(cdp: CDPSession, page: Page) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
      await cdp.send('Profiler.start');
      await page.context().browser()!.startTracing(page, { categories: TRACE_CATEGORIES });
    },
    async afterTyping(cdp: CDPSession, page: Page) {
      trace = await page.context().browser()!.stopTracing();
      profile = ((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile;
      await cdp.send('Profiler.disable');
    },
    profile: () => profile,
    trace: () => trace,
  };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: { url?: string } & Partial<ProfileChunk> };
}

/** A piece of one thread's samples in the trace (the sampling profiler's category). */
interface ProfileChunk {
  cpuProfile: {
    nodes?: { id: number; parent?: number; callFrame: { functionName: string; url?: string; lineNumber?: number } }[];
    samples?: number[];
  };
  timeDeltas: number[];
}

/** A Chrome trace's events: parsed once, read by each table below. */
export type Trace = readonly TraceEvent[];

export function parseTrace(trace: Buffer): Trace {
  return (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
}

/** The renderer main thread of the page under test: the CrRendererMain with the most events. */
function mainThread(events: Trace): string | undefined {
  const mains = events
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`);
  const count = new Map<string, number>();
  for (const e of events) {
    const k = `${e.pid}:${e.tid}`;
    if (mains.includes(k)) count.set(k, (count.get(k) ?? 0) + 1);
  }
  return [...count].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * Self time per trace event name on the renderer's main thread (the
 * CrRendererMain with the most events: the page under test), ms per
 * keystroke: RunTask's own time is the task's work no event inside it names.
 */
export function traceBreakdown(events: Trace, keys: number, top = 15): { name: string; selfMs: number }[] {
  const main = mainThread(events);
  const xs = events
    .filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main && (e.dur ?? 0) > 0)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { end: number; name: string }[] = [];
  for (const e of xs) {
    while (stack.length && stack[stack.length - 1].end <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    // Children are taken out of their parent's self time.
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - Math.min(e.dur!, parent.end - e.ts));
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur!);
    stack.push({ end: e.ts + e.dur!, name: e.name });
  }
  const per = (us: number) => Math.round((us / 1000 / Math.max(1, keys)) * 100) / 100;
  return [...self]
    .map(([name, us]) => ({ name, selfMs: per(us) }))
    .filter((x) => x.selfMs > 0)
    .sort((a, b) => b.selfMs - a.selfMs)
    .slice(0, top);
}

/** The script a worker thread runs most (its file name, from the trace's calls into JS), to tell the workers apart. */
function scriptOf(events: Trace): string {
  const count = new Map<string, number>();
  for (const e of events) {
    const url = e.args?.data?.url;
    if (url) count.set(url, (count.get(url) ?? 0) + e.dur!);
  }
  const top = [...count].sort((a, b) => b[1] - a[1])[0]?.[0];
  return top ? ` (${top.split('?')[0].split('/').pop()})` : '';
}

/**
 * The trace's events, and the page's renderer: its main thread, its process,
 * its threads' names and each thread's complete events (those with a duration).
 */
function rendererOf(events: Trace) {
  const main = mainThread(events);
  if (!main) return undefined;
  const pid = main.split(':')[0];
  const names = new Map<string, string>();
  const tasks = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (`${e.pid}` !== pid) continue;
    const k = `${e.pid}:${e.tid}`;
    if (e.ph === 'M' && e.name === 'thread_name') names.set(k, e.args?.name ?? '?');
    else if (e.ph === 'X' && e.dur! > 0) {
      const xs = tasks.get(k);
      if (xs) xs.push(e);
      else tasks.set(k, [e]);
    }
  }
  /** A thread's name in every table: the main thread marked, a worker by the script its calls run. */
  const label = (k: string) => `${names.get(k) ?? 'thread'}${k === main ? ' (main)' : scriptOf(tasks.get(k) ?? [])}`;
  return { events, main, pid, names, tasks, label };
}

/**
 * How busy each thread of the page's renderer was (its outermost trace
 * events, nested ones not counted twice), ms per keystroke: the main thread
 * beside the workers (the model's, the syntax check's) and the compositor,
 * which compete for the same cores.
 */
export function threadBusy(trace: Trace, keys: number): { thread: string; busyMs: number }[] {
  const renderer = rendererOf(trace);
  if (!renderer) return [];
  const { tasks, label } = renderer;
  const per = (us: number) => Math.round((us / 1000 / Math.max(1, keys)) * 100) / 100;
  return [...tasks]
    .map(([k, unsorted]) => {
      const xs = [...unsorted].sort((a, b) => a.ts - b.ts);
      let busy = 0;
      let end = -Infinity;
      for (const e of xs) {
        const to = e.ts + e.dur!;
        if (to <= end) continue;
        busy += to - Math.max(e.ts, end);
        end = to;
      }
      return { thread: label(k), busyMs: per(busy) };
    })
    .filter((t) => t.busyMs > 0)
    .sort((a, b) => b.busyMs - a.busyMs);
}

/**
 * Self time per JS function on each worker thread of the page's renderer
 * (from the trace's samples), ms per keystroke: what the model's and the
 * syntax check's workers did while the main thread waited for a core.
 */
export function workerFunctions(trace: Trace, keys: number, top = 10): { thread: string; functions: { fn: string; selfMs: number }[] }[] {
  const renderer = rendererOf(trace);
  if (!renderer) return [];
  const { events, main, pid, names, label } = renderer;
  // A profile's chunks share its id; the `Profile` event that opens it names the thread sampled.
  const threadOf = new Map<string, string>();
  for (const e of events) if (e.name === 'Profile' && `${e.pid}` === pid && e.id) threadOf.set(e.id, `${e.pid}:${e.tid}`);
  const per = (us: number) => Math.round((us / 1000 / Math.max(1, keys)) * 100) / 100;
  const byThread = new Map<string, { frames: Map<number, string>; self: Map<string, number> }>();
  for (const e of events) {
    const chunk = e.args?.data;
    if (e.name !== 'ProfileChunk' || !e.id || !chunk?.cpuProfile) continue;
    const thread = threadOf.get(e.id);
    if (!thread || thread === main || !names.get(thread)?.startsWith('DedicatedWorker')) continue;
    let t = byThread.get(thread);
    if (!t) byThread.set(thread, (t = { frames: new Map(), self: new Map() }));
    for (const n of chunk.cpuProfile.nodes ?? []) {
      const { functionName, url, lineNumber } = n.callFrame;
      const file = url ? url.split('?')[0].split('/').pop() : '';
      t.frames.set(n.id, `${functionName || '(anonymous)'}${file ? ` ${file}:${(lineNumber ?? 0) + 1}` : ''}`);
    }
    const samples = chunk.cpuProfile.samples ?? [];
    samples.forEach((id, i) => {
      const fn = t.frames.get(id) ?? '?';
      if (fn === '(idle)') return;
      t.self.set(fn, (t.self.get(fn) ?? 0) + (chunk.timeDeltas?.[i] ?? 0));
    });
  }
  return [...byThread].map(([k, t]) => ({
    thread: label(k),
    functions: [...t.self]
      .map(([fn, us]) => ({ fn, selfMs: per(us) }))
      .filter((x) => x.selfMs > 0)
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, top),
  }));
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The source file of every position in a bundle, from its source map (the
 * profile build is made with --sourcemap): per generated line, the columns
 * where a segment starts and the index of its source.
 */
function sourceLookup(mapJson: string): (line: number, column: number) => string | undefined {
  const map = JSON.parse(mapJson) as { sources: string[]; mappings: string };
  const lines: { cols: number[]; srcs: number[] }[] = [];
  let src = 0;
  for (const lineText of map.mappings.split(';')) {
    const cols: number[] = [];
    const srcs: number[] = [];
    let col = 0;
    for (const seg of lineText.split(',')) {
      if (!seg) continue;
      // Base64 VLQ: generated column, source, original line, original column (, name); all deltas.
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const d = B64.indexOf(ch);
        value += (d & 31) << shift;
        if (d & 32) {
          shift += 5;
          continue;
        }
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
      col += fields[0];
      if (fields.length < 4) continue;
      src += fields[1];
      cols.push(col);
      srcs.push(src);
    }
    lines.push({ cols, srcs });
  }
  const sources = map.sources.map((s) => s.replace(/^(\.\.\/)+/, ''));
  return (line, column) => {
    const l = lines[line];
    if (!l || !l.cols.length) return undefined;
    let lo = 0;
    let hi = l.cols.length - 1;
    let found = 0;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (l.cols[mid] <= column) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return sources[l.srcs[found]];
  };
}

function shortModule(m: string): string {
  return m
    .replace(/^node_modules\/monaco-editor\/esm\/vs\//, 'monaco: vs/')
    .replace(/^node_modules\/react-dom\/cjs\//, 'react-dom: ')
    .replace(/^node_modules\//, '');
}

/** Names every profile node `module: function` (the module from the bundle's source map). */
function labels(
  profile: CpuProfile,
  distDir: string,
): { byId: Map<number, ProfileNode>; keyOf: Map<number, { fn: string; module: string }> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) byId.get(c)!.parent = n.id;
  const maps = new Map<string, ((line: number, column: number) => string | undefined) | undefined>();
  const moduleOf = (cf: CallFrame): string => {
    if (!cf.url) return '';
    const file = /\/(assets\/[^/?#]+\.js)/.exec(cf.url)?.[1];
    if (!file) return cf.url.replace(/^https?:\/\/[^/]+\//, '');
    if (!maps.has(file)) {
      try {
        maps.set(file, sourceLookup(readFileSync(join(distDir, `${file}.map`), 'utf8')));
      } catch {
        maps.set(file, undefined);
      }
    }
    const found = maps.get(file)?.(cf.lineNumber, cf.columnNumber);
    return found ? shortModule(found) : file;
  };
  const keyOf = new Map<number, { fn: string; module: string }>();
  for (const n of profile.nodes) {
    const cf = n.callFrame;
    const module = moduleOf(cf);
    const name = cf.functionName || '(anonymous)';
    // No script: the engine's own entries ((program), (garbage collector), (idle)) or a builtin the page called (setItem ...).
    const fn = module ? `${module}: ${name}` : name.startsWith('(') ? name : `(native) ${name}`;
    keyOf.set(n.id, { fn, module: module || fn });
  }
  return { byId, keyOf };
}

/** ms each sample stands for: the time until the next one. */
const sampleMs = (p: CpuProfile, i: number) => Math.max(0, i + 1 < p.timeDeltas.length ? p.timeDeltas[i + 1] : 0) / 1000;

/**
 * What the calls of `target` (a label, or the end of one) spent their time
 * in: total time per direct callee, and its own, ms per keystroke.
 */
export function callees(profile: CpuProfile, distDir: string, keys: number, target: string, top = 10): { fn: string; totalMs: number }[] {
  const { byId, keyOf } = labels(profile, distDir);
  const out = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const stack: string[] = [];
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = byId.get(id)!.parent) stack.push(keyOf.get(id)!.fn);
    // The outermost call of the target, and what it called.
    const at = stack.findLastIndex((f) => f === target || f.endsWith(`: ${target}`));
    if (at < 0) continue;
    const callee = at === 0 ? '(self)' : stack[at - 1];
    out.set(callee, (out.get(callee) ?? 0) + sampleMs(profile, i));
  }
  return [...out]
    .map(([fn, ms]) => ({ fn, totalMs: Math.round((ms / Math.max(1, keys)) * 100) / 100 }))
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, top);
}

/**
 * Self and total time per function over the profile, the bundle's modules
 * read from `distDir` (the build the page runs).
 */
export function summarize(profile: CpuProfile, distDir: string, keys: number, top = 15): ProfileSummary {
  const { byId, keyOf } = labels(profile, distDir);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const modules = new Map<string, number>();
  let wall = 0;
  let idle = 0;
  const { samples } = profile;
  for (let i = 0; i < samples.length; i++) {
    const ms = sampleMs(profile, i);
    wall += ms;
    const leaf = keyOf.get(samples[i])!;
    if (leaf.fn === '(idle)') {
      idle += ms;
      continue;
    }
    self.set(leaf.fn, (self.get(leaf.fn) ?? 0) + ms);
    modules.set(leaf.module, (modules.get(leaf.module) ?? 0) + ms);
    const seen = new Set<string>();
    for (let id: number | undefined = samples[i]; id !== undefined; id = byId.get(id)!.parent) {
      const k = keyOf.get(id)!.fn;
      if (k === '(root)' || seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + ms);
    }
  }
  const per = (x: number) => Math.round((x / Math.max(1, keys)) * 100) / 100;
  const spots = [...total.keys()].map((fn) => ({ fn, selfMs: per(self.get(fn) ?? 0), totalMs: per(total.get(fn) ?? 0) }));
  return {
    wallMs: Math.round(wall),
    busyMs: Math.round(wall - idle),
    keys,
    bySelf: [...spots].sort((a, b) => b.selfMs - a.selfMs).slice(0, top),
    byTotal: [...spots]
      .filter((s) => /^(src|workers)\//.test(s.fn))
      .sort((a, b) => b.totalMs - a.totalMs)
      .slice(0, top),
    byModule: [...modules]
      .map(([module, ms]) => ({ module, selfMs: per(ms) }))
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, top),
  };
}

/** A markdown table of a summary (ms per keystroke). */
export function profileTable(s: ProfileSummary): string {
  const rows = (xs: HotSpot[]) => xs.map((x) => `| ${x.fn} | ${x.selfMs.toFixed(2)} | ${x.totalMs.toFixed(2)} |`).join('\n');
  return [
    `typing phase ${s.wallMs} ms sampled, main thread busy ${s.busyMs} ms, ${s.keys} keystrokes: ${(s.busyMs / Math.max(1, s.keys)).toFixed(1)} ms busy per keystroke`,
    '',
    'by self time (ms per keystroke):',
    '',
    '| function | self | total |',
    '| --- | --- | --- |',
    rows(s.bySelf),
    '',
    "the app's own functions by total time (ms per keystroke):",
    '',
    '| function | self | total |',
    '| --- | --- | --- |',
    rows(s.byTotal),
    '',
    'self time per module (ms per keystroke):',
    '',
    '| module | self |',
    '| --- | --- |',
    s.byModule.map((m) => `| ${m.module} | ${m.selfMs.toFixed(2)} |`).join('\n'),
  ].join('\n');
}

/** Microsecond timestamp of each sample (the profile's clock is the trace's). */
function sampleTimes(p: CpuProfile): number[] {
  const out: number[] = [];
  let t = p.startTime;
  for (const d of p.timeDeltas) out.push((t += d));
  return out;
}

export interface LongTaskCause {
  /** ms from the first long task's start. */
  atMs: number;
  durMs: number;
  /** The functions the samples inside the task were in, by self time, ms. */
  bySelf: { fn: string; ms: number }[];
  /** The app's own functions on those samples' stacks, by total time, ms. */
  ours: { fn: string; ms: number }[];
}

/**
 * What ran inside each main-thread task longer than `minMs`: the trace gives
 * the task's span, the profile's samples inside it give the functions.
 */
export function longTaskCauses(events: Trace, profile: CpuProfile, distDir: string, minMs = 50, top = 6): LongTaskCause[] {
  const main = mainThread(events);
  const tasks = events
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && `${e.pid}:${e.tid}` === main && (e.dur ?? 0) > minMs * 1000)
    .sort((a, b) => a.ts - b.ts);
  if (!tasks.length) return [];
  const { byId, keyOf } = labels(profile, distDir);
  const times = sampleTimes(profile);
  const first = tasks[0].ts;
  const round = (m: Map<string, number>) =>
    [...m]
      .map(([fn, ms]) => ({ fn, ms: Math.round(ms * 10) / 10 }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top);
  return tasks.map((task) => {
    const self = new Map<string, number>();
    const ours = new Map<string, number>();
    for (let i = 0; i < times.length; i++) {
      if (times[i] < task.ts || times[i] > task.ts + task.dur!) continue;
      const ms = sampleMs(profile, i);
      const leaf = keyOf.get(profile.samples[i])!.fn;
      self.set(leaf, (self.get(leaf) ?? 0) + ms);
      const seen = new Set<string>();
      for (let id: number | undefined = profile.samples[i]; id !== undefined; id = byId.get(id)!.parent) {
        const fn = keyOf.get(id)!.fn;
        if (!/^(src|workers)\//.test(fn) || seen.has(fn)) continue;
        seen.add(fn);
        ours.set(fn, (ours.get(fn) ?? 0) + ms);
      }
    }
    return { atMs: Math.round((task.ts - first) / 1000), durMs: Math.round(task.dur! / 1000), bySelf: round(self), ours: round(ours) };
  });
}
