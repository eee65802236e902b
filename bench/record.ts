// The shape of bench/results/<suite>.json, written by `npm run bench` and read
// by `npm run results` (scripts/results-page.ts): which run measured which
// section, where and how, so a committed figure can be traced and redone.
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';

export interface BenchMachine {
  cores: number;
  cpuModel: string;
  /** 1, 5 and 15 minute load averages when the suite started and when it ended: other work on the machine shows in every figure. */
  loadAverage: { start: number[]; end: number[] };
  /**
   * Cores' worth of CPU the machine was using just before the suite started
   * (absent in records from before it was measured). A load average trails
   * by minutes and counts waiting processes; this says whether other work
   * (a forgotten busy loop, a build) ran beside a run meant to be quiet.
   */
  coresBusyBefore?: number;
  node: string;
  /** The checked-out commit, and whether tracked files other than the results and the docs (which measure nothing) differed from it. */
  commit: string;
  uncommittedChanges: boolean;
}

export interface BenchRun {
  /** ISO time the run wrote its results. */
  at: string;
  /** The command line that reproduces this run of this suite. */
  command: string;
  machine: BenchMachine;
  /** The keys of `results` this run measured. */
  sections: string[];
}

export interface BenchRecord {
  suite: string;
  /** Newest last. A run limited by an `--<part>-only` flag replaces only its own sections, so earlier runs may still own others. */
  runs: BenchRun[];
  results: Record<string, unknown>;
}

/** A written record as read back: files from before runs were recorded hold only `at`, so their command and machine are unknown. */
export type StoredRun = Omit<BenchRun, 'command' | 'machine'> & Partial<Pick<BenchRun, 'command' | 'machine'>>;
export type StoredRecord = Omit<BenchRecord, 'runs'> & { runs: StoredRun[] };

function git(args: string[]): string | undefined {
  const r = spawnSync('git', args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

const loads = () => loadavg().map((l) => Math.round(l * 100) / 100);

/** Above this many cores busy before a suite, its timings are not a quiet machine's: the run says so. */
const NOT_QUIET_CORES = 0.5;

/** Cores' worth of CPU in use over `ms`, from the kernel's time counters of every core. */
export async function coresBusy(ms = 2000): Promise<number> {
  const times = () => cpus().map((c) => c.times);
  const before = times();
  await new Promise((r) => setTimeout(r, ms));
  let busy = 0;
  let all = 0;
  times().forEach((t, i) => {
    const b = before[i];
    const total = t.user + t.nice + t.sys + t.irq + t.idle - (b.user + b.nice + b.sys + b.irq + b.idle);
    busy += total - (t.idle - b.idle);
    all += total;
  });
  return all > 0 ? Math.round((busy / all) * cpus().length * 100) / 100 : 0;
}

/**
 * The machine as the suite starts, with the CPU in use just before
 * (`coresBusy`); `notQuiet` says why its timings are not a quiet machine's,
 * when they are not; `finish` adds the load average at its end.
 */
export async function machineNow(busyMs?: number): Promise<{ notQuiet?: string; finish(): BenchMachine }> {
  const coresBusyBefore = await coresBusy(busyMs);
  const start = loads();
  const changes = git([
    'status',
    '--porcelain',
    '--untracked-files=no',
    '--',
    '.',
    ':(exclude)bench/results',
    ':(exclude)docs',
    ':(exclude)README.md',
  ]);
  const base = {
    cores: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    node: process.version,
    commit: git(['rev-parse', '--short=12', 'HEAD']) ?? 'unknown',
    uncommittedChanges: changes === undefined ? false : changes !== '',
    coresBusyBefore,
  };
  return {
    ...(coresBusyBefore > NOT_QUIET_CORES && {
      notQuiet: `the machine is not quiet: ${coresBusyBefore} of its ${base.cores} cores were busy with other work before this suite started; its timings are not a quiet machine's (see what runs: top)`,
    }),
    finish: () => ({ ...base, loadAverage: { start, end: loads() } }),
  };
}

/** `npm run bench <suite> -- <its flags>`: only the flags this suite reads, so a run of several suites gives each its own command. */
export function commandOf(
  suite: string,
  flags: Readonly<Record<string, string | boolean | undefined>>,
  own: Readonly<Record<string, unknown>>,
): string {
  const parts = Object.entries(flags)
    .filter(([flag, value]) => flag in own && value !== undefined && value !== false)
    .map(([flag, value]) => (value === true ? `--${flag}` : `--${flag}=${value}`));
  return `npm run bench ${suite}${parts.length ? ` -- ${parts.join(' ')}` : ''}`;
}

/** Reads a results file, including one from before runs were recorded (`{ suite, at, results }`). */
export function readRecord(text: string): StoredRecord {
  const raw = JSON.parse(text) as Partial<StoredRecord> & { at?: string };
  const results = raw.results ?? {};
  const runs = raw.runs ?? (raw.at ? [{ at: raw.at, sections: Object.keys(results) }] : []);
  return { suite: raw.suite ?? 'unknown', runs, results };
}

/**
 * The record after a run: a full run replaces everything; a partial one
 * replaces the sections it measured and leaves earlier runs owning the rest.
 */
export function mergeRun(
  previous: StoredRecord | undefined,
  suite: string,
  run: Omit<BenchRun, 'sections'>,
  results: Record<string, unknown>,
  partial: boolean,
): StoredRecord {
  const sections = Object.keys(results);
  if (!partial || !previous) return { suite, runs: [{ ...run, sections }], results };
  const earlier = previous.runs
    .map((r) => ({ ...r, sections: r.sections.filter((s) => !sections.includes(s)) }))
    .filter((r) => r.sections.length > 0);
  return { suite, runs: [...earlier, { ...run, sections }], results: { ...previous.results, ...results } };
}
