// Writes the tiny deterministic fixture models (see testing/fixture-models/)
// into public/models/fixtures/<name>/, or into --out DIR: the three designed
// models, their index.json, and the default real-architecture model
// (fixture-qwen2-tiny). With --real-arch, writes only one real-architecture
// model sized by the flags (see usage below).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs as parseNodeArgs, type ParseArgsConfig } from 'node:util';
import { FIXTURE_DESIGNS } from './fixture-models/designs';
import { fixtureFiles, fixtureIndex, type FileSet } from './fixture-models/files';
import { DEFAULT_REAL_ARCH, defaultName, parameterCount, validateSpec, type RealArchSpec } from './fixture-models/real-arch';
import { realArchFiles } from './fixture-models/real-arch-files';
import { MODEL_DTYPES, type ModelDtype } from './fixture-models/qwen2-graph';
import { DEFAULT_TWINS_DIR, ensureTwin, TWIN_NAMES, type TwinName } from './fixture-models/twins';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_FIXTURES_DIR = join(REPO_ROOT, 'public', 'models', 'fixtures');

const USAGE = `usage: make-fixture-models [--out DIR]
       make-fixture-models --real-arch [--name NAME] [--layers N] [--hidden H] [--heads A] [--kv-heads K]
                           [--head-dim D] [--intermediate I] [--vocab-extra X] [--seed S] [--out DIR]
  Without --real-arch: the designed fixtures, index.json and ${DEFAULT_REAL_ARCH.name}.
       make-fixture-models --twin ${TWIN_NAMES.join('|')} --dtype ${MODEL_DTYPES.join('|')} [--dtype ...] [--out DIR]
  With --real-arch: one random-weight Qwen2-style model; unset sizes are ${DEFAULT_REAL_ARCH.name}'s
  (head-dim defaults to hidden/heads), the name says the sizes unless --name is given.
  With --twin: a random-weight twin of a real model (its configuration, tokenizer type and size,
  ONNX files of each --dtype) in DIR/twin-<name>/ (default DIR: .cache/model-twins/); only what is
  missing is made.`;

async function put(path: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
}

async function putAll(outDir: string, name: string, files: FileSet, written: string[]): Promise<void> {
  for (const [rel, bytes] of files) {
    const path = join(outDir, name, rel);
    await put(path, bytes);
    written.push(path);
  }
}

export async function writeRealArchModel(outDir: string, spec: RealArchSpec = DEFAULT_REAL_ARCH): Promise<string[]> {
  const written: string[] = [];
  await putAll(outDir, spec.name, realArchFiles(spec), written);
  return written;
}

export async function writeFixtureModels(outDir: string): Promise<string[]> {
  const written: string[] = [];
  for (const design of FIXTURE_DESIGNS) await putAll(outDir, design.name, fixtureFiles(design), written);
  const index = join(outDir, 'index.json');
  await put(index, fixtureIndex());
  written.push(index);
  written.push(...(await writeRealArchModel(outDir)));
  return written;
}

export interface CliArgs {
  out: string;
  /** Set with --real-arch: write only this model. */
  realArch?: RealArchSpec;
  /** Set with --twin: make this twin's files of these dtypes. */
  twin?: { name: TwinName; dtypes: ModelDtype[] };
}

const SIZE_FLAGS = {
  layers: 'layers',
  hidden: 'hidden',
  heads: 'heads',
  'kv-heads': 'kvHeads',
  'head-dim': 'headDim',
  intermediate: 'intermediate',
  'vocab-extra': 'vocabExtra',
  seed: 'seed',
} as const satisfies Record<string, keyof RealArchSpec>;

const OPTIONS = {
  out: { type: 'string' },
  'real-arch': { type: 'boolean' },
  twin: { type: 'string' },
  dtype: { type: 'string', multiple: true },
  name: { type: 'string' },
  ...Object.fromEntries(Object.keys(SIZE_FLAGS).map((flag) => [flag, { type: 'string' as const }])),
} satisfies ParseArgsConfig['options'];

/** node:util's parse errors, worded as this script's usage errors (an unknown flag names itself). */
function parseFlags(argv: readonly string[]): Record<string, string | boolean | string[] | undefined> {
  try {
    return parseNodeArgs({ args: [...argv], options: OPTIONS, strict: true }).values;
  } catch (e) {
    const code = (e as { code?: string }).code;
    const unknown = /'([^']+)'/.exec((e as Error).message)?.[1];
    if ((code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') && unknown) {
      throw new Error(`unknown argument ${unknown}\n${USAGE}`, { cause: e });
    }
    const flag = /'(--[\w-]+) <value>' argument missing/.exec((e as Error).message)?.[1];
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag) throw new Error(`${flag} needs a value\n${USAGE}`, { cause: e });
    throw new Error(`${(e as Error).message}\n${USAGE}`, { cause: e });
  }
}

