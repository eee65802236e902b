// The real-architecture fixture: its files, its flags, and that it is a real
// decoder: it loads through the app's loader, and its KV cache gives the same
// logits as recomputing the whole sequence.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLocalModel, type LoadedModel } from '../../src/completion';
import { parseArgs, writeRealArchModel } from '../make-fixture-models';
import { DEFAULT_REAL_ARCH, isSpokenToken, parameterCount, vocabSize, type RealArchSpec } from './real-arch';
import { realArchFiles } from './real-arch-files';
import { specialTokenId, textTokenIds } from './tokenizer';

const decodeJson = (b: Uint8Array | undefined) => JSON.parse(new TextDecoder().decode(b));
const onnxBytes = (s: RealArchSpec) => realArchFiles(s).get('onnx/model.onnx')!;
const spec = (over: Partial<RealArchSpec>): RealArchSpec => ({ ...DEFAULT_REAL_ARCH, ...over });

describe('real-architecture fixture files', () => {
  it('are the same bytes on every run, and the seed changes the weights', () => {
    const a = realArchFiles(DEFAULT_REAL_ARCH);
    const b = realArchFiles(DEFAULT_REAL_ARCH);
    for (const [k, v] of a) expect(Buffer.from(v).equals(Buffer.from(b.get(k)!)), k).toBe(true);
    expect(Buffer.from(onnxBytes(spec({ seed: 7 }))).equals(Buffer.from(a.get('onnx/model.onnx')!))).toBe(false);
  });

  it('have a Qwen2 config that matches the graph', () => {
    const files = realArchFiles(DEFAULT_REAL_ARCH);
    expect([...files.keys()].sort()).toEqual([
      'config.json',
      'generation_config.json',
      'onnx/model.onnx',
      'tokenizer.json',
      'tokenizer_config.json',
    ]);
    const s = DEFAULT_REAL_ARCH;
    expect(decodeJson(files.get('config.json'))).toMatchObject({
      model_type: 'qwen2',
      num_hidden_layers: s.layers,
      hidden_size: s.hidden,
      num_attention_heads: s.heads,
      num_key_value_heads: s.kvHeads,
      head_dim: s.headDim,
      intermediate_size: s.intermediate,
      rope_theta: s.ropeTheta,
      vocab_size: vocabSize(s),
      eos_token_id: specialTokenId('<|endoftext|>'),
    });
  });

  it('the default is small: a few MB, generated fast', () => {
    const t0 = performance.now();
    const bytes = onnxBytes(DEFAULT_REAL_ARCH);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(bytes.length).toBeGreaterThan(1e6);
    expect(bytes.length).toBeLessThan(8e6);
  });

  it('grow with the size flags as the parameter count says (4 bytes a weight)', () => {
    const overhead = (s: RealArchSpec) => onnxBytes(s).length - 4 * parameterCount(s);
    const small = spec({ layers: 1, hidden: 32, heads: 2, kvHeads: 1, headDim: 16, intermediate: 64 });
    for (const s of [small, { ...small, layers: 3 }, { ...small, hidden: 64, intermediate: 128 }, { ...small, vocabExtra: 1000 }]) {
      // Graph structure, names and constants: a few KB per layer, never weights.
      expect(overhead(s)).toBeGreaterThan(0);
      expect(overhead(s)).toBeLessThan(4000 + 6000 * s.layers);
    }
    const perLayer = 4 * (parameterCount({ ...small, layers: 2 }) - parameterCount(small));
    const grown = onnxBytes({ ...small, layers: 3 }).length - onnxBytes(small).length;
    expect(Math.abs(grown - 2 * perLayer)).toBeLessThan(2 * 6000);
    expect(onnxBytes({ ...small, vocabExtra: 1000 }).length - onnxBytes(small).length).toBeGreaterThanOrEqual(4 * 2 * 1000 * small.hidden);
  });
});

