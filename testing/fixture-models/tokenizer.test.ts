import { AutoTokenizer, type PreTrainedTokenizer } from '@huggingface/transformers';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureModelFolder } from '../completion/fixture-folder';
import { bytesToUnicode, SPECIAL_TOKENS, specialTokenId, textTokenIds, VOCAB_SIZE } from './tokenizer';

let tokenizer: PreTrainedTokenizer;
fixtureModelFolder('fixture-tokenizer');

beforeAll(async () => {
  tokenizer = await AutoTokenizer.from_pretrained('fixture-valid');
});

const SAMPLES = [
  'def add(a, b):\n    return a + b\n',
  '\tif (x<=y && y!=z) { s += "tab\\t"; }\r\n',
  '  leading spaces,   runs of   spaces, trailing  ',
  '// café, naïve, Ærøskøbing, 中文注释, русский, العربية',
  'const smile = "😀👍🏽👨‍👩‍👧‍🦱🇩🇪"; // emoji, skin tone, ZWJ family, flag',
  'e\u0301 vs \u00e9 (not NFC-normalised), \u0000 NUL, \u007f DEL, \u00a0 nbsp, \u2028 LS',
  "print(f'{x!r:>10}')  # '' \"\" ``` \\\\",
  '',
];

describe('fixture tokenizer (through transformers.js)', () => {
  it('has one token per byte plus the special tokens', () => {
    expect(new Set(bytesToUnicode()).size).toBe(256);
    expect(VOCAB_SIZE).toBe(256 + SPECIAL_TOKENS.length);
    for (const t of SPECIAL_TOKENS) expect(tokenizer.convert_tokens_to_ids(t)).toBe(specialTokenId(t));
  });

  it.each(SAMPLES.map((s) => [JSON.stringify(s).slice(0, 40), s]))('round-trips %s', (_label, text) => {
    const ids = tokenizer.encode(text);
    expect(ids).toEqual(textTokenIds(text)); // token id = UTF-8 byte
    if (ids.length > 0) expect(tokenizer.decode(ids)).toBe(text);
  });

  it('reads the FIM special tokens as single tokens and can skip them when decoding', () => {
    const prompt = '<|fim_prefix|>x = é<|fim_suffix|>\n<|fim_middle|>';
    const ids = tokenizer.encode(prompt);
    expect(ids).toEqual([
      specialTokenId('<|fim_prefix|>'),
      ...textTokenIds('x = é'),
      specialTokenId('<|fim_suffix|>'),
      ...textTokenIds('\n'),
      specialTokenId('<|fim_middle|>'),
    ]);
    expect(tokenizer.decode(ids)).toBe(prompt);
    expect(tokenizer.decode(ids, { skip_special_tokens: true })).toBe('x = é\n');
  });
});
