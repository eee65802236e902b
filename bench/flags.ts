// Each suite's flags, declared here rather than in the suite so that `npm run
// bench` can parse and check the command line (and print a usage that cannot
// drift) without importing every suite's heavy dependencies.
import type { parseArgs, ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export const SUITE_FLAGS = {
  syntax: {
    'browser-only': { type: 'boolean' },
    'edit-states-only': { type: 'boolean' },
    'sizes-only': { type: 'boolean' },
    'large-only': { type: 'boolean' },
    'no-large': { type: 'boolean' },
  },
  inference: {
    model: { type: 'string' },
    tokens: { type: 'string' },
    reps: { type: 'string' },
    'browser-reps': { type: 'string' },
    budget: { type: 'string' },
    'no-browser': { type: 'boolean' },
  },
  git: {
    rounds: { type: 'string' },
    quick: { type: 'boolean' },
    repo: { type: 'string' },
    dist: { type: 'string' },
    rebuild: { type: 'boolean' },
    'no-app': { type: 'boolean' },
  },
  embedding: {
    rounds: { type: 'string' },
    dist: { type: 'string' },
    rebuild: { type: 'boolean' },
    twin: { type: 'string' },
  },
  hosting: {
    rounds: { type: 'string' },
    dist: { type: 'string' },
    rebuild: { type: 'boolean' },
  },
  ui: {
    quick: { type: 'boolean' },
    keys: { type: 'string' },
    rounds: { type: 'string' },
    lang: { type: 'string' },
    sizes: { type: 'string' },
    twin: { type: 'string' },
    threads: { type: 'string' },
    'typing-only': { type: 'boolean' },
    'profile-only': { type: 'boolean' },
    'ghost-timeout': { type: 'string' },
    rebuild: { type: 'boolean' },
    busy: { type: 'string' },
  },
  latency: {
    quick: { type: 'boolean' },
    models: { type: 'string' },
    model: { type: 'string' },
    twin: { type: 'string' },
    dtype: { type: 'string' },
    requests: { type: 'string' },
    rounds: { type: 'string' },
    budgets: { type: 'string' },
    'no-node': { type: 'boolean' },
    'no-browser': { type: 'boolean' },
    webgpu: { type: 'boolean' },
    'speed-only': { type: 'boolean' },
    endurance: { type: 'string' },
    'accept-only': { type: 'boolean' },
    accepts: { type: 'string' },
    'read-ms': { type: 'string' },
  },
  lookup: {
    context: { type: 'string' },
    reps: { type: 'string' },
    limit: { type: 'string' },
    'no-verify': { type: 'boolean' },
    'chromium-only': { type: 'boolean' },
  },
  'semantic-ts': {
    cases: { type: 'string' },
    'import-depth': { type: 'string' },
    'no-packages': { type: 'boolean' },
    'browser-only': { type: 'boolean' },
    'no-browser': { type: 'boolean' },
  },
  'secret-guard': {
    'alarms-only': { type: 'boolean' },
    'speed-only': { type: 'boolean' },
  },
} as const satisfies Record<string, Options>;

/** String flags that may also stand bare: `--twin` alone means the default twin, which the suite sees as ''. */
export const BARE_FLAGS: Partial<Record<keyof typeof SUITE_FLAGS, readonly string[]>> = { ui: ['twin'], embedding: ['twin'] };

/** The parsed values of one suite's flags. */
export type FlagValues<S extends keyof typeof SUITE_FLAGS> = ReturnType<typeof parseArgs<{ options: (typeof SUITE_FLAGS)[S] }>>['values'];

/** What every suite's run() receives: the parsed flags of the whole command line. */
export type BenchFlags = Readonly<Record<string, string | boolean | undefined>>;