describe('make-fixture-models flags', () => {
  it('without --real-arch: the designed fixtures only take --out', () => {
    expect(parseArgs([]).realArch).toBeUndefined();
    expect(() => parseArgs(['--layers', '2'])).toThrow(/need --real-arch/);
    expect(() => parseArgs(['--bogus'])).toThrow(/unknown argument --bogus/);
    expect(() => parseArgs(['stray'])).toThrow(/unknown argument stray/);
    expect(() => parseArgs(['--real-arch', '--layers'])).toThrow(/--layers needs a value/);
    expect(() => parseArgs(['--out='])).toThrow(/--out needs a value/);
  });

  it('--real-arch alone is the default model; size flags name and size it', () => {
    expect(parseArgs(['--real-arch']).realArch).toEqual(DEFAULT_REAL_ARCH);
    const s = parseArgs([
      '--real-arch',
      '--layers',
      '8',
      '--hidden=256',
      '--heads',
      '8',
      '--kv-heads',
      '2',
      '--vocab-extra',
      '1000',
    ]).realArch!;
    expect(s).toMatchObject({
      layers: 8,
      hidden: 256,
      heads: 8,
      kvHeads: 2,
      headDim: 32,
      intermediate: 768,
      vocabExtra: 1000,
      name: 'fixture-qwen2-l8-h256-a8-kv2-i768-v1000',
    });
    expect(parseArgs(['--real-arch', '--name', 'mine', '--intermediate', '100']).realArch).toMatchObject({
      name: 'mine',
      intermediate: 100,
      hidden: DEFAULT_REAL_ARCH.hidden,
    });
  });

  it('refuses shapes that are not a valid model', () => {
    expect(() => parseArgs(['--real-arch', '--heads', '4', '--kv-heads', '3'])).toThrow(/multiple of kv-heads/);
    expect(() => parseArgs(['--real-arch', '--layers', '0'])).toThrow(/positive integer/);
    expect(() => parseArgs(['--real-arch', '--hidden', 'big'])).toThrow(/needs an integer/);
    expect(() => parseArgs(['--real-arch', '--head-dim', '15'])).toThrow(/even/);
  });
});

// ---------------------------------------------------------------------------
// Running it. ONNX Runtime directly for logits; the app's loader for generation.

const small = spec({ name: 'fixture-qwen2-test', layers: 2, hidden: 64, heads: 4, kvHeads: 2, headDim: 16, intermediate: 128 });
const V = vocabSize(small);
const dir = mkdtempSync(join(tmpdir(), 'real-arch-'));
let session: ort.InferenceSession;
let model: LoadedModel;

beforeAll(async () => {
  await writeRealArchModel(dir, small);
  session = await ort.InferenceSession.create(join(dir, small.name, 'onnx', 'model.onnx'));
  model = await loadLocalModel({ model: small.name, source: { kind: 'bundled', root: dir }, device: 'cpu' });
});
afterAll(async () => {
  await model?.dispose();
  await session?.release();
  rmSync(dir, { recursive: true, force: true });
});

type Cache = Record<string, ort.Tensor>;
const i64 = (values: number[]) => new ort.Tensor('int64', BigInt64Array.from(values.map(BigInt)), [1, values.length]);

function emptyCache(): Cache {
  const cache: Cache = {};
  for (let l = 0; l < small.layers; l++) {
    for (const kind of ['key', 'value'])
      cache[`past_key_values.${l}.${kind}`] = new ort.Tensor('float32', new Float32Array(0), [1, small.kvHeads, 0, small.headDim]);
  }
  return cache;
}

/** One forward pass: `ids` after `past` cached tokens. Returns logits rows and the new cache. */
async function forward(ids: number[], cache: Cache, opts: { mask?: number[]; positions?: number[] } = {}) {
  const pastLen = cache['past_key_values.0.key'].dims[2];
  const mask = opts.mask ?? Array(pastLen + ids.length).fill(1);
  const positions = opts.positions ?? ids.map((_, i) => pastLen + i);
  const out = await session.run({ input_ids: i64(ids), attention_mask: i64(mask), position_ids: i64(positions), ...cache });
  const logits = out.logits.data as Float32Array;
  const rows = ids.map((_, i) => logits.subarray(i * V, (i + 1) * V));
  const next: Cache = {};
  for (const name of Object.keys(cache)) next[name] = out[name.replace('past_key_values', 'present')];
  return { rows, cache: next, out };
}

const maxAbsDiff = (a: Float32Array, b: Float32Array) => a.reduce((m, x, i) => Math.max(m, Math.abs(x - b[i])), 0);
const argmax = (row: Float32Array) => row.reduce((best, x, i) => (x > row[best] ? i : best), 0);
function softmaxAt(row: Float32Array, id: number): number {
  const max = Math.max(...row);
  return Math.exp(row[id] - max) / row.reduce((s, x) => s + Math.exp(x - max), 0);
}

