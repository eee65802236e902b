// Model twins: the real configurations and published sizes (computed by the
// writer's own size calculator, nothing generated), and a tiny twin made by
// the same code path (tokenizer training, every dtype, external data, tied LM
// head) that loads through the app's loader and generates.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { AutoTokenizer, env, type PreTrainedTokenizer } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLocalModel } from '../../src/completion';
import { parseArgs } from '../make-fixture-models';
import { countWords, QWEN2_SPLIT_JS, trainByteLevelBpe } from './bpe-trainer';
import { DTYPE_FILE, MODEL_DTYPES } from './qwen2-graph';
import { isSpokenToken, vocabSize } from './real-arch';
import { bytesToUnicode } from './tokenizer';
import { qwenAddedTokens } from './twin-tokenizer';
import { DEFAULT_TWINS_DIR, ensureTwin, TWINS, twinFileSizes, usesExternalData, type TwinDefinition } from './twins';

describe('model twins of the real models', () => {
  // From the models' config.json on the hub.
  it('have the real configurations', () => {
    const common = { kvHeads: 2, ropeTheta: 1_000_000, rmsNormEps: 1e-6 };
    expect(TWINS['qwen2.5-coder-0.5b'].spec).toMatchObject({
      ...common,
      layers: 24,
      hidden: 896,
      heads: 14,
      headDim: 64,
      intermediate: 4864,
    });
    expect(TWINS['qwen2.5-coder-1.5b'].spec).toMatchObject({
      ...common,
      layers: 28,
      hidden: 1536,
      heads: 12,
      headDim: 128,
      intermediate: 8960,
    });
    for (const def of Object.values(TWINS)) expect(vocabSize(def.spec)).toBe(151_936);
  });

  it("have Qwen2.5-Coder's added tokens at their real ids", () => {
    const ids = new Map(qwenAddedTokens().map((t) => [t.content, t.id]));
    expect(ids.size).toBe(22);
    expect(
      Object.fromEntries(
        [
          '<|endoftext|>',
          '<|im_start|>',
          '<|im_end|>',
          '<|fim_prefix|>',
          '<|fim_middle|>',
          '<|fim_suffix|>',
          '<|fim_pad|>',
          '<|repo_name|>',
          '<|file_sep|>',
        ].map((t) => [t, ids.get(t)]),
      ),
    ).toEqual({
      '<|endoftext|>': 151643,
      '<|im_start|>': 151644,
      '<|im_end|>': 151645,
      '<|fim_prefix|>': 151659,
      '<|fim_middle|>': 151660,
      '<|fim_suffix|>': 151661,
      '<|fim_pad|>': 151662,
      '<|repo_name|>': 151663,
      '<|file_sep|>': 151664,
    });
  });

  // The writer's encoder sizes the files without making a weight; the tiny twin below checks it against written files.
  for (const def of Object.values(TWINS) as TwinDefinition[]) {
    for (const dtype of MODEL_DTYPES) {
      it(`${def.name} ${dtype}: files within 10% of the published export`, () => {
        const { model, data } = twinFileSizes(def, dtype);
        expect((model + data) / def.published[dtype]!).toBeGreaterThan(0.9);
        expect((model + data) / def.published[dtype]!).toBeLessThan(1.1);
        expect(model).toBeLessThan(2 ** 31); // protobuf's limit
      });
    }
  }

  it('keep weights in external data exactly where the exports do (a file past 2 GB)', () => {
    const external = (def: TwinDefinition) => MODEL_DTYPES.filter((d) => usesExternalData(def, d));
    expect(external(TWINS['qwen2.5-coder-0.5b'])).toEqual(['fp32']);
    expect(external(TWINS['qwen2.5-coder-1.5b'])).toEqual(['fp32', 'fp16']);
  });
});

