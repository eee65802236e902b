// The incremental per-token texts (TokenTexts over a PrefixDecoder) against
// the original, which decoded every prefix on every step
// (testing/early-stop-redecode.ts): at every step, the same texts and the
// same joined text. With the fixture tokenizers the project generates (byte-
// level BPE, one token per byte, so every multi-byte character is split
// across tokens) and with SentencePiece-style tokenizers built here
// (leading-space handling, <0xNN> byte fallback).
import { AutoTokenizer, LlamaTokenizer, type PreTrainedTokenizer } from '@huggingface/transformers';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DESIGNS } from '../../../testing/fixture-models/designs';
import { DEFAULT_REAL_ARCH } from '../../../testing/fixture-models/real-arch';
import { SPECIAL_TOKENS, specialTokenId } from '../../../testing/fixture-models/tokenizer';
import { mulberry32 } from '../../../testing/platform/prng';
import { decodesByWindow, prefixDecoder, type DecodeIds, type PrefixDecoder } from './prefix-decoder';
import { redecodeTokenTexts } from '../../../testing/completion/early-stop-redecode';
import { TokenTexts } from './token-texts';
import { fixtureModelFolder } from '../../../testing/completion/fixture-folder';

const decoderOf =
  (t: PreTrainedTokenizer): DecodeIds =>
  (ids) =>
    t.decode(ids, { skip_special_tokens: true });

/** A PrefixDecoder that also checks its promise: `kept` leading characters are those of the text before. */
function checkedDecoder(decode: DecodeIds, byWindow: boolean): PrefixDecoder {
  const d = prefixDecoder(decode, byWindow);
  let before = '';
  return {
    push(id) {
      const text = d.push(id);
      if (d.kept > before.length || text.slice(0, d.kept) !== before.slice(0, d.kept))
        throw new Error(`kept ${d.kept} of ${JSON.stringify(before)} in ${JSON.stringify(text)}`);
      before = text;
      return text;
    },
    get kept() {
      return d.kept;
    },
  };
}