describe('real-architecture fixture running', () => {
  const prompt = textTokenIds('def add(a, b):\n    return a');

  it('exposes the decoder interface transformers.js expects', () => {
    expect(session.inputNames).toEqual([
      'input_ids',
      'attention_mask',
      'position_ids',
      ...[0, 1].flatMap((l) => [`past_key_values.${l}.key`, `past_key_values.${l}.value`]),
    ]);
    expect(session.outputNames).toEqual(['logits', ...[0, 1].flatMap((l) => [`present.${l}.key`, `present.${l}.value`])]);
  });

  it('KV cache: feeding tokens one at a time gives the logits of the whole sequence at once', async () => {
    const whole = await forward(prompt, emptyCache());
    expect(whole.out['present.1.key'].dims).toEqual([1, small.kvHeads, prompt.length, small.headDim]);
    // A prefix in one pass, then the rest token by token through the cache.
    let step = await forward(prompt.slice(0, 5), emptyCache());
    for (let i = 0; i < 5; i++) expect(maxAbsDiff(step.rows[i], whole.rows[i])).toBeLessThan(1e-4);
    for (let i = 5; i < prompt.length; i++) {
      step = await forward([prompt[i]], step.cache);
      expect(maxAbsDiff(step.rows[0], whole.rows[i])).toBeLessThan(1e-4);
    }
  });

  it('is causal: later tokens do not change earlier logits', async () => {
    const a = await forward(prompt, emptyCache());
    const b = await forward([...prompt.slice(0, 10), ...textTokenIds('XYZ')], emptyCache());
    for (let i = 0; i < 10; i++) expect(maxAbsDiff(a.rows[i], b.rows[i])).toBeLessThan(1e-5);
    expect(maxAbsDiff(a.rows[11], b.rows[11])).toBeGreaterThan(1e-3);
  });

  it('honours attention_mask: left padding does not change the logits', async () => {
    const plain = await forward(prompt, emptyCache());
    const pad = [0, 0, 0];
    const padded = await forward([...pad.map(() => specialTokenId('<|endoftext|>')), ...prompt], emptyCache(), {
      mask: [...pad, ...prompt.map(() => 1)],
      positions: [...pad.map(() => 0), ...prompt.map((_, i) => i)],
    });
    for (let i = 0; i < prompt.length; i++) expect(maxAbsDiff(padded.rows[pad.length + i], plain.rows[i])).toBeLessThan(1e-4);
  });

  it('encodes positions with rotary embeddings: relative, so a shift changes nothing but other gaps do', async () => {
    const a = await forward(prompt, emptyCache());
    const shifted = await forward(prompt, emptyCache(), { positions: prompt.map((_, i) => i + 100) });
    const spread = await forward(prompt, emptyCache(), { positions: prompt.map((_, i) => 2 * i) });
    expect(maxAbsDiff(a.rows.at(-1)!, shifted.rows.at(-1)!)).toBeLessThan(1e-3);
    expect(maxAbsDiff(a.rows.at(-1)!, spread.rows.at(-1)!)).toBeGreaterThan(1e-2);
  });

  it('generates through loadLocalModel; greedy with the cache equals recomputing every prefix', async () => {
    const text = '<|fim_prefix|>def add(a, b):\n    return <|fim_suffix|>\n<|fim_middle|>';
    const out = await model.generate(text, { maxNewTokens: 12, stopTokens: ['<|endoftext|>', '<|fim_pad|>'] });
    expect(out.finish).toBe('length'); // the head never picks a special token
    expect(out.tokens).toHaveLength(12);
    expect(out.tokens.map((t) => t.text).join('')).toBe(out.text);
    for (const t of out.tokens) {
      expect(isSpokenToken(t.id)).toBe(true);
      expect(t.prob).toBeGreaterThan(0);
      expect(t.prob).toBeLessThanOrEqual(1);
    }
    const promptIds = [
      specialTokenId('<|fim_prefix|>'),
      ...textTokenIds('def add(a, b):\n    return '),
      specialTokenId('<|fim_suffix|>'),
      ...textTokenIds('\n'),
      specialTokenId('<|fim_middle|>'),
    ];
    const ids = [...promptIds];
    for (const t of out.tokens) {
      const fresh = await forward(ids, emptyCache()); // no cache: the whole prefix again
      const last = fresh.rows.at(-1)!;
      expect(argmax(last)).toBe(t.id);
      expect(t.prob).toBeCloseTo(softmaxAt(last, t.id), 4);
      ids.push(t.id);
    }
  });

  it('writes a model whose file size is the parameter count in fp32', () => {
    const size = statSync(join(dir, small.name, 'onnx', 'model.onnx')).size;
    expect(size / (4 * parameterCount(small))).toBeGreaterThan(1);
    expect(size / (4 * parameterCount(small))).toBeLessThan(1.1);
  });
});
