// Model twins: random-weight models with a real model's exact configuration,
// vocabulary size, tokenizer type, file layout and quantisations, so that
// loading, tokenising and generating cost what the real model costs. Made on
// demand into a cache folder (never committed, never at install or test time):
// the real ones are gigabytes.
//
//   <dir>/twin-<name>/config.json, generation_config.json, tokenizer.json, tokenizer_config.json
//   <dir>/twin-<name>/onnx/model.onnx (+ model.onnx_data), model_fp16.onnx (+ _data past 2 GB),
//                          model_quantized.onnx, model_q4.onnx, model_q4f16.onnx
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countWords, sourceTexts } from './bpe-trainer';
import { encodedSizes, PROTOBUF_LIMIT, writeModelFile, type ExternalDataOptions } from './onnx-writer';
import { buildRealArchModel, DTYPE_FILE, MODEL_DTYPES, type ModelDtype } from './qwen2-graph';
import { isSpokenToken, parameterCount, vocabSize, type RealArchSpec } from './real-arch';
import { realArchConfig } from './real-arch-files';
import { buildTokenizerConfig, buildTokenizerJson, bytesToUnicode, type TokenizerDesign } from './tokenizer';
import { QWEN_REGULAR_TOKENS, trainTwinTokenizer } from './twin-tokenizer';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where twins go unless told otherwise (gitignored). */
export const DEFAULT_TWINS_DIR = join(REPO_ROOT, '.cache', 'model-twins');

export interface TwinDefinition {
  /** The folder is `twin-<name>`. */
  name: string;
  /** The real model it stands in for. */
  source: string;
  spec: RealArchSpec;
  /** Regular (BPE) tokens of the tokenizer; Qwen's 22 added tokens follow them. */
  regularTokens: number;
  /** Published file sizes of the real export in bytes (model + external data), where known. */
  published: Partial<Record<ModelDtype, number>>;
  /** A file whose tensors pass this many bytes keeps them in `<file>_data` (protobuf's 2 GB limit). */
  externalAbove: number;
  /** Source text the tokenizer learns its merges from; default: code on this machine. */
  corpus?: () => Iterable<string>;
}

const QWEN_VOCAB = 151_936;
const QWEN_ADDED = 22;

const qwenSpec = (
  name: string,
  s: Pick<RealArchSpec, 'layers' | 'hidden' | 'heads' | 'intermediate' | 'lmHeadFromEmbedding'>,
): RealArchSpec => ({
  name: `twin-${name}`,
  ...s,
  kvHeads: 2,
  headDim: s.hidden / s.heads,
  tokenizerTokens: QWEN_REGULAR_TOKENS + QWEN_ADDED,
  vocabExtra: QWEN_VOCAB - QWEN_REGULAR_TOKENS - QWEN_ADDED,
  seed: 20251130,
  ropeTheta: 1_000_000,
  rmsNormEps: 1e-6,
});

/**
 * Configurations from the models' config.json on the hub; sizes from the
 * onnx-community export pages (decimal GB as the hub shows them). The 0.5B
 * export (of -Instruct, same shapes) stores its own LM head; the 1.5B one
 * computes it from the tied embedding: the sizes say so.
 */
export const TWINS = {
  'qwen2.5-coder-0.5b': {
    name: 'qwen2.5-coder-0.5b',
    source: 'onnx-community/Qwen2.5-Coder-0.5B-Instruct',
    spec: qwenSpec('qwen2.5-coder-0.5b', { layers: 24, hidden: 896, heads: 14, intermediate: 4864, lmHeadFromEmbedding: false }),
    regularTokens: QWEN_REGULAR_TOKENS,
    published: { fp32: 567e6 + 1.96e9, fp16: 1.26e9, q8: 639e6, q4: 862e6, q4f16: 555e6 },
    externalAbove: PROTOBUF_LIMIT,
  },
  'qwen2.5-coder-1.5b': {
    name: 'qwen2.5-coder-1.5b',
    source: 'onnx-community/Qwen2.5-Coder-1.5B',
    spec: qwenSpec('qwen2.5-coder-1.5b', { layers: 28, hidden: 1536, heads: 12, intermediate: 8960, lmHeadFromEmbedding: true }),
    regularTokens: QWEN_REGULAR_TOKENS,
    published: { fp32: 1.06e6 + 6.21e9, fp16: 1.1e6 + 3.1e9, q8: 1.58e9, q4: 1.79e9, q4f16: 1.22e9 },
    externalAbove: PROTOBUF_LIMIT,
  },
} as const satisfies Record<string, TwinDefinition>;

export type TwinName = keyof typeof TWINS;
export const TWIN_NAMES = Object.keys(TWINS) as TwinName[];

