// The fixture tokenizer: byte-level BPE with one token per byte and no merges,
// plus Qwen2.5-Coder's special tokens. Every UTF-8 string encodes to exactly its
// bytes (token id = byte value), so any code round-trips, and a designed
// completion's tokens are simply its UTF-8 bytes.

/** Qwen2.5-Coder's special tokens, in Qwen's id order (151643 ...), here from id 256 on. */
export const SPECIAL_TOKENS = [
  '<|endoftext|>',
  '<|im_start|>',
  '<|im_end|>',
  '<|fim_prefix|>',
  '<|fim_middle|>',
  '<|fim_suffix|>',
  '<|fim_pad|>',
  '<|repo_name|>',
  '<|file_sep|>',
] as const;
export type SpecialToken = (typeof SPECIAL_TOKENS)[number];

export const BYTE_TOKENS = 256;
export const VOCAB_SIZE = BYTE_TOKENS + SPECIAL_TOKENS.length;
export const EOS_TOKEN: SpecialToken = '<|endoftext|>';

export function specialTokenId(token: SpecialToken): number {
  return BYTE_TOKENS + SPECIAL_TOKENS.indexOf(token);
}

/** Token ids of a plain-text string (no special tokens): its UTF-8 bytes. */
export function textTokenIds(text: string): number[] {
  return Array.from(new TextEncoder().encode(text));
}

/**
 * GPT-2's bytes_to_unicode: maps each byte to a printable character, so that
 * BPE vocabularies hold no whitespace or control characters. The ByteLevel
 * pre-tokenizer and decoder of tokenizers.js apply the same table.
 */
export function bytesToUnicode(): string[] {
  const printable: number[] = [];
  const range = (a: number, b: number) => {
    for (let i = a; i <= b; i++) printable.push(i);
  };
  range('!'.charCodeAt(0), '~'.charCodeAt(0));
  range('¡'.charCodeAt(0), '¬'.charCodeAt(0));
  range('®'.charCodeAt(0), 'ÿ'.charCodeAt(0));
  const table: string[] = new Array(256);
  let shifted = 0;
  for (let b = 0; b < 256; b++) {
    table[b] = printable.includes(b) ? String.fromCharCode(b) : String.fromCharCode(256 + shifted++);
  }
  return table;
}

export interface AddedToken {
  id: number;
  content: string;
  special: boolean;
}

function addedToken(content: string, special = true) {
  return { content, single_word: false, lstrip: false, rstrip: false, normalized: false, special };
}

/** What differs between the fixture tokenizer and the model twins' (see twin-tokenizer.ts). */
export interface TokenizerDesign {
  /** Token strings in the byte-level alphabet, id = index. */
  vocab: readonly string[];
  merges: readonly (readonly [string, string])[];
  added: readonly AddedToken[];
  normalizer: object | null;
  preTokenizer: object;
}

const BYTE_LEVEL = { type: 'ByteLevel', add_prefix_space: false, trim_offsets: false, use_regex: true };

/** The fixture design: one token per byte, no merges, no normalizer (Qwen's NFC would rewrite non-NFC source text). */
function byteTokenizerDesign(): TokenizerDesign {
  return {
    vocab: bytesToUnicode(),
    merges: [],
    added: SPECIAL_TOKENS.map((t) => ({ id: specialTokenId(t), content: t, special: true })),
    normalizer: null,
    preTokenizer: BYTE_LEVEL,
  };
}

/** tokenizer.json in the Hugging Face `tokenizers` format. */
export function buildTokenizerJson(design: TokenizerDesign = byteTokenizerDesign()): object {
  const vocab: Record<string, number> = {};
  design.vocab.forEach((token, id) => {
    vocab[token] = id;
  });
  const byteLevel = { ...BYTE_LEVEL, use_regex: false };
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: design.added.map((t) => ({ id: t.id, ...addedToken(t.content, t.special) })),
    normalizer: design.normalizer,
    pre_tokenizer: design.preTokenizer,
    post_processor: byteLevel,
    decoder: byteLevel,
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: null,
      continuing_subword_prefix: null,
      end_of_word_suffix: null,
      fuse_unk: false,
      byte_fallback: false,
      ignore_merges: false,
      vocab,
      merges: design.merges,
    },
  };
}

/** tokenizer_config.json, shaped like Qwen2.5-Coder's. */
export function buildTokenizerConfig(added: readonly AddedToken[] = byteTokenizerDesign().added): object {
  const decoder: Record<string, object> = {};
  for (const t of added) decoder[String(t.id)] = addedToken(t.content, t.special);
  return {
    add_bos_token: false,
    add_prefix_space: false,
    added_tokens_decoder: decoder,
    additional_special_tokens: added.filter((t) => t.special && t.content !== EOS_TOKEN).map((t) => t.content),
    bos_token: null,
    // Without this, decode() "cleans up" spaces before punctuation and rewrites code.
    clean_up_tokenization_spaces: false,
    eos_token: EOS_TOKEN,
    errors: 'replace',
    model_max_length: 32768,
    pad_token: EOS_TOKEN,
    split_special_tokens: false,
    tokenizer_class: 'Qwen2Tokenizer',
    unk_token: null,
  };
}