describe('make-fixture-models --twin', () => {
  it('takes a twin, dtypes and --out', () => {
    expect(parseArgs(['--twin', 'qwen2.5-coder-0.5b', '--dtype', 'q8', '--dtype=q4f16'])).toEqual({
      out: DEFAULT_TWINS_DIR,
      twin: { name: 'qwen2.5-coder-0.5b', dtypes: ['q8', 'q4f16'] },
    });
    expect(parseArgs(['--twin', 'qwen2.5-coder-1.5b', '--dtype', 'fp16', '--out', '/tmp/x']).out).toBe('/tmp/x');
    expect(DEFAULT_TWINS_DIR).toMatch(/\.cache\/model-twins$/);
  });

  it('refuses what it cannot make', () => {
    expect(() => parseArgs(['--twin', 'qwen2.5-coder-7b', '--dtype', 'q8'])).toThrow(/unknown twin "qwen2.5-coder-7b"/);
    expect(() => parseArgs(['--twin', 'qwen2.5-coder-0.5b'])).toThrow(/at least one --dtype/);
    expect(() => parseArgs(['--twin', 'qwen2.5-coder-0.5b', '--dtype', 'int3'])).toThrow(/--dtype must be one of/);
    expect(() => parseArgs(['--dtype', 'q8'])).toThrow(/--dtype needs --twin/);
    expect(() => parseArgs(['--twin', 'qwen2.5-coder-0.5b', '--dtype', 'q8', '--layers', '2'])).toThrow(/--twin takes only/);
  });
});

// ---------------------------------------------------------------------------
// A tiny twin, made and run: the same code path at a small size.

const CORPUS = [
  readFileSync(new URL('../../src/completion/worker/local-model.ts', import.meta.url), 'utf8'),
  readFileSync(new URL('./qwen2-graph.ts', import.meta.url), 'utf8'),
  'def add(a, b):\n    return a + b\n\nclass Point:\n    def __init__(self, x, y):\n        self.x = x\n',
];
const REGULAR = 1500;

function tinyTwin(name: string, over: Partial<TwinDefinition['spec']> = {}, externalAbove = 2 ** 31 - 1): TwinDefinition {
  return {
    name,
    source: 'test',
    regularTokens: REGULAR,
    published: {},
    externalAbove,
    corpus: () => CORPUS,
    spec: {
      name: `twin-${name}`,
      layers: 2,
      hidden: 64,
      heads: 4,
      kvHeads: 2,
      headDim: 16,
      intermediate: 128,
      tokenizerTokens: REGULAR + 22,
      vocabExtra: 10,
      seed: 5,
      ropeTheta: 1e6,
      rmsNormEps: 1e-6,
      ...over,
    },
  };
}

const dir = mkdtempSync(join(tmpdir(), 'twins-'));
const plain = tinyTwin('tiny');
// Tied LM head (as the 1.5B export) and every file past a 20 KB "limit": external data throughout.
const tied = tinyTwin('tiny-tied', { lmHeadFromEmbedding: true }, 20_000);
const folders = new Map<string, string>();
const lines: string[] = [];

