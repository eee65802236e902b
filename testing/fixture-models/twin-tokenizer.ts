// The model twins' tokenizer: Qwen2's type (NFC normalizer, Qwen's Split
// regex then ByteLevel, byte-level BPE) with Qwen's count of regular tokens
// (151,643 = 256 bytes + learned merges) and Qwen2.5-Coder's 22 added tokens
// at their real ids, so encoding a prompt costs what the real one costs.
import { trainByteLevelBpe, type TrainedBpe } from './bpe-trainer';
import type { AddedToken, TokenizerDesign } from './tokenizer';

/** Qwen2.5-Coder's regular (BPE) tokens: ids 0 .. 151642. */
export const QWEN_REGULAR_TOKENS = 151_643;

/**
 * Qwen2.5-Coder's added tokens from id 151643 on, in order, as in its
 * tokenizer_config.json: `special` is false for the tool-call and FIM ones there.
 */
const QWEN_ADDED: readonly [string, boolean][] = [
  ['<|endoftext|>', true],
  ['<|im_start|>', true],
  ['<|im_end|>', true],
  ['<|object_ref_start|>', true],
  ['<|object_ref_end|>', true],
  ['<|box_start|>', true],
  ['<|box_end|>', true],
  ['<|quad_start|>', true],
  ['<|quad_end|>', true],
  ['<|vision_start|>', true],
  ['<|vision_end|>', true],
  ['<|vision_pad|>', true],
  ['<|image_pad|>', true],
  ['<|video_pad|>', true],
  ['<tool_call>', false],
  ['</tool_call>', false],
  ['<|fim_prefix|>', false],
  ['<|fim_middle|>', false],
  ['<|fim_suffix|>', false],
  ['<|fim_pad|>', false],
  ['<|repo_name|>', false],
  ['<|file_sep|>', false],
];

export function qwenAddedTokens(regularTokens = QWEN_REGULAR_TOKENS): AddedToken[] {
  return QWEN_ADDED.map(([content, special], i) => ({ id: regularTokens + i, content, special }));
}

/** Qwen2's pre-tokenizer, as in its tokenizer.json. */
const QWEN2_PRE_TOKENIZER = {
  type: 'Sequence',
  pretokenizers: [
    {
      type: 'Split',
      pattern: {
        Regex:
          "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
      },
      behavior: 'Isolated',
      invert: false,
    },
    { type: 'ByteLevel', add_prefix_space: false, trim_offsets: false, use_regex: false },
  ],
};

/** A twin tokenizer design from trained merges (`regular` tokens in all) plus Qwen's added tokens after them. */
function twinTokenizerDesign(bpe: TrainedBpe): TokenizerDesign {
  return {
    vocab: bpe.vocab,
    merges: bpe.merges,
    added: qwenAddedTokens(bpe.vocab.length),
    normalizer: { type: 'NFC' },
    preTokenizer: QWEN2_PRE_TOKENIZER,
  };
}

/** Trains the twin vocabulary (`regularTokens` regular tokens) from pre-counted words. */
export function trainTwinTokenizer(
  words: Map<string, number>,
  regularTokens = QWEN_REGULAR_TOKENS,
  onProgress?: (tokens: number) => void,
): TokenizerDesign {
  return twinTokenizerDesign(trainByteLevelBpe(words, regularTokens, onProgress));
}
