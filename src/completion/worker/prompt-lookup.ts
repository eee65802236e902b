// Prompt-lookup decoding: greedy decoding that guesses the next tokens by
// copying them from the prompt (or from what it wrote already) where the last
// few tokens occurred before, and checks the guess in one forward pass.
//
// Code repeats itself: a completion often writes again a name, an argument
// list or a line that the document or a snippet of the workspace holds. The
// guess (the draft) is appended to the input of one forward pass; the logits
// at each of its positions are those the model would have computed had the
// tokens before it been generated one by one, so the greedy choice at each
// position is checked against the draft in order: every token up to the first
// disagreement is the model's own, plus the model's token at the disagreement.
// Decoding passes fewer times through the model for the same tokens.
//
// The cache then holds keys and values for draft tokens that were refused:
// it is cut back to the accepted tokens (prompt-cache.ts's truncateKv), so the
// next pass sees exactly the cache plain decoding would have built.
//
// Each verified position goes through the same logits processors, greedy
// choice and stopping criteria as transformers.js's generate() loop, one
// position at a time and in its order, so the recorded probabilities and
// early stops are those of plain greedy decoding. What can differ is the
// arithmetic: ONNX Runtime may sum a forward pass of several tokens in another
// order than a pass of one, so logits can differ in their last bits
// (prompt-lookup.test.ts holds both decodings to the same tokens and measures
// the probabilities' difference).
import { DynamicCache, Tensor, type LogitsProcessorList, type PreTrainedModel, type StoppingCriteria } from '@huggingface/transformers';
import { cacheLength, truncateKv } from './prompt-cache';

export interface LookupOptions {
  /** Most draft tokens verified per pass. */
  maxDraft: number;
  /** Longest and shortest n-gram of the latest tokens looked up (longest first). */
  maxNgram: number;
  minNgram: number;
}

export const DEFAULT_LOOKUP: Readonly<LookupOptions> = { maxDraft: 2, maxNgram: 3, minNgram: 1 };

/**
 * The draft after `ids`: the tokens that followed the latest earlier
 * occurrence of `ids`' last n tokens, n from maxNgram down to minNgram;
 * empty when none occurs before.
 */
export function lookupDraft(ids: readonly number[], opts: LookupOptions = DEFAULT_LOOKUP, end = ids.length): number[] {
  if (opts.maxDraft < 1) return [];
  for (let n = Math.min(opts.maxNgram, end - 1); n >= opts.minNgram; n--) {
    const tail = end - n;
    // The latest occurrence first: what was just written or read is the likeliest to repeat.
    for (let s = tail - 1; s >= 0; s--) {
      let k = 0;
      while (k < n && ids[s + k] === ids[tail + k]) k++;
      if (k === n) return ids.slice(s + n, Math.min(s + n + opts.maxDraft, end));
    }
  }
  return [];
}

/** Index of the first largest value: transformers.js's greedy sampler picks the same on ties. */
function argmax(row: Float32Array): number {
  let best = 0;
  for (let i = 1; i < row.length; i++) if (row[i] > row[best]) best = i;
  return best;
}

type IdsCriterion = { _call(ids: bigint[][]): boolean[] };

interface LookupDecodeInput {
  lm: PreTrainedModel;
  promptIds: readonly number[];
  /** The cache of the first cacheLength(kv) prompt ids (at most all but the last), or none. */
  kv: DynamicCache | undefined;
  maxNewTokens: number;
  stopIds: readonly number[];
  /** Called at every position with the ids so far and that position's logits, as generate() calls them. */
  processors: LogitsProcessorList;
  /** Called, every one of them, after every appended token. */
  criteria: readonly StoppingCriteria[];
  lookup: LookupOptions;
}

interface LookupDecodeOutput {
  /** Prompt and generated ids. */
  ids: number[];
  /** The cache of all ids but the last. */
  kv: DynamicCache | undefined;
  /** Forward passes after the prompt's, draft tokens offered and accepted (for stats and the bench). */
  passes: number;
  drafted: number;
  accepted: number;
}

/** Greedy decoding with prompt-lookup drafts; the ids are those generate() would give (see the header). */
export async function decodeWithLookup(input: LookupDecodeInput): Promise<LookupDecodeOutput> {
  const { lm, promptIds, maxNewTokens, stopIds, processors, criteria, lookup } = input;
  const promptLength = promptIds.length;
  const ids = [...promptIds];
  const row: bigint[] = promptIds.map(BigInt);
  const batch = [row];
  let kv = input.kv;
  // The first pass reads every prompt token the cache lacks in one go, as generate() does.
  let feed = ids.slice(cacheLength(kv));
  let draft: number[] = [];
  let passes = -1;
  let drafted = 0;
  let accepted = 0;
  for (;;) {
    passes++;
    const tokens = [...feed, ...draft];
    const past = cacheLength(kv);
    const out = (await lm.forward({
      input_ids: new Tensor('int64', BigInt64Array.from(tokens, BigInt), [1, tokens.length]),
      attention_mask: new Tensor('int64', new BigInt64Array(past + tokens.length).fill(1n), [1, past + tokens.length]),
      ...(kv && { past_key_values: kv }),
    })) as Record<string, Tensor>;
    const present: Record<string, Tensor> = {};
    for (const [name, t] of Object.entries(out)) {
      if (name.startsWith('present')) present[name.replace('present', 'past_key_values')] = t;
      else if (name !== 'logits' && t.location === 'gpu-buffer') t.dispose();
    }
    if (kv) kv.update(present);
    else kv = new DynamicCache(present);

    const logits = out.logits.type === 'float32' ? out.logits : out.logits.to('float32');
    const vocab = logits.dims.at(-1) ?? 0;
    const data = logits.data as Float32Array;
    let stop = false;
    drafted += draft.length;
    for (let j = 0; j <= draft.length; j++) {
      const at = (feed.length - 1 + j) * vocab;
      // A copy: processors change logits in place and the recorder keeps them until the next position.
      const scores = processors._call(batch, new Tensor('float32', data.slice(at, at + vocab), [1, vocab])) as unknown as Tensor;
      const id = argmax((scores.data as Float32Array).subarray(0, vocab));
      ids.push(id);
      row.push(BigInt(id));
      stop = stopIds.includes(id) || ids.length - promptLength >= maxNewTokens;
      // generate() calls its criteria with the ids alone (the typings also name scores, which it never passes).
      for (const c of criteria) if ((c as unknown as IdsCriterion)._call(batch)[0]) stop = true;
      if (stop) break;
      if (j < draft.length && id !== draft[j]) break;
      if (j < draft.length) accepted++;
    }
    if (logits !== out.logits) logits.dispose();
    // Keys and values of refused draft tokens (and of tokens after a stop) go: the cache holds every id but the last.
    if (cacheLength(kv) > ids.length - 1) {
      const cut: Record<string, Tensor> = {};
      for (const [name, t] of Object.entries(kv as unknown as Record<string, Tensor>)) cut[name] = await truncateKv(t, ids.length - 1);
      kv.update(cut);
    }
    if (stop) break;
    feed = [ids[ids.length - 1]];
    // A pass writes at most its draft and one token more: no draft past what may still be written.
    const room = maxNewTokens - (ids.length - promptLength) - 1;
    draft = lookupDraft(ids, { ...lookup, maxDraft: Math.min(lookup.maxDraft, room) });
  }
  return { ids, kv, passes, drafted, accepted };
}
