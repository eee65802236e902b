// The one loader for the on-device model: used by the browser inference
// worker, the Node tests and the Node evaluation harness. No DOM APIs.
//
// transformers.js does the tokenising and the decoding loop; this module adds
// what the completion engine needs on top: where the files come from, stop
// tokens, per-token probabilities, cancellation and a `finish` reason.
import {
  AutoConfig,
  AutoModelForCausalLM,
  AutoTokenizer,
  DynamicCache,
  env,
  LogitsProcessor,
  LogitsProcessorList,
  ModelFileNotFoundError,
  StoppingCriteria,
  type PreTrainedModel,
  type PreTrainedTokenizer,
  Tensor,
} from '@huggingface/transformers';
import { fimTemplate } from '../../vocabulary/fim';
import type { GenerationStats, InferenceDevice, TokenProb } from '../../vocabulary/types';
import type { ModelSource } from '../../vocabulary/config';
import { EarlyStopCriteria, type EarlyStopCheck, type ProbRecorder } from './early-stop-criteria';
import { decodesByWindow, prefixDecoder, type DecodeIds } from './prefix-decoder';
import { cacheLength, PromptCache } from './prompt-cache';
import { TokenTexts } from './token-texts';
import { NO_PARTIAL_MIDDLE_FIELD } from './partial-middle';
import { decodeWithLookup, DEFAULT_LOOKUP } from './prompt-lookup';
import { FirstTokenConstraint, healingVocabulary, healLastToken } from './token-healing';
import { FirstTokenAtRank } from './first-token-rank';
import { pagePolicyRefusal, watchPagePolicy } from '../../platform/page-policy';
import { messageYield } from '../../platform/message-yield';

export interface DownloadProgress {
  file: string;
  loaded: number;
  total: number;
  done: boolean;
}

export interface LoadOptions {
  model: string;
  /** A bundled source must name its `root` here (the inference service fills in the app's). */
  source: ModelSource;
  device: InferenceDevice;
  /** transformers.js dtype ('fp32', 'fp16', 'q8', 'q4', 'q4f16', ...): picks onnx/model<suffix>.onnx. */
  dtype?: string;
  onProgress?: (p: DownloadProgress) => void;
  /** FIM family: its marker tokens must be single tokens of the tokenizer, or the prompt would be gibberish. */
  family?: string;
  /** ONNX file base name when it is not `model` (older exports use `decoder_model_merged`). */
  fileName?: string;
  /**
   * Keep the KV cache of the last prompt and compute only what a new prompt
   * does not share with it (default true). False: every request reads its
   * whole prompt, as a bare `generate()` does (the reference the tests and
   * benchmarks compare against).
   */
  reuseCache?: boolean;
  /** Decode with prompt-lookup drafts (prompt-lookup.ts; default false): the same tokens in fewer forward passes where the middle repeats its context. */
  promptLookup?: boolean;
  /**
   * Called after every forward pass (a prompt chunk read, a token written):
   * the sign of life the engine's watchdog judges, so a model that is slow
   * on a busy machine is told apart from one that is stuck.
   */
  onStep?: () => void;
}

export interface GenerateOptions {
  maxNewTokens: number;
  /** Strings that end generation. Those that are single tokens of the vocabulary are used; others are ignored. */
  stopTokens: readonly string[];
  signal?: AbortSignal;
  /**
   * Called after every generated token with the text so far: a non-empty
   * answer stops generation at once (finish 'early') with that reason. Used to
   * stop as soon as the router is certain to escalate anyway.
   */
  earlyStop?: EarlyStopCheck;
  /** Stop at the end of the first line that has code on it; the newline is not part of the text (src/completion/common/extent.ts). */
  stopAtLineEnd?: boolean;
  /**
   * The prompt ends with text being typed (the cursor's line after the middle
   * marker): take its last token back and let the model write it again
   * (token-healing.ts). The result holds only what the model added.
   */
  healLastToken?: boolean;
  /** Overrides the model's prompt-lookup setting for this request (the tests and the bench compare both). */
  promptLookup?: boolean;
  /** Start with the first-step token of this rank (first-token-rank.ts), greedy after it; 1 or absent: the best. */
  firstTokenRank?: number;
  /** Which KV cache to read and keep (see LoadedModel.prefill); absent: the model's own. */
  cacheKey?: string;
}

