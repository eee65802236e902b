// `npm run bench [suite...] [-- flags]`: speed and memory targets live here, not
// in timed tests. Each suite measures side by side in one run and prints medians
// and ratios; results also go to bench/results/<suite>.json (committed; with the
// run's command, machine and commit: ./record), from which `npm run results`
// makes docs/results.md. A run limited by an `--<part>-only` flag replaces only
// the sections it measured there.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { BARE_FLAGS, SUITE_FLAGS, type BenchFlags } from './flags';
import { commandOf, machineNow, mergeRun, readRecord } from './record';

import type { BenchSuite } from './suite';

export type { BenchFlags };

const SUITES: Record<string, () => Promise<BenchSuite>> = {
  // Suites register here: name -> lazy import, so one suite's deps never slow another.
  eval: async () => (await import('./eval')).suite,
  syntax: async () => (await import('./syntax')).suite,
  inference: async () => (await import('./inference')).suite,
  'early-escalation': async () => (await import('./early-escalation')).suite,
  ui: async () => (await import('./ui')).suite,
  latency: async () => (await import('./latency')).suite,
  timing: async () => (await import('./timing')).suite,
  extent: async () => (await import('./extent')).suite,
  'secret-guard': async () => (await import('./secret-guard')).suite,
  retrieval: async () => (await import('./retrieval')).suite,
  lookup: async () => (await import('./lookup')).suite,
  'semantic-ts': async () => (await import('./semantic-ts')).suite,
  semantic: async () => (await import('./semantic')).suite,
  hosting: async () => (await import('./hosting')).suite,
  git: async () => (await import('./git')).suite,
  embedding: async () => (await import('./embedding')).suite,
};

type SuiteName = keyof typeof SUITE_FLAGS;
const flagsOf = (name: string) => SUITE_FLAGS[name as SuiteName] ?? {};
const bareOf = (name: string) => BARE_FLAGS[name as SuiteName] ?? [];

/** Generated from ./flags, the declarations the suites read, so it cannot drift from them. */
export function usage(): string {
  const lines = Object.keys(SUITES).map((name) => {
    const flags = Object.entries(flagsOf(name)).map(([flag, o]) =>
      o.type === 'boolean' ? `--${flag}` : bareOf(name).includes(flag) ? `--${flag}[=VALUE]` : `--${flag} VALUE`,
    );
    return `  ${name.padEnd(17)}${flags.length ? flags.join(' ') : '(no flags)'}`;
  });
  return `Usage: npm run bench [suite...] [-- flags]   (no suite: all of them; --help: this text)\n\nSuites and their flags:\n${lines.join('\n')}\n`;
}

/** A bare optional-value flag (last, or followed by another flag) becomes `--flag=`, which parseArgs reads as ''. */
function withBareFlags(argv: readonly string[], bare: ReadonlySet<string>): string[] {
  return argv.map((a, i) =>
    a.startsWith('--') && bare.has(a.slice(2)) && (argv[i + 1] === undefined || argv[i + 1].startsWith('-')) ? `${a}=` : a,
  );
}

/** The suites to run and their flags; throws a usage error for an unknown suite or flag, or a flag none of them reads. */
export function parseCommandLine(argv: readonly string[]): { names: string[]; flags: BenchFlags; help: boolean } {
  const all = Object.keys(SUITES);
  const options = Object.assign({ help: { type: 'boolean', short: 'h' } }, ...all.map(flagsOf)) as NonNullable<ParseArgsConfig['options']>;
  const bare = new Set(all.flatMap(bareOf));
  const { values, positionals } = parseArgs({ args: withBareFlags(argv, bare), options, allowPositionals: true, strict: true });
  const names = positionals.length ? positionals : all;
  const unknown = names.filter((n) => !SUITES[n]);
  if (unknown.length) throw new Error(`Unknown bench suite(s): ${unknown.join(', ')}. Known: ${all.join(', ')}`);
  const { help = false, ...flags } = values;
  const stray = Object.keys(flags).filter((f) => !names.some((n) => f in flagsOf(n)));
  if (stray.length) throw new Error(`${stray.map((f) => `--${f}`).join(', ')}: not a flag of ${names.join(', ')}`);
  return { names, flags: flags as BenchFlags, help: help === true };
}

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(process.argv.slice(2));
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${usage()}`);
    return 2;
  }
  const { names, flags, help } = parsed;
  if (help) {
    console.log(usage());
    return 0;
  }
  const partial = Object.keys(flags).some((f) => f.endsWith('-only') && flags[f] === true);
  const outDir = join(dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(outDir, { recursive: true });
  for (const name of names) {
    const suite = await SUITES[name]();
    console.log(`\n## ${suite.name}: ${suite.description}\n`);
    const machine = await machineNow();
    if (machine.notQuiet) console.warn(`[${name}] ${machine.notQuiet}`);
    const results = await suite.run(flags);
    const own = partial || suite.partial?.(flags) === true;
    const file = join(outDir, `${name}.json`);
    const previous = existsSync(file) ? readRecord(readFileSync(file, 'utf8')) : undefined;
    const run = { at: new Date().toISOString(), command: commandOf(name, flags, flagsOf(name)), machine: machine.finish() };
    writeFileSync(file, `${JSON.stringify(mergeRun(previous, name, run, results, own), null, 2)}\n`);
  }
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
