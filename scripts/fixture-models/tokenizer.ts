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
  const range = (a: number, b: number) => { for (let i = a; i <= b; i++) printable.push(i); };
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

function addedToken(content: string) {
  return { content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true };
}

/** tokenizer.json in the Hugging Face `tokenizers` format. */
export function buildTokenizerJson(): object {
  const vocab: Record<string, number> = {};
  bytesToUnicode().forEach((ch, byte) => { vocab[ch] = byte; });
  // No normalizer: Qwen's tokenizer has NFC, which would rewrite non-NFC source text.
  const byteLevel = { type: 'ByteLevel', add_prefix_space: false, trim_offsets: false, use_regex: true };
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((t) => ({ id: specialTokenId(t), ...addedToken(t) })),
    normalizer: null,
    pre_tokenizer: byteLevel,
    post_processor: { ...byteLevel, use_regex: false },
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
      merges: [],
    },
  };
}

/** tokenizer_config.json, shaped like Qwen2.5-Coder's. */
export function buildTokenizerConfig(): object {
  const decoder: Record<string, object> = {};
  for (const t of SPECIAL_TOKENS) decoder[String(specialTokenId(t))] = addedToken(t);
  return {
    add_bos_token: false,
    add_prefix_space: false,
    added_tokens_decoder: decoder,
    additional_special_tokens: SPECIAL_TOKENS.filter((t) => t !== EOS_TOKEN),
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