export interface LocalGeneration {
  /** The generated middle, without the stop token. */
  text: string;
  /** One entry per generated token, stop token excluded; their `text`s concatenate to `text`. */
  tokens: TokenProb[];
  finish: 'stop' | 'length' | 'aborted' | 'early';
  /** Why an early stop happened. */
  earlyReason?: string;
  /** The token that ended generation when finish is 'stop' (its probability is the model's confidence that the middle ends here). */
  stopToken?: TokenProb;
  /** Absent when nothing was computed (aborted before starting, no tokens asked for). */
  stats?: GenerationStats;
}

export interface PrefillResult {
  promptTokens: number;
  /** Tokens now held in the cache for this prompt (promptTokens - 1 when complete). */
  cachedTokens: number;
  /** Tokens computed by this call. */
  computedTokens: number;
  aborted: boolean;
  ms: number;
}

export interface LoadedModel {
  model: string;
  device: InferenceDevice;
  /** Whether the model continues a middle whose start the prompt gives (see NO_PARTIAL_MIDDLE_FIELD). */
  readonly partialMiddle: boolean;
  generate(prompt: string, opts: GenerateOptions): Promise<LocalGeneration>;
  /**
   * Computes the cache for `prompt` ahead of a request for it (while the user
   * types, before the pause that asks for a completion), in chunks that an
   * abort stops between: what was computed stays for the next call.
   * `cacheKey` picks one of the KV caches the model keeps, one per key (a
   * tab sharing the model keeps its own); absent: the model's own.
   */
  prefill(prompt: string, signal?: AbortSignal, cacheKey?: string): Promise<PrefillResult>;
  /** Drops the KV cache kept for `cacheKey` and its documents' (its tab is gone). */
  forgetCache?(cacheKey: string): Promise<void>;
  /** Tokens of `text` without special tokens (for windowing the context to the budget). */
  countTokens(text: string): number;
  dispose(): Promise<void>;
}

/**
 * Where a load failed: `files` when the model's files could not be fetched or
 * read (network, a missing file, a wrong tokenizer), `session` when ONNX
 * Runtime could not run them on the device. Only the latter says anything
 * about the device (a WebGPU failure moves the model to WASM; a network
 * failure does not).
 */
type ModelLoadStage = 'files' | 'session';

export class ModelLoadError extends Error {
  readonly stage: ModelLoadStage;
  constructor(message: string, options?: { cause?: unknown; stage?: ModelLoadStage }) {
    super(message, options);
    this.name = 'ModelLoadError';
    this.stage = options?.stage ?? 'files';
  }
}

/** A fetch that failed or found nothing: the browser's and Node's words for it, and transformers.js' own. */
const FETCH_FAILED = /Failed to fetch|NetworkError|fetch failed|Load failed|Could not locate file|ERR_/i;

// ---------------------------------------------------------------------------
// Where the files come from

const HUB_HOST = 'https://huggingface.co/';
const HUB_PATH_TEMPLATE = '{model}/resolve/{revision}/';
const DEFAULT_BROWSER_CACHE = env.useBrowserCache;

const withSlash = (s: string) => (s.endsWith('/') ? s : `${s}/`);

/**
 * transformers.js reads its file locations from the global `env`, so loads
 * are serialised (see `loadLock`) and each sets all of these fields.
 */
/** The folder a bundled source reads from; a missing one is the caller's mistake, said plainly. */
function bundledRoot(source: Extract<ModelSource, { kind: 'bundled' }>): string {
  if (!source.root) throw new Error('A bundled model source needs its folder (`root`): the inference service or the caller sets it.');
  return source.root;
}

