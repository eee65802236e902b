// Token healing. When the prompt ends with text the person is still typing
// (the cursor's line after the middle marker, src/prompt/prompt.ts), its
// last token is where the cursor cut the text, not where the tokenizer would
// have cut the finished text: `retu|` is tokens `ret` `u`, while `return` is
// one token, and `x = |` ends with a lone space that the next word's token
// would have carried (` 1`). A model continues badly from a split it never
// saw in training. Healing takes the last token back and lets the model write
// it again, allowing only tokens whose text begins with the text taken back:
// the continuation then starts at a split the model knows, and the taken
// text is cut from what it writes.
import { LogitsProcessor, type Tensor } from '@huggingface/transformers';

/** The tokenizer's vocabulary as healing needs it: each id's raw token string, and the ids never to allow. */
interface HealingVocabulary {
  /** Raw token strings by id (byte-level: `Ġ` for a space): a token's text begins with another's iff its raw string does. */
  raw: readonly string[];
  /** Special and added tokens (FIM markers, end of text): never taken back, never allowed. */
  special: ReadonlySet<number>;
}

/**
 * The ordinary tokens sorted by raw string: the tokens that begin with a
 * given string are one run of it, found by two binary searches. (A scan of
 * a vocabulary of 150,000 strings for a lone space, which a third of them
 * begin with, would be paid on every request; the sort is paid once per model.)
 */
interface SortedVocabulary {
  raws: string[];
  ids: Int32Array;
}

function sortVocabulary(vocab: HealingVocabulary): SortedVocabulary {
  const idOf = new Map<string, number>();
  vocab.raw.forEach((r, id) => {
    if (r !== undefined && !vocab.special.has(id)) idOf.set(r, id);
  });
  // The default sort (UTF-16 code units, the order of `<`) without a comparator: a comparator call per comparison is the slow part on a whole vocabulary.
  const raws = [...idOf.keys()].sort();
  return { raws, ids: Int32Array.from(raws, (r) => idOf.get(r)!) };
}

/** The first index of `sorted` whose string is not below `s`. */
function lowerBound(sorted: readonly string[], s: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < s) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Ids of the ordinary tokens whose raw string begins with `prefix`. */
function tokensStartingWith(sorted: SortedVocabulary, prefix: string): Int32Array {
  // Every string that begins with `prefix` sorts between it and prefix + U+FFFF (no token holds U+FFFF).
  return sorted.ids.slice(lowerBound(sorted.raws, prefix), lowerBound(sorted.raws, prefix + '\uffff'));
}

interface Healing {
  /** The prompt's ids without the token taken back. */
  ids: number[];
  /** That token's text: what the generated text begins with, and loses. */
  text: string;
  /** Ids allowed as the first generated token (the taken token's own id among them). */
  allowed: Int32Array;
}

/**
 * The healing of a prompt's last token, or undefined where there is nothing
 * to heal: a special token (nothing was typed after the marker), a token that
 * ends inside a character (its text alone is not text), or a vocabulary that
 * does not know the id.
 */
export function healLastToken(
  ids: readonly number[],
  vocab: HealingVocabulary & { sorted: SortedVocabulary },
  decode: (ids: number[]) => string,
): Healing | undefined {
  const last = ids.at(-1);
  if (last === undefined || ids.length < 2 || vocab.special.has(last)) return undefined;
  const raw = vocab.raw[last];
  const text = decode([last]);
  if (!raw || !text || text.includes('\uFFFD')) return undefined;
  return { ids: ids.slice(0, -1), text, allowed: tokensStartingWith(vocab.sorted, raw) };
}

/**
 * Lets only the healing's allowed ids be chosen at the first generated step
 * (the input is still the prompt): every other logit becomes -Infinity, so
 * the probability the recorder after it reads is the model's, given the text
 * taken back.
 */
export class FirstTokenConstraint extends LogitsProcessor {
  constructor(
    private readonly promptLength: number,
    private readonly allowed: Int32Array,
  ) {
    super();
  }

  // Returns the logits: LogitsProcessorList passes the return value on (see local-model.ts's recorder).
  override _call(inputIds: bigint[][], logits: Tensor): Tensor {
    if (inputIds[0].length !== this.promptLength) return logits;
    const vocab = logits.dims.at(-1) ?? 0;
    const row = (logits.data as Float32Array).subarray(0, vocab);
    const keep = new Float32Array(this.allowed.length);
    for (let i = 0; i < this.allowed.length; i++) keep[i] = row[this.allowed[i]];
    row.fill(-Infinity);
    for (let i = 0; i < this.allowed.length; i++) row[this.allowed[i]] = keep[i];
    return logits;
  }
}

/** The vocabulary of a transformers.js tokenizer, for healing (built once per model). */
export function healingVocabulary(tokenizer: {
  get_vocab(): Map<string, number>;
  all_special_ids: number[];
}): HealingVocabulary & { sorted: SortedVocabulary } {
  const raw: string[] = [];
  for (const [token, id] of tokenizer.get_vocab()) raw[id] = token;
  // Added tokens (FIM markers, chat tokens) are not all "special" to the tokenizer; its internal list has them all.
  const added = (tokenizer as { _tokenizer?: { added_tokens?: { id: number }[] } })._tokenizer?.added_tokens ?? [];
  const vocab = { raw, special: new Set([...tokenizer.all_special_ids, ...added.map((t) => t.id)]) };
  return { ...vocab, sorted: sortVocabulary(vocab) };
}
