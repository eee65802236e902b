import { AutoTokenizer, Tensor } from '@huggingface/transformers';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REAL_ARCH } from '../../../testing/fixture-models/real-arch';
import { specialTokenId } from '../../../testing/fixture-models/tokenizer';
import { prefixDecoder } from './prefix-decoder';
import { fixtureModelFolder } from '../../../testing/completion/fixture-folder';
import { FirstTokenConstraint, healingVocabulary, healLastToken } from './token-healing';
import { TokenTexts } from './token-texts';

// A byte-level vocabulary in miniature: `Ġ` is a space, as in GPT-2 style BPE.
const RAW = ['Ġ', 'r', 'e', 't', 'u', 'ret', 'retu', 'return', 'returned', 'Ġx', 'Ġ1', 'x', '<|fim_middle|>', 'Ã', 'Ã©'];
const SPECIAL = 12;
// Built as the app builds it: from the tokenizer's vocabulary and its special ids.
const vocab = healingVocabulary({ get_vocab: () => new Map(RAW.map((raw, i) => [raw, i])), all_special_ids: [SPECIAL] });
// 'Ã' alone is the first byte of 'é': decoding it alone gives U+FFFD.
const decode = (ids: number[]) =>
  ids
    .map((id) => (RAW[id] === 'Ã' ? '\uFFFD' : RAW[id] === 'Ã©' ? 'é' : RAW[id] === '<|fim_middle|>' ? '' : RAW[id].replace(/Ġ/g, ' ')))
    .join('');
const id = (raw: string) => RAW.indexOf(raw);

describe('healLastToken', () => {
  it('takes the last token back and allows exactly the tokens that begin with its text', () => {
    const h = healLastToken([SPECIAL, id('retu')], vocab, decode)!;
    expect(h.ids).toEqual([SPECIAL]);
    expect(h.text).toBe('retu');
    expect([...h.allowed].map((i) => RAW[i]).sort()).toEqual(['retu', 'return', 'returned']);
  });

  it('a lone space: every token that begins with a space', () => {
    const h = healLastToken([SPECIAL, id('x'), id('Ġ')], vocab, decode)!;
    expect(h.text).toBe(' ');
    expect([...h.allowed].map((i) => RAW[i]).sort()).toEqual(['Ġ', 'Ġ1', 'Ġx']);
  });

  it('nothing to heal: a special token last, a token inside a character, a one-token prompt', () => {
    expect(healLastToken([id('x'), SPECIAL], vocab, decode)).toBeUndefined();
    expect(healLastToken([SPECIAL, id('Ã')], vocab, decode)).toBeUndefined();
    expect(healLastToken([id('x')], vocab, decode)).toBeUndefined();
  });
});

describe('FirstTokenConstraint', () => {
  it('masks every other logit at the first step only', () => {
    const c = new FirstTokenConstraint(2, Int32Array.from([1, 3]));
    const logits = new Tensor('float32', Float32Array.from([5, 1, 4, 2]), [1, 4]);
    c._call([[7n, 8n]], logits);
    expect([...(logits.data as Float32Array)]).toEqual([-Infinity, 1, -Infinity, 2]);
    const later = new Tensor('float32', Float32Array.from([5, 1, 4, 2]), [1, 4]);
    c._call([[7n, 8n, 3n]], later);
    expect([...(later.data as Float32Array)]).toEqual([5, 1, 4, 2]);
  });
});

describe('TokenTexts with healed text', () => {
  const bytes = (ids: number[]) => new TextDecoder().decode(Uint8Array.from(ids));
  const texts = (ids: number[], healed: string) => {
    const t = new TokenTexts(prefixDecoder(bytes, false), healed);
    for (const i of ids) t.push(i);
    return t.all();
  };

  it('cuts the healed text from the start: the texts join to what the model added', () => {
    const ids = [...new TextEncoder().encode('return x')];
    expect(texts(ids, 'ret').join('')).toBe('urn x');
    expect(texts(ids, 'ret').slice(0, 4)).toEqual(['', '', '', 'u']);
  });

  it("a healed character split over tokens: nothing is the model's until it is whole", () => {
    expect(texts([0xc3, 0xa9, 0x61], 'é')).toEqual(['', '', 'a']);
  });
});

describe("healingVocabulary of a real tokenizer (the fixture's byte-level BPE)", () => {
  fixtureModelFolder('token-healing');

  it("holds every id's raw string and marks the FIM markers special", async () => {
    const t = await AutoTokenizer.from_pretrained(DEFAULT_REAL_ARCH.name);
    const v = healingVocabulary(t);
    expect(v.special.has(specialTokenId('<|fim_middle|>'))).toBe(true);
    expect(v.special.has(specialTokenId('<|endoftext|>'))).toBe(true);
    const a = t.encode('a', { add_special_tokens: false })[0];
    expect(v.raw[a]).toBe('a');
    const h = healLastToken([specialTokenId('<|fim_middle|>'), a], v, (ids) => t.decode(ids, { skip_special_tokens: true }))!;
    expect(h.text).toBe('a');
    expect([...h.allowed]).toContain(a);
    expect([...h.allowed].some((i) => v.special.has(i))).toBe(false);
  });
});