function configureEnv(source: ModelSource): void {
  switch (source.kind) {
    case 'bundled':
      env.allowLocalModels = true;
      env.allowRemoteModels = false; // a missing local file must fail, never reach the internet
      env.localModelPath = withSlash(bundledRoot(source));
      // The files are served by this app already; a Cache API copy would only go stale.
      env.useBrowserCache = false;
      break;
    case 'hub':
    case 'url':
      env.allowLocalModels = false;
      env.allowRemoteModels = true;
      env.remoteHost = source.kind === 'hub' ? HUB_HOST : withSlash(source.url);
      env.remotePathTemplate = HUB_PATH_TEMPLATE;
      env.useBrowserCache = DEFAULT_BROWSER_CACHE;
      break;
  }
}

function describeSource(model: string, source: ModelSource): string {
  switch (source.kind) {
    case 'bundled':
      return `${withSlash(bundledRoot(source))}${model}/`;
    case 'hub':
      return `${HUB_HOST}${model}`;
    case 'url':
      return `${withSlash(source.url)}${model}/resolve/main/`;
  }
}

let loadLock: Promise<unknown> = Promise.resolve();

/** Run `fn` after every load started before it has settled. */
function serialised<T>(fn: () => Promise<T>): Promise<T> {
  const run = loadLock.then(fn, fn);
  loadLock = run.catch(() => undefined);
  return run;
}

/** transformers.js progress events -> DownloadProgress. */
function progressAdapter(onProgress?: (p: DownloadProgress) => void) {
  if (!onProgress) return undefined;
  const seen = new Map<string, { loaded: number; total: number }>();
  return (e: { status: string; file?: string; loaded?: number; total?: number }) => {
    if (!e.file) return;
    if (e.status === 'progress') {
      const p = { loaded: e.loaded ?? 0, total: e.total ?? 0 };
      seen.set(e.file, p);
      onProgress({ file: e.file, ...p, done: false });
    } else if (e.status === 'done') {
      const p = seen.get(e.file) ?? { loaded: 0, total: 0 };
      onProgress({ file: e.file, ...p, done: true });
    }
  };
}

// ---------------------------------------------------------------------------
// Generation hooks

/**
 * Records the probability of each generated token. transformers.js v4's
 * generate() returns no scores, but it calls the logits processors once per
 * step with that step's logits, before the token is chosen. The processor
 * keeps the step's logits until the chosen id is known: at the next call it
 * is the last of `input_ids`, and after generation the last generated id.
 * Appended after the library's own processors, so it sees exactly the logits
 * the sampler picks from. Batch size 1.
 */
class TokenProbRecorder extends LogitsProcessor implements ProbRecorder {
  readonly probs: number[] = [];
  private pending: Float32Array | null = null;
  /** When the first step's logits arrived: the end of the prompt's computation. */
  firstAt: number | undefined;

  // The library's typings say void, but LogitsProcessorList passes the return
  // value on as the next processor's input (and to the sampler): return it.
  override _call(inputIds: bigint[][], logits: Tensor): Tensor {
    this.firstAt ??= performance.now();
    if (this.pending) this.resolve(Number(inputIds[0].at(-1)));
    const vocab = logits.dims.at(-1) ?? 0;
    this.pending = (logits.data as Float32Array).subarray(0, vocab);
    return logits;
  }

  /** Called once more after generation with the last generated id. */
  resolve(chosenId: number): void {
    const l = this.pending;
    if (!l) return;
    let max = -Infinity;
    for (let i = 0; i < l.length; i++) if (l[i] > max) max = l[i];
    let sum = 0;
    for (let i = 0; i < l.length; i++) sum += Math.exp(l[i] - max);
    this.probs.push(Math.exp(l[chosenId] - max) / sum);
    this.pending = null;
  }
}

