// `npm run bench [suite...]`: speed and memory targets live here, not in timed
// tests. Each suite measures side by side in one run and prints medians and
// ratios; results also go to bench/results/<suite>.json. A run limited by an
// `--<part>-only` flag replaces only the sections it measured there.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BenchSuite {
  name: string;
  description: string;
  /** Runs the measurements, prints a human table, returns machine-readable results. */
  run(): Promise<Record<string, unknown>>;
}

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
};

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const names = wanted.length ? wanted : Object.keys(SUITES);
  const unknown = names.filter((n) => !SUITES[n]);
  if (unknown.length) {
    console.error(`Unknown bench suite(s): ${unknown.join(', ')}. Known: ${Object.keys(SUITES).join(', ') || '(none yet)'}`);
    process.exit(2);
  }
  const outDir = join(dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(outDir, { recursive: true });
  for (const name of names) {
    const suite = await SUITES[name]();
    console.log(`\n## ${suite.name}: ${suite.description}\n`);
    let results = await suite.run();
    const file = join(outDir, `${name}.json`);
    if (process.argv.some((a) => /^--.+-only$/.test(a)) && existsSync(file)) {
      results = { ...(JSON.parse(readFileSync(file, 'utf8')) as { results: object }).results, ...results };
    }
    writeFileSync(file, JSON.stringify({ suite: name, at: new Date().toISOString(), results }, null, 2));
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