/** The first step (1-based) where the incremental texts differ from the re-decode, with both; undefined if none. */
function firstDifference(t: PreTrainedTokenizer | DecodeIds, ids: readonly number[], byWindow?: boolean) {
  // A bare decode function is decoded by window; a tokenizer (callable too) as the model would.
  const tokenizer = 'decode' in t ? t : undefined;
  const decode = tokenizer ? decoderOf(tokenizer) : (t as DecodeIds);
  byWindow ??= tokenizer ? decodesByWindow(tokenizer) : true;
  const texts = new TokenTexts(checkedDecoder(decode, byWindow));
  for (let n = 1; n <= ids.length; n++) {
    texts.push(ids[n - 1]);
    const want = redecodeTokenTexts(decode, ids.slice(0, n));
    const got = texts.all();
    if (JSON.stringify(got) !== JSON.stringify(want) || texts.text !== want.join('')) {
      return { step: n, ids: ids.slice(0, n), got, want, gotText: texts.text };
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// The fixture tokenizers, loaded from the files `npm run fixtures` writes

const FIXTURES = [DEFAULT_REAL_ARCH.name, ...FIXTURE_DESIGNS.map((d) => d.name)];
const fixtures = new Map<string, PreTrainedTokenizer>();
fixtureModelFolder('token-texts');

beforeAll(async () => {
  for (const name of FIXTURES) fixtures.set(name, await AutoTokenizer.from_pretrained(name));
});

const TEXTS = [
  'é',
  'café',
  '中文',
  '😀',
  'x = "中文 😀 é"\n',
  'def naïve(s):  # ünïcödé — 中文注释 😀👍🏽\n    return s',
  'family 👨‍👩‍👧 flag 🇩🇪 combining e\u0301',
  '\uFEFFbom at the start, \uFEFF in the middle',
  'a genuine \uFFFD replacement character',
  'ends in a replacement character \uFFFD',
];

const fim = (t: (typeof SPECIAL_TOKENS)[number]) => specialTokenId(t);
const BYTE_CASES: [string, number[]][] = [
  ['a truncated character, then ASCII', [0xe4, 0xb8, 0x61, 0x62]],
  ['a lone continuation byte', [0x61, 0x80, 0x62]],
  ['bytes that are never UTF-8', [0xff, 0xfe, 0x61]],
  ['ends inside an emoji', [0x61, 0xf0, 0x9f, 0x98]],
  ['a special token inside a character (skipped, the character joins up)', [0xe4, fim('<|fim_pad|>'), 0xb8, 0xad, 0x61]],
  ['special tokens only, then text', [fim('<|fim_pad|>'), fim('<|file_sep|>'), 0xc3, 0xa9]],
  ['a truncated character before a complete one', [0xe4, 0xb8, 0xe4, 0xb8, 0xad]],
];

/** Random ids, weighted towards UTF-8 lead and continuation bytes and the odd special token. */
function randomIds(seed: number, length: number): number[] {
  const rnd = mulberry32(seed);
  const pick = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const ids: number[] = [];
  while (ids.length < length) {
    const r = rnd();
    if (r < 0.35) ids.push(pick(0x20, 0x7e));
    else if (r < 0.5) ids.push(pick(0xc2, 0xf4));
    else if (r < 0.75) ids.push(pick(0x80, 0xbf));
    else if (r < 0.8) ids.push(specialTokenId(SPECIAL_TOKENS[pick(0, SPECIAL_TOKENS.length - 1)]));
    else ids.push(...new TextEncoder().encode(['é', '中', '文', '😀', 'ü', '—'][pick(0, 5)]));
  }
  return ids.slice(0, length);
}

describe('incremental token texts = the per-step re-decode, fixture tokenizers (byte-level BPE)', () => {
  it.each(FIXTURES)('%s decodes by window', (name) => {
    expect(decodesByWindow(fixtures.get(name)!)).toBe(true);
  });

  it.each(FIXTURES)('%s: texts with multi-byte characters, at every step', (name) => {
    const t = fixtures.get(name)!;
    for (const text of TEXTS) {
      const ids = t.encode(text, { add_special_tokens: false });
      expect(ids.length).toBeGreaterThan([...text].length - 1); // split characters are what is tested
      expect(firstDifference(t, ids), text).toBeUndefined();
    }
  });

  it.each(BYTE_CASES)('%s', (_, ids) => {
    const t = fixtures.get(DEFAULT_REAL_ARCH.name)!;
    expect(firstDifference(t, ids)).toBeUndefined();
  });

  it('random id sequences, up to 256 tokens', () => {
    const t = fixtures.get(DEFAULT_REAL_ARCH.name)!;
    for (let seed = 1; seed <= 6; seed++) expect(firstDifference(t, randomIds(seed, 64)), `seed ${seed}`).toBeUndefined();
    expect(firstDifference(t, randomIds(99, 256))).toBeUndefined();
  });

  it('the same with whole-sequence decoding (the fallback)', () => {
    const t = fixtures.get(DEFAULT_REAL_ARCH.name)!;
    expect(firstDifference(t, randomIds(7, 64), false)).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------
// SentencePiece-style tokenizers: '▁' for spaces, the first token's space dropped, <0xNN> byte fallback

const hex = (b: number) => `<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`;
const PIECES = [
  '<unk>',
  '<s>',
  '</s>',
  ...Array.from({ length: 256 }, (_, b) => hex(b)),
  '▁',
  '▁▁',
  '▁a',
  'b',
  '▁foo',
  'bar',
  '▁é',
  'é',
  '.',
  ',',
  '▁(',
  ')',
  '中',
  '▁中',
  '▁x▁',
  ' ',
  '\n',
];
const PIECE_ID = new Map(PIECES.map((p, i) => [p, i]));

const LLAMA_DECODER = {
  type: 'Sequence',
  decoders: [
    { type: 'Replace', pattern: { String: '▁' }, content: ' ' },
    { type: 'ByteFallback' },
    { type: 'Fuse' },
    { type: 'Strip', content: ' ', start: 1, stop: 0 },
  ],
};
const GEMMA_DECODER = { type: 'Sequence', decoders: LLAMA_DECODER.decoders.slice(0, 3) };
const METASPACE_DECODER = { type: 'Metaspace', replacement: '▁', prepend_scheme: 'first', split: false };

function sentencePiece(decoder: object, cleanUp = false): PreTrainedTokenizer {
  const special = (id: number) => ({
    id,
    content: PIECES[id],
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const json = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [0, 1, 2].map(special),
    normalizer: null,
    pre_tokenizer: null,
    post_processor: null,
    decoder,
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: '<unk>',
      continuing_subword_prefix: null,
      end_of_word_suffix: null,
      fuse_unk: true,
      byte_fallback: true,
      ignore_merges: false,
      vocab: Object.fromEntries(PIECE_ID),
      merges: [],
    },
  };
  const config = {
    tokenizer_class: 'LlamaTokenizer',
    bos_token: '<s>',
    eos_token: '</s>',
    unk_token: '<unk>',
    clean_up_tokenization_spaces: cleanUp,
  };
  return new LlamaTokenizer(json, config);
}

const piece = (p: string) => PIECE_ID.get(p)!;
const bytes = (s: string) => Array.from(new TextEncoder().encode(s), (b) => PIECE_ID.get(hex(b))!);

/** Random pieces, leading-space pieces, whole and cut byte-fallback characters, the odd special token. */
function randomPieces(seed: number, length: number): number[] {
  const rnd = mulberry32(seed);
  const words = ['▁', '▁▁', '▁a', 'b', '▁foo', 'bar', '▁é', 'é', '.', ',', '▁(', ')', '中', '▁中', '▁x▁', ' ', '\n'];
  const ids: number[] = [];
  while (ids.length < length) {
    const r = rnd();
    const ch = ['é', '中', '文', '😀', '\uFEFF', '—'][Math.floor(rnd() * 6)];
    if (r < 0.55) ids.push(piece(words[Math.floor(rnd() * words.length)]));
    else if (r < 0.8) ids.push(...bytes(ch));
    else if (r < 0.92)
      ids.push(...bytes(ch).slice(0, 1 + Math.floor(rnd() * 2))); // cut short
    else ids.push(Math.floor(rnd() * 3)); // <unk> <s> </s>
  }
  return ids.slice(0, length);
}

const SENTENCEPIECE_CASES: [string, number[]][] = [
  ['a leading-space piece first', [piece('▁foo'), piece('bar'), piece('▁a')]],
  ['a bare space piece first (decodes to nothing alone)', [piece('▁'), piece('▁foo'), piece('▁'), piece('b')]],
  ['a special token, then a leading-space piece', [1, piece('▁foo'), 2, piece('▁a')]],
  ['byte-fallback characters', [piece('▁a'), ...bytes('é中文😀'), piece('▁foo')]],
  ['a byte-order mark inside a byte run and starting one', [...bytes('a\uFEFFb'), piece('▁a'), ...bytes('\uFEFFé')]],
  ['a cut character closed by a piece', [...bytes('中').slice(0, 2), piece('▁foo'), ...bytes('😀').slice(0, 3)]],
];

describe.each([
  ['Llama (Replace, ByteFallback, Fuse, Strip)', LLAMA_DECODER],
  ['Gemma (Replace, ByteFallback, Fuse)', GEMMA_DECODER],
  ['Metaspace', METASPACE_DECODER],
])('incremental token texts = the per-step re-decode, SentencePiece-style: %s', (_, decoder) => {
  const t = sentencePiece(decoder);

  it('decodes by window', () => expect(decodesByWindow(t)).toBe(true));

  it.each(SENTENCEPIECE_CASES)('%s', (_, ids) => {
    expect(firstDifference(t, ids)).toBeUndefined();
  });

  it('random piece sequences, up to 256 tokens', () => {
    for (let seed = 1; seed <= 8; seed++) expect(firstDifference(t, randomPieces(seed, 64)), `seed ${seed}`).toBeUndefined();
    expect(firstDifference(t, randomPieces(99, 256))).toBeUndefined();
  });
});

describe('tokenizers whose decode is not exact by window decode the whole sequence', () => {
  it.each([
    ['clean_up_tokenization_spaces (a regex over the whole text)', sentencePiece(LLAMA_DECODER, true)],
    [
      'a strip at the end',
      sentencePiece({ type: 'Sequence', decoders: [...GEMMA_DECODER.decoders, { type: 'Strip', content: ' ', start: 0, stop: 1 }] }),
    ],
    [
      'a Replace after the join',
      sentencePiece({
        type: 'Sequence',
        decoders: [...GEMMA_DECODER.decoders, { type: 'Replace', pattern: { String: 'ab' }, content: 'X' }],
      }),
    ],
    ['no decoder', sentencePiece(null as unknown as object)],
  ])('%s', (_, t) => {
    expect(decodesByWindow(t)).toBe(false);
    const ids = [...randomPieces(5, 48), piece(' '), piece('.'), piece(','), piece('▁'), piece('.')];
    expect(firstDifference(t, ids)).toBeUndefined();
  });
});

describe('prefixDecoder', () => {
  // A decode with a whole-text rule (as clean_up_tokenization_spaces is), forced by window:
  // when a window stops extending the text read so far, it switches to whole-sequence decoding.
  const words = ['a', ' ', '.', 'b'];
  const decode: DecodeIds = (ids) =>
    ids
      .map((i) => words[i])
      .join('')
      .replace(/ \./g, '.');

  it('gives decode(all ids) after every push, also once the window disagrees with the text read', () => {
    const ids = [0, 1, 3, 1, 2, 0, 1, 1, 2, 3];
    const d = prefixDecoder(decode, true);
    ids.forEach((id, i) => expect(d.push(id)).toBe(decode(ids.slice(0, i + 1))));
  });

  it('token texts stay those of the re-decode there too (text that stops extending what was emitted)', () => {
    expect(firstDifference(decode, [0, 1, 3, 1, 2, 0, 1, 1, 2, 3, 1, 0, 1, 2])).toBeUndefined();
    expect(firstDifference(decode, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 0, 1, 1, 2])).toBeUndefined();
  });
});