/**
 * Lets the worker's event loop run before every forward pass (prefill
 * chunks, decode steps, prompt-lookup checks). On WASM a pass never yields:
 * a whole generation is one stretch of microtasks, so the cancel a
 * keystroke sends would be read only after it, the model still taking a
 * core while the person types. With a task between passes the abort is seen
 * at the next step (a message, not setTimeout: see messageYield).
 */
function yieldBeforeEachPass(lm: PreTrainedModel): void {
  const forward = lm.forward.bind(lm);
  lm.forward = async (inputs: Parameters<PreTrainedModel['forward']>[0]) => {
    await messageYield();
    return forward(inputs);
  };
}

/** Ends generation at the next step boundary once the signal is aborted; tells `onStep` of every step. */
class AbortCriteria extends StoppingCriteria {
  fired = false;
  constructor(
    private readonly signal?: AbortSignal,
    private readonly onStep?: () => void,
  ) {
    super();
  }
  override _call(inputIds: number[][]): boolean[] {
    this.onStep?.();
    if (this.signal?.aborted) this.fired = true;
    return inputIds.map(() => this.fired);
  }
}

/**
 * Pure greedy decoding: override whatever a model's generation_config.json
 * asks for (sampling, repetition penalties ...), so results are reproducible
 * and each recorded probability is the model's own.
 */
const GREEDY: Readonly<Record<string, unknown>> = {
  // null = "off" in transformers.js's GenerationConfig (its typings omit the null).
  do_sample: false,
  num_beams: 1,
  repetition_penalty: 1.0,
  no_repeat_ngram_size: 0,
  min_length: 0,
  min_new_tokens: null,
  bad_words_ids: null,
  suppress_tokens: null,
  begin_suppress_tokens: null,
  forced_bos_token_id: null,
  forced_eos_token_id: null,
  guidance_scale: null,
};

// ---------------------------------------------------------------------------
// The loaded model

/** The early-stop reason that means "the line is complete" (a stop, not an escalation). */
const LINE_END = 'line end';
/** A newline after code on its line (leading blank lines do not end a line's completion). */
const LINE_DONE = /\S.*\n/;

/** `text` and its tokens up to the first line end after code; the newline and what follows are dropped. */
function cutAtLineEnd(text: string, tokens: TokenProb[]): { text: string; tokens: TokenProb[] } {
  const m = LINE_DONE.exec(text);
  if (!m) return { text, tokens };
  const end = m.index + m[0].length - 1;
  const kept: TokenProb[] = [];
  let at = 0;
  for (const t of tokens) {
    if (at >= end) break;
    kept.push(at + t.text.length <= end ? t : { ...t, text: t.text.slice(0, end - at) });
    at += t.text.length;
  }
  return { text: text.slice(0, end), tokens: kept };
}

/** Prompt tokens computed per forward pass ahead of generation: the longest a keystroke waits for a stop. */
const PREFILL_CHUNK = 64;

/** KV caches kept per model (one per document asked about, per tab sharing it): each holds a whole prompt window, so the least recently used goes past this. */
const KEPT_CACHES = 4;

/** A document's KV cache key under a session's (a tab's): forgetting the session's key forgets these too. */
export const documentCacheKey = (sessionKey: string, document: string): string => `${sessionKey}\u0000${document}`;

class TransformersLocalModel implements LoadedModel {
  private queue: Promise<unknown> = Promise.resolve();
  /** Absent when reuse is off; one per cache key, the most recently used last. */
  private readonly caches: Map<string, PromptCache> | undefined;
  private readonly decode: DecodeIds;
  /** Whether this tokenizer's decode is exact from a short window (decided once). */
  private readonly byWindow: boolean;

  constructor(
    readonly model: string,
    readonly device: InferenceDevice,
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly lm: PreTrainedModel,
    reuseCache: boolean,
    readonly partialMiddle: boolean,
    private readonly promptLookup = false,
    private readonly onStep?: () => void,
  ) {
    this.caches = reuseCache ? new Map() : undefined;
    yieldBeforeEachPass(lm);
    this.decode = (ids) => tokenizer.decode(ids, { skip_special_tokens: true });
    this.byWindow = decodesByWindow(tokenizer);
    this.healingVocab = partialMiddle ? healingVocabulary(tokenizer) : undefined;
  }