function needsValue(flag: string, v: string | undefined): string | undefined {
  if (v === '') throw new Error(`--${flag} needs a value\n${USAGE}`);
  return v;
}

export function parseArgs(argv: readonly string[]): CliArgs {
  const v = parseFlags(argv);
  const outFlag = needsValue('out', v.out as string | undefined);
  const out = outFlag === undefined ? undefined : resolve(outFlag);
  const realArch = v['real-arch'] === true;
  const twin = needsValue('twin', v.twin as string | undefined);
  const name = needsValue('name', v.name as string | undefined);
  const dtypes: ModelDtype[] = [];
  for (const d of (v.dtype as string[] | undefined) ?? []) {
    if (!(MODEL_DTYPES as readonly string[]).includes(d))
      throw new Error(`--dtype must be one of ${MODEL_DTYPES.join(', ')}, got "${d}"\n${USAGE}`);
    if (!dtypes.includes(d as ModelDtype)) dtypes.push(d as ModelDtype);
  }
  const sizes: Partial<Record<(typeof SIZE_FLAGS)[keyof typeof SIZE_FLAGS], number>> = {};
  for (const [flag, key] of Object.entries(SIZE_FLAGS)) {
    const raw = needsValue(flag, v[flag] as string | undefined);
    if (raw === undefined) continue;
    const n = Number(raw);
    if (!Number.isInteger(n)) throw new Error(`--${flag} needs an integer, got "${raw}"\n${USAGE}`);
    sizes[key] = n;
  }
  const sized = Object.keys(sizes).length > 0;
  if (twin !== undefined) {
    if (realArch || sized || name) throw new Error(`--twin takes only --dtype and --out\n${USAGE}`);
    if (!(TWIN_NAMES as string[]).includes(twin))
      throw new Error(`unknown twin "${twin}": choose one of ${TWIN_NAMES.join(', ')}\n${USAGE}`);
    if (dtypes.length === 0) throw new Error(`--twin needs at least one --dtype\n${USAGE}`);
    return { out: out ?? DEFAULT_TWINS_DIR, twin: { name: twin as TwinName, dtypes } };
  }
  if (dtypes.length > 0) throw new Error(`--dtype needs --twin\n${USAGE}`);
  if (!realArch) {
    if (sized || name) throw new Error(`size flags and --name need --real-arch\n${USAGE}`);
    return { out: out ?? DEFAULT_FIXTURES_DIR };
  }
  const { name: _default, ...base } = DEFAULT_REAL_ARCH;
  const hidden = sizes.hidden ?? base.hidden;
  const heads = sizes.heads ?? base.heads;
  const dims = {
    ...base,
    ...sizes,
    // A changed width or head count moves the head size with it, unless given.
    headDim: sizes.headDim ?? (sizes.hidden !== undefined || sizes.heads !== undefined ? Math.floor(hidden / heads) : base.headDim),
    intermediate: sizes.intermediate ?? (sizes.hidden !== undefined ? 3 * hidden : base.intermediate),
  };
  const spec: RealArchSpec = { name: name ?? (sized ? defaultName(dims) : DEFAULT_REAL_ARCH.name), ...dims };
  validateSpec(spec);
  return { out: out ?? DEFAULT_FIXTURES_DIR, realArch: spec };
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  let args: CliArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  if (args.twin) {
    const folder = await ensureTwin({ twin: args.twin.name, dtypes: args.twin.dtypes, dir: args.out });
    console.log(`model twin ${args.twin.name} (${args.twin.dtypes.join(', ')}) ready in ${folder}`);
  } else if (args.realArch) {
    const s = args.realArch;
    const files = await writeRealArchModel(args.out, s);
    console.log(
      `real-architecture fixture ${s.name}: ${s.layers} layers, hidden ${s.hidden}, ${s.heads}/${s.kvHeads} heads of ${s.headDim}, ` +
        `MLP ${s.intermediate}, ${(parameterCount(s) / 1e6).toFixed(2)}M parameters; wrote ${files.length} files into ${join(args.out, s.name)}`,
    );
  } else {
    const files = await writeFixtureModels(args.out);
    console.log(
      `fixture models: wrote ${files.length} files for ${[...FIXTURE_DESIGNS.map((d) => d.name), DEFAULT_REAL_ARCH.name].join(', ')} into ${args.out}`,
    );
  }
}