function twinDefinition(twin: TwinName | TwinDefinition): TwinDefinition {
  if (typeof twin !== 'string') return twin;
  const def = (TWINS as Record<string, TwinDefinition>)[twin];
  if (!def) throw new Error(`unknown model twin "${twin}": choose one of ${TWIN_NAMES.join(', ')}`);
  return def;
}

/** tensors of at least 1 KB go to the data file, as onnx's external data converter does. */
const externalFor = (file: string): ExternalDataOptions => ({ location: `${file}_data`, minTensorBytes: 1024 });

/** Sizes per definition and dtype: building a big graph's description takes a moment, and ensureTwin asks often. */
const sizeMemo = new WeakMap<TwinDefinition, Map<ModelDtype, { model: number; data: number; external: boolean }>>();

function computeSizes(def: TwinDefinition, dtype: ModelDtype) {
  let memo = sizeMemo.get(def);
  if (!memo) sizeMemo.set(def, (memo = new Map()));
  let sizes = memo.get(dtype);
  if (!sizes) {
    const m = buildRealArchModel(def.spec, { dtype, silentIds: [] });
    const external = encodedSizes(m).model > def.externalAbove;
    sizes = { ...encodedSizes(m, external ? externalFor(DTYPE_FILE[dtype]) : undefined), external };
    memo.set(dtype, sizes);
  }
  return sizes;
}

/** Whether this dtype's file keeps its weights in `<file>_data`. */
export function usesExternalData(def: TwinDefinition, dtype: ModelDtype): boolean {
  return computeSizes(def, dtype).external;
}

/**
 * The bytes each file of a dtype will have (the writer's own encoder,
 * without making any weight): `model` the .onnx file, `data` its _data file.
 */
export function twinFileSizes(def: TwinDefinition, dtype: ModelDtype): { model: number; data: number } {
  const { model, data } = computeSizes(def, dtype);
  return { model, data };
}

// ---------------------------------------------------------------------------
// Tokenizer

/** Code on this machine to learn merges from: the repository's packages and Python's standard library. */
function machineCorpus(): Iterable<string> {
  const python = existsSync('/usr/lib')
    ? readdirSync('/usr/lib')
        .filter((d) => /^python3\.\d+$/.test(d))
        .sort()
        .map((d) => join('/usr/lib', d))
    : [];
  return sourceTexts([join(REPO_ROOT, 'node_modules'), ...python], 40e6);
}