  /** Ids of the stop strings that are tokens, plus the model's own end-of-sequence ids. */
  private stopIds(stopTokens: readonly string[]): number[] {
    const ids = new Set<number>();
    for (const s of stopTokens) {
      const id: unknown = this.tokenizer.convert_tokens_to_ids(s);
      if (typeof id === 'number') ids.add(id);
    }
    const config = this.lm.config as unknown as { eos_token_id?: unknown };
    const eos: unknown = this.lm.generation_config?.eos_token_id ?? config.eos_token_id;
    for (const id of [eos].flat()) if (typeof id === 'number') ids.add(id);
    return [...ids];
  }

  /**
   * Per-token texts of a generation, fed one id at a time (see token-texts.ts):
   * a short window decoded per step where the tokenizer allows it, else the
   * whole sequence (prefix-decoder.ts).
   */
  private tokenTexts(healed?: string): TokenTexts {
    return new TokenTexts(prefixDecoder(this.decode, this.byWindow), healed);
  }

  /** Built at load for models whose prompts may end with typed text: it reads the whole vocabulary, so once per model, never per request. */
  private readonly healingVocab: ReturnType<typeof healingVocabulary> | undefined;

  /** The KV cache for `key` (made when new), marked most recently used; the least recently used past KEPT_CACHES is dropped. */
  private cacheFor(key = ''): PromptCache | undefined {
    if (!this.caches) return undefined;
    let cache = this.caches.get(key);
    this.caches.delete(key);
    cache ??= new PromptCache();
    this.caches.set(key, cache);
    for (const [old, dropped] of this.caches) {
      if (this.caches.size <= KEPT_CACHES) break;
      this.caches.delete(old);
      void dropped.clear();
    }
    return cache;
  }

  forgetCache(key: string): Promise<void> {
    return this.serial(async () => {
      const under = documentCacheKey(key, '');
      for (const [k, cache] of this.caches ?? []) {
        if (k !== key && !k.startsWith(under)) continue;
        this.caches!.delete(k);
        await cache.clear();
      }
    });
  }

  generate(prompt: string, opts: GenerateOptions): Promise<LocalGeneration> {
    return this.serial(() => this.generateNow(prompt, opts));
  }

  prefill(prompt: string, signal?: AbortSignal, cacheKey?: string): Promise<PrefillResult> {
    return this.serial(async () => {
      const t0 = performance.now();
      const ids = this.promptIds(prompt);
      const cache = this.cacheFor(cacheKey);
      if (!cache || signal?.aborted)
        return { promptTokens: ids.length, cachedTokens: 0, computedTokens: 0, aborted: !!signal?.aborted, ms: 0 };
      const { kv, reused } = await cache.take(ids);
      const run = await this.extend(ids, kv, ids.length - 1, signal);
      cache.keep(ids, run.kv);
      return {
        promptTokens: ids.length,
        cachedTokens: cacheLength(run.kv),
        computedTokens: cacheLength(run.kv) - reused,
        aborted: run.aborted,
        ms: performance.now() - t0,
      };
    });
  }