beforeAll(async () => {
  for (const def of [plain, tied])
    folders.set(def.name, await ensureTwin({ twin: def, dtypes: MODEL_DTYPES, dir, onProgress: (l) => lines.push(l) }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a tiny twin', () => {
  it('writes the onnx-community layout, each file the size the calculator said', () => {
    for (const def of [plain, tied]) {
      const onnx = join(folders.get(def.name)!, 'onnx');
      for (const dtype of MODEL_DTYPES) {
        const want = twinFileSizes(def, dtype);
        expect(statSync(join(onnx, DTYPE_FILE[dtype])).size).toBe(want.model);
        if (def === tied) expect(statSync(join(onnx, `${DTYPE_FILE[dtype]}_data`)).size).toBe(want.data);
      }
      expect(readdirSync(onnx).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    }
    expect(readdirSync(join(folders.get(plain.name)!, 'onnx')).sort()).toEqual(Object.values(DTYPE_FILE).sort());
  });

  it('says in config.json which files have external data, and keeps the real config fields', () => {
    const config = (def: TwinDefinition) => JSON.parse(readFileSync(join(folders.get(def.name)!, 'config.json'), 'utf8'));
    expect(config(plain)['transformers.js_config'].use_external_data_format).toBeUndefined();
    expect(config(tied)['transformers.js_config'].use_external_data_format).toEqual(
      Object.fromEntries(Object.values(DTYPE_FILE).map((f) => [f, 1])),
    );
    expect(config(plain)).toMatchObject({
      model_type: 'qwen2',
      tie_word_embeddings: true,
      eos_token_id: REGULAR,
      vocab_size: REGULAR + 32,
      num_hidden_layers: 2,
      rope_theta: 1e6,
    });
    const tokConfig = JSON.parse(readFileSync(join(folders.get(plain.name)!, 'tokenizer_config.json'), 'utf8'));
    expect(tokConfig.clean_up_tokenization_spaces).toBe(false);
  });

  it('makes only what is missing on a second call', async () => {
    const again: string[] = [];
    await ensureTwin({ twin: plain, dtypes: ['q8', 'q4f16'], dir, onProgress: (l) => again.push(l) });
    expect(again).toEqual([]);
    expect(lines.some((l) => /writing onnx\/model_quantized\.onnx/.test(l))).toBe(true);
  });

  it('a real twin takes the tokenizer another real twin already learnt (the models share one)', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'twins-shared-'));
    try {
      const sibling = join(shared, TWINS['qwen2.5-coder-0.5b'].spec.name);
      mkdirSync(sibling);
      for (const f of ['tokenizer.json', 'tokenizer_config.json']) copyFileSync(join(folders.get(plain.name)!, f), join(sibling, f));
      const log: string[] = [];
      const folder = await ensureTwin({ twin: 'qwen2.5-coder-1.5b', dtypes: [], dir: shared, onProgress: (l) => log.push(l) });
      expect(log).toEqual([`${TWINS['qwen2.5-coder-1.5b'].spec.name}: tokenizer copied from ${basename(sibling)}`]);
      expect(readFileSync(join(folder, 'tokenizer.json'), 'utf8')).toBe(readFileSync(join(sibling, 'tokenizer.json'), 'utf8'));
      expect(JSON.parse(readFileSync(join(folder, 'config.json'), 'utf8'))).toMatchObject({
        num_hidden_layers: 28,
        hidden_size: 1536,
        vocab_size: 151_936,
        eos_token_id: 151_643,
      });
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  });

  for (const name of ['tiny', 'tiny-tied']) {
    for (const dtype of MODEL_DTYPES) {
      it(`${name} ${dtype}: loads through loadLocalModel and generates printable text to the token limit`, async () => {
        const folder = folders.get(name)!;
        // Reuse off: a q8 model quantizes its activations per call (DynamicQuantizeLinear), so a prompt
        // read from the cache in a different split is a different computation; "the same prompt gives the
        // same tokens" is asked of the model here, not of the cache (prompt-reuse.test.ts covers that, on fp32).
        const model = await loadLocalModel({
          model: basename(folder),
          source: { kind: 'bundled', root: dirname(folder) },
          device: 'cpu',
          dtype,
          family: 'qwen2.5-coder',
          reuseCache: false,
        });
        try {
          const prompt = '<|fim_prefix|>def add(a, b):\n    return <|fim_suffix|>\n<|fim_middle|>';
          const out = await model.generate(prompt, { maxNewTokens: 8, stopTokens: ['<|endoftext|>', '<|fim_pad|>', '<|file_sep|>'] });
          expect(out.finish).toBe('length');
          expect(out.tokens).toHaveLength(8);
          expect(out.tokens.map((t) => t.text).join('')).toBe(out.text);
          expect([...out.text].every((ch) => isSpokenToken(ch.charCodeAt(0)))).toBe(true);
          for (const t of out.tokens) expect(t.prob).toBeGreaterThan(0);
          // Deterministic: the same prompt gives the same tokens.
          const again = await model.generate(prompt, { maxNewTokens: 8, stopTokens: ['<|endoftext|>'] });
          expect(again.tokens.map((t) => t.id)).toEqual(out.tokens.map((t) => t.id));
        } finally {
          await model.dispose();
        }
      });
    }
  }
});

describe('the twin tokenizer', () => {
  let tokenizer: PreTrainedTokenizer;
  let vocab: string[];
  beforeAll(async () => {
    env.allowRemoteModels = false;
    env.allowLocalModels = true;
    env.localModelPath = `${dir}/`;
    tokenizer = await AutoTokenizer.from_pretrained(plain.spec.name);
    const json = JSON.parse(readFileSync(join(folders.get(plain.name)!, 'tokenizer.json'), 'utf8'));
    vocab = [];
    for (const [t, id] of Object.entries(json.model.vocab as Record<string, number>)) vocab[id] = t;
  });

  const SAMPLES = [
    'def add(a, b):\n    return a + b\n',
    '\tif (x<=y && y!=z) { s += "tab\\t"; }\r\n\r\n',
    "  leading spaces,   runs of   spaces, trailing  \n it's, I'LL, we've",
    '// café, naïve, Ærøskøbing, 中文注释, русский, العربية, हिन्दी',
    'const smile = "😀👍🏽👨‍👩‍👧‍🦱🇩🇪"; // emoji, skin tone, ZWJ family, flag',
    'nul\u0000 bell\u0007 esc\u001b del\u007f nbsp\u00a0 zwsp\u200b bom\ufeff',
    'x = 12345678901234567890 + 0x1F; // numbers split digit by digit',
    'interface LoadedModel { generate(prompt: string): Promise<LocalGeneration>; }',
  ];

  it('has the regular tokens then the 22 added tokens, FIM markers single tokens', () => {
    expect(vocab).toHaveLength(REGULAR);
    for (const t of qwenAddedTokens(REGULAR)) expect(tokenizer.encode(t.content, { add_special_tokens: false })).toEqual([t.id]);
  });

  it('round-trips code in any script, through merges (fewer tokens than bytes)', () => {
    let tokens = 0;
    let bytes = 0;
    for (const s of SAMPLES) {
      const ids = tokenizer.encode(s, { add_special_tokens: false });
      expect(tokenizer.decode(ids, { skip_special_tokens: false })).toBe(s);
      tokens += ids.length;
      bytes += new TextEncoder().encode(s).length;
    }
    expect(tokens).toBeLessThan(0.75 * bytes);
  });

  it('round-trips random Unicode text (seeded), normalised to NFC as Qwen normalises it', () => {
    let seed = 42;
    const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const ranges = [
      [0x20, 0x7e],
      [0x0, 0x1f],
      [0xa0, 0x2fff],
      [0x3000, 0x9fff],
      [0xac00, 0xd7a3],
      [0xe000, 0xfffd],
      [0x10000, 0x1faff],
    ];
    for (let n = 0; n < 200; n++) {
      let s = '';
      for (let i = 0; i < 1 + Math.floor(rand() * 40); i++) {
        const [lo, hi] = ranges[Math.floor(rand() * ranges.length)];
        s += String.fromCodePoint(lo + Math.floor(rand() * (hi - lo + 1)));
      }
      s = s.normalize('NFC');
      expect(tokenizer.decode(tokenizer.encode(s, { add_special_tokens: false }), { skip_special_tokens: false })).toBe(s);
    }
  });

  it("splits text where Qwen's pre-tokenizer does: no token crosses a pre-token boundary", () => {
    for (const s of SAMPLES) {
      const ids = tokenizer.encode(s, { add_special_tokens: false });
      const ends = new Set<number>();
      let at = 0;
      for (const id of ids) ends.add((at += [...vocab[id]].length));
      let pos = 0;
      for (const m of s.matchAll(QWEN2_SPLIT_JS)) {
        pos += new TextEncoder().encode(m[0]).length;
        expect(ends.has(pos), `${JSON.stringify(s)} at byte ${pos}`).toBe(true);
      }
    }
  });
});

describe('the BPE trainer', () => {
  it('merges the most frequent pair first and stops at the vocabulary size', () => {
    const words = countWords(['aaab aaab aaab xy']);
    const bpe = trainByteLevelBpe(words, 258);
    expect(bpe.vocab).toHaveLength(258);
    expect(bpe.merges[0]).toEqual(['a', 'a']);
  });

  it('says so when the text has too few pairs for the vocabulary asked', () => {
    expect(() => trainByteLevelBpe(countWords(['ab']), 300)).toThrow(/ran out of pairs/);
  });

  it('learns code-like tokens from code', () => {
    const bpe = trainByteLevelBpe(countWords(CORPUS), REGULAR);
    const space = bytesToUnicode()[32];
    expect(bpe.vocab).toContain(`${space}return`);
    expect(bpe.vocab).toContain(`${space}const`);
  });
});