/** Token ids the twin never emits: added tokens, unused rows, and tokens that are not printable ASCII text. */
function twinSilentIds(def: TwinDefinition, vocab: readonly string[]): number[] {
  const byteOf = new Map(bytesToUnicode().map((ch, b) => [ch, b]));
  const silent: number[] = [];
  vocab.forEach((token, id) => {
    for (const ch of token)
      if (!isSpokenToken(byteOf.get(ch) ?? -1)) {
        silent.push(id);
        return;
      }
  });
  for (let id = vocab.length; id < vocabSize(def.spec); id++) silent.push(id);
  return silent;
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

function writeTokenizer(folder: string, design: TokenizerDesign): void {
  writeFileSync(join(folder, 'tokenizer.json'), JSON.stringify(buildTokenizerJson(design)));
  writeFileSync(join(folder, 'tokenizer_config.json'), json(buildTokenizerConfig(design.added)));
}

/** The regular vocabulary (id order) of a twin's tokenizer.json. */
function readVocab(folder: string): string[] {
  const tok = JSON.parse(readFileSync(join(folder, 'tokenizer.json'), 'utf8')) as { model: { vocab: Record<string, number> } };
  const vocab: string[] = [];
  for (const [token, id] of Object.entries(tok.model.vocab)) vocab[id] = token;
  return vocab;
}

// ---------------------------------------------------------------------------
// Files

function writeConfigs(folder: string, def: TwinDefinition, present: readonly ModelDtype[]): void {
  const eos = def.regularTokens; // <|endoftext|>, the first added token
  const external = Object.fromEntries(present.filter((d) => usesExternalData(def, d)).map((d) => [DTYPE_FILE[d], 1]));
  const config = {
    ...realArchConfig(def.spec),
    bos_token_id: eos,
    eos_token_id: eos,
    tie_word_embeddings: true,
    torch_dtype: 'bfloat16',
    'transformers.js_config': {
      // Which files have a `_data` file next to them: transformers.js fetches only those it is told of.
      ...(Object.keys(external).length > 0 && { use_external_data_format: external }),
      kv_cache_dtype: { q4f16: 'float16', fp16: 'float16' },
    },
    'router-ide_fixture': {
      kind: 'model twin: real configuration and file layout, random weights',
      twin: def.name,
      source: def.source,
      seed: def.spec.seed,
      parameters: parameterCount(def.spec),
      dtypes: present,
    },
  };
  writeFileSync(join(folder, 'config.json'), json(config));
  writeFileSync(join(folder, 'generation_config.json'), json({ bos_token_id: eos, eos_token_id: eos, do_sample: false }));
}

/** Whether the files of a dtype are there, complete (their sizes are known in advance). */
function dtypeComplete(folder: string, def: TwinDefinition, dtype: ModelDtype): boolean {
  const file = join(folder, 'onnx', DTYPE_FILE[dtype]);
  const want = twinFileSizes(def, dtype);
  const size = (p: string) => (existsSync(p) ? statSync(p).size : -1);
  return size(file) === want.model && (want.data === 0 || size(`${file}_data`) === want.data);
}

export interface EnsureTwinOptions {
  /** A twin of TWINS, or a definition of one (tests use a tiny one). */
  twin: TwinName | TwinDefinition;
  dtypes: readonly ModelDtype[];
  /** Parent folder; the twin is `<dir>/twin-<name>`. Default `.cache/model-twins/` in the repository. */
  dir?: string;
  /** Progress lines; default: console.log. */
  onProgress?: (line: string) => void;
}

const MB = (n: number) => `${(n / 1e6).toFixed(n < 1e7 ? 1 : 0)} MB`;

/**
 * Makes what is missing of a twin (tokenizer, configs, the ONNX files of
 * `dtypes`) and returns its folder. Files already complete are kept, so a
 * second call costs a few stats. Load it with loadLocalModel({ model:
 * basename(folder), source: { kind: 'bundled', root: dirname(folder) }, dtype }).
 */
export async function ensureTwin(opts: EnsureTwinOptions): Promise<string> {
  const def = twinDefinition(opts.twin);
  for (const d of opts.dtypes)
    if (!MODEL_DTYPES.includes(d)) throw new Error(`unknown dtype "${d}": choose from ${MODEL_DTYPES.join(', ')}`);
  const log = opts.onProgress ?? ((line: string) => console.log(line));
  const folder = join(resolve(opts.dir ?? DEFAULT_TWINS_DIR), def.spec.name);
  mkdirSync(join(folder, 'onnx'), { recursive: true });

  const hasTokenizer = (f: string) => existsSync(join(f, 'tokenizer.json')) && existsSync(join(f, 'tokenizer_config.json'));
  // The real twins share one tokenizer, as the real models do: learnt once per machine.
  const sibling =
    def.corpus || hasTokenizer(folder)
      ? undefined
      : Object.values(TWINS as Record<string, TwinDefinition>)
          .filter((t) => t !== def && t.regularTokens === def.regularTokens)
          .map((t) => join(dirname(folder), t.spec.name))
          .find(hasTokenizer);
  if (sibling) {
    for (const f of ['tokenizer.json', 'tokenizer_config.json']) copyFileSync(join(sibling, f), join(folder, f));
    log(`${def.spec.name}: tokenizer copied from ${basename(sibling)}`);
  }
  if (!hasTokenizer(folder)) {
    const t0 = performance.now();
    log(
      `${def.spec.name}: learning a ${def.regularTokens}-token byte-level BPE vocabulary from ${def.corpus ? 'the given text' : 'code on this machine'} ...`,
    );
    const words = countWords((def.corpus ?? machineCorpus)());
    const design = trainTwinTokenizer(words, def.regularTokens, (n) => log(`${def.spec.name}:   ${n} tokens`));
    writeTokenizer(folder, design);
    log(
      `${def.spec.name}: tokenizer written (${words.size} distinct words, ${design.merges.length} merges, ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }
  let silentIds: number[] | undefined; // read from the tokenizer only when a file is to be written

  for (const dtype of opts.dtypes) {
    if (dtypeComplete(folder, def, dtype)) continue;
    const file = DTYPE_FILE[dtype];
    const sizes = twinFileSizes(def, dtype);
    const total = sizes.model + sizes.data;
    const t0 = performance.now();
    log(`${def.spec.name}: writing onnx/${file}${sizes.data ? ` + ${file}_data` : ''} (${dtype}, ${MB(total)}) ...`);
    let done = 0;
    let next = 0.1;
    const tmp = join(folder, 'onnx', `${file}.tmp`);
    silentIds ??= twinSilentIds(def, readVocab(folder));
    writeModelFile(tmp, buildRealArchModel(def.spec, { dtype, silentIds }), sizes.data ? externalFor(file) : undefined, (n) => {
      done += n;
      if (done / total < next) return;
      while (done / total >= next) next += 0.1;
      log(`${def.spec.name}:   ${file} ${Math.floor((100 * done) / total)}% (${MB(done)})`);
    });
    renameSync(tmp, join(folder, 'onnx', file));
    log(`${def.spec.name}: onnx/${file} done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }

  const present = MODEL_DTYPES.filter((d) => dtypeComplete(folder, def, d));
  writeConfigs(folder, def, present);
  return folder;
}