  /** One run at a time per model: ONNX Runtime Web refuses concurrent runs of a session, and the cache is shared. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private promptIds(prompt: string): number[] {
    return Array.from(this.tokenizer.encode(prompt, { add_special_tokens: true }));
  }

  /**
   * Extends `kv` over ids[cached .. end) in chunks of PREFILL_CHUNK tokens,
   * checking `signal` between chunks. A long prompt on WASM takes seconds: a
   * keystroke stops it within one chunk, and the chunks done stay cached.
   */
  private async extend(
    ids: readonly number[],
    kv: DynamicCache | undefined,
    end: number,
    signal?: AbortSignal,
  ): Promise<{ kv?: DynamicCache; aborted: boolean }> {
    let done = cacheLength(kv);
    while (done < end) {
      if (signal?.aborted) return { kv, aborted: true };
      const to = Math.min(end, done + PREFILL_CHUNK);
      const out = (await this.lm.forward({
        input_ids: new Tensor('int64', BigInt64Array.from(ids.slice(done, to), BigInt), [1, to - done]),
        attention_mask: new Tensor('int64', new BigInt64Array(to).fill(1n), [1, to]),
        ...(kv && { past_key_values: kv }),
      })) as Record<string, Tensor>;
      const present: Record<string, Tensor> = {};
      for (const [name, t] of Object.entries(out)) {
        if (name.startsWith('present')) present[name.replace('present', 'past_key_values')] = t;
        else if (t.location === 'gpu-buffer') t.dispose();
      }
      if (kv) kv.update(present);
      else kv = new DynamicCache(present);
      done = to;
      this.onStep?.();
    }
    return { kv, aborted: false };
  }

  private async generateNow(prompt: string, opts: GenerateOptions): Promise<LocalGeneration> {
    const t0 = performance.now();
    if (opts.signal?.aborted) return { text: '', tokens: [], finish: 'aborted' };
    if (opts.maxNewTokens < 1) return { text: '', tokens: [], finish: 'length' };

    const typed = this.promptIds(prompt);
    const healing = opts.healLastToken && this.healingVocab ? healLastToken(typed, this.healingVocab, this.decode) : undefined;
    const promptIds = healing?.ids ?? typed;
    const promptLength = promptIds.length;
    let kv: DynamicCache | undefined;
    let reused = 0;
    const cache = this.cacheFor(opts.cacheKey);
    if (cache) {
      ({ kv, reused } = await cache.take(promptIds));
      // Computed ahead in abortable chunks; generate() then reads the last chunk.
      const run = await this.extend(promptIds, kv, promptLength - PREFILL_CHUNK, opts.signal);
      kv = run.kv;
      if (run.aborted) {
        cache.keep(promptIds, kv);
        return {
          text: '',
          tokens: [],
          finish: 'aborted',
          stats: { promptTokens: promptLength, reusedTokens: reused, prefillMs: performance.now() - t0, decodeMs: 0, newTokens: 0 },
        };
      }
    }
    const stopIds = this.stopIds(opts.stopTokens);
    const recorder = new TokenProbRecorder();
    const abort = new AbortCriteria(opts.signal, this.onStep);
    const processors = new LogitsProcessorList();
    // The constraint before the recorder: the recorded probability is the model's given the healed text.
    if (healing) processors.push(new FirstTokenConstraint(promptLength, healing.allowed));
    processors.push(recorder);
    // After the recorder: the probability recorded for a runner-up is the model's own.
    if (opts.firstTokenRank && opts.firstTokenRank > 1) processors.push(new FirstTokenAtRank(promptLength, opts.firstTokenRank));
    const lineEnd: EarlyStopCheck | undefined = opts.stopAtLineEnd ? (p) => (LINE_DONE.test(p.text) ? LINE_END : undefined) : undefined;
    const check: EarlyStopCheck | undefined =
      lineEnd && opts.earlyStop ? (p) => lineEnd(p) ?? opts.earlyStop!(p) : (lineEnd ?? opts.earlyStop);
    const early = check ? new EarlyStopCriteria(check, recorder, promptLength, stopIds, this.tokenTexts(healing?.text)) : undefined;

    const lookup = opts.promptLookup ?? this.promptLookup;
    const result = lookup
      ? await this.decodeWithLookup(
          promptIds,
          kv,
          opts.maxNewTokens + (healing ? 1 : 0),
          stopIds,
          processors,
          early ? [abort, early] : [abort],
        )
      : ((await this.lm.generate({
          input_ids: new Tensor('int64', BigInt64Array.from(promptIds, BigInt), [1, promptLength]),
          attention_mask: new Tensor('int64', new BigInt64Array(promptLength).fill(1n), [1, promptLength]),
          ...GREEDY,
          // The token taken back is written again: it does not count against what was asked for.
          max_new_tokens: opts.maxNewTokens + (healing ? 1 : 0),
          ...(stopIds.length > 0 ? { eos_token_id: stopIds } : {}),
          logits_processor: processors,
          stopping_criteria: early ? [abort, early] : [abort],
          ...(cache && { return_dict_in_generate: true, ...(kv && { past_key_values: kv }) }),
        })) as Tensor | { sequences: Tensor; past_key_values: DynamicCache });
    const tEnd = performance.now();
    const sequences = result instanceof Tensor ? result : result.sequences;

    const all = (sequences.tolist() as bigint[][])[0].map(Number);
    if (cache && !(result instanceof Tensor) && result.past_key_values) cache.keep(all, result.past_key_values);
    const ids = all.slice(promptLength);
    recorder.resolve(ids[ids.length - 1]);
    const probs = recorder.probs;

    const endsWithStop = ids.length > 0 && stopIds.includes(ids[ids.length - 1]);
    const bodyIds = endsWithStop ? ids.slice(0, -1) : ids;
    const perToken = this.tokenTexts(healing?.text);
    for (const id of bodyIds) perToken.push(id);
    const texts = perToken.all();
    // The taken-back token written again as it was keeps its place (text '', its probability the model's
    // choice not to go on in that token): the early-stop check saw it, so the router sees the same tokens.
    const tokens = bodyIds.map((id, i) => ({ id, text: texts[i], prob: probs[i] }));
    const stopId = ids[ids.length - 1];
    const stopToken = endsWithStop
      ? { id: stopId, text: this.tokenizer.decode([stopId], { skip_special_tokens: false }), prob: probs[ids.length - 1] }
      : undefined;

    const written = bodyIds.length > 0 ? this.tokenizer.decode(bodyIds, { skip_special_tokens: true }) : '';
    const decoded = healing && written.startsWith(healing.text) ? written.slice(healing.text.length) : written;
    const atLineEnd = early?.reason === LINE_END;
    const { text, tokens: kept } = atLineEnd ? cutAtLineEnd(decoded, tokens) : { text: decoded, tokens };
    const finish = abort.fired ? 'aborted' : atLineEnd ? 'stop' : early?.reason ? 'early' : endsWithStop ? 'stop' : 'length';
    const firstAt = recorder.firstAt ?? tEnd;
    const cost: GenerationStats = {
      promptTokens: promptLength,
      reusedTokens: reused,
      prefillMs: firstAt - t0,
      decodeMs: tEnd - firstAt,
      newTokens: ids.length,
      ...(!(result instanceof Tensor) && 'passes' in result && { passes: result.passes }),
    };
    return {
      text,
      tokens: kept,
      finish,
      stats: cost,
      ...(early?.reason && !atLineEnd && { earlyReason: early.reason }),
      ...(stopToken && { stopToken }),
    };
  }

  /** The lookup decoding loop, answering in generate()'s shape; without reuse its cache is dropped, as generate()'s is. */
  private async decodeWithLookup(
    promptIds: readonly number[],
    kv: DynamicCache | undefined,
    maxNewTokens: number,
    stopIds: number[],
    processors: LogitsProcessorList,
    criteria: StoppingCriteria[],
  ): Promise<{ sequences: Tensor; past_key_values: DynamicCache | undefined; passes: number }> {
    const out = await decodeWithLookup({ lm: this.lm, promptIds, kv, maxNewTokens, stopIds, processors, criteria, lookup: DEFAULT_LOOKUP });
    if (!this.caches) await out.kv?.dispose();
    return {
      sequences: new Tensor('int64', BigInt64Array.from(out.ids, BigInt), [1, out.ids.length]),
      past_key_values: this.caches ? out.kv : undefined,
      passes: out.passes,
    };
  }

  countTokens(text: string): number {
    return this.tokenizer.encode(text, { add_special_tokens: false }).length;
  }

  async dispose(): Promise<void> {
    await this.queue;
    for (const cache of this.caches?.values() ?? []) await cache.clear();
    this.caches?.clear();
    await this.lm.dispose();
  }
}

/**
 * A model whose tokenizer does not know its family's FIM markers as single
 * tokens would see them as plain text: the prompt is gibberish to it. Fail
 * at load with the cause rather than complete nonsense later.
 */
function checkFimTokens(tokenizer: PreTrainedTokenizer, family: string, model: string): void {
  const tpl = fimTemplate(family);
  const markers = tpl.stopTokens.filter((t) => tpl.build('', '').includes(t));
  const missing = markers.filter(
    (t) => typeof tokenizer.convert_tokens_to_ids(t) !== 'number' || tokenizer.encode(t, { add_special_tokens: false }).length !== 1,
  );
  if (missing.length) {
    throw new ModelLoadError(
      `The tokenizer of "${model}" has no ${missing.join(' ')} token(s) of the ${family} FIM family: ` +
        'is the family in the catalog right? (This model cannot fill in the middle with that template.)',
    );
  }
}

// ---------------------------------------------------------------------------

export async function loadLocalModel(opts: LoadOptions): Promise<LoadedModel> {
  const { model, source, device } = opts;
  const where = describeSource(model, source);
  return serialised(async () => {
    configureEnv(source);
    // A mirror or the hub that the page's policy does not list fails like an unreachable host: tell them apart.
    const policy = source.kind === 'bundled' ? undefined : watchPagePolicy(where);
    const progress_callback = progressAdapter(opts.onProgress);
    // Loaded in stages so a failure names what was missing: a tokenizer whose
    // files are absent fails inside transformers.js with a bare TypeError.
    let stage = 'config.json';
    try {
      const config = await AutoConfig.from_pretrained(model, { progress_callback });
      stage = 'the tokenizer (tokenizer.json, tokenizer_config.json)';
      const tokenizer = await AutoTokenizer.from_pretrained(model, { progress_callback });
      if (opts.family) checkFimTokens(tokenizer, opts.family, model);
      stage = `the ONNX model (onnx/model*.onnx for dtype ${opts.dtype ?? 'default'})`;
      const lm = await AutoModelForCausalLM.from_pretrained(model, {
        config,
        device,
        // The library validates the name; a wrong one fails with its list of valid dtypes.
        ...(opts.dtype ? { dtype: opts.dtype as never } : {}),
        ...(opts.fileName ? { model_file_name: opts.fileName } : {}),
        progress_callback,
      });
      const partialMiddle = (config as unknown as Record<string, unknown>)[NO_PARTIAL_MIDDLE_FIELD] !== false;
      policy?.stop();
      return new TransformersLocalModel(
        model,
        device,
        tokenizer,
        lm,
        opts.reuseCache ?? true,
        partialMiddle,
        opts.promptLookup ?? false,
        opts.onStep,
      );
    } catch (e) {
      if (e instanceof ModelLoadError) throw e;
      if (await policy?.seen()) throw new ModelLoadError(pagePolicyRefusal(where, 'model.source'), { cause: e, stage: 'files' });
      const cause = e instanceof Error ? e.message : String(e);
      const what =
        e instanceof ModelFileNotFoundError && stage === 'config.json'
          ? `Model "${model}" not found at ${where}`
          : // e.g. a dev server answering index.html (200) for a missing file gives a JSON SyntaxError.
            `Could not load ${stage} of model "${model}" from ${where} on ${device}`;
      // config.json and the tokenizer involve no device; the ONNX stage fetches its weights before it makes a session.
      const files = !stage.startsWith('the ONNX model') || e instanceof ModelFileNotFoundError || FETCH_FAILED.test(cause);
      throw new ModelLoadError(`${what}: ${cause}`, { cause: e, stage: files ? 'files' : 'session' });
    }
  });
}
