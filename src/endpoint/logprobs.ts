// One normaliser for the per-token probability shapes servers return, so
// the escalated completion gets the same TokenProb[] as the local model:
//
// - legacy OpenAI completions (vLLM, TGI): {tokens: [...], token_logprobs: [...]}
//   (vLLM's --return-tokens-as-token-ids writes tokens as "token_id:123");
// - chat-style {content: [{token, logprob, id?, bytes, top_logprobs}]}
//   (llama.cpp's OpenAI-compatible routes);
// - a bare array of such entries (Ollama `logprobs`, llama.cpp native
//   `completion_probabilities`, which has `prob` instead of `logprob` with
//   post_sampling_probs, and {content, probs:[{tok_str, prob}]} in old builds).
import type { TokenProb } from '../vocabulary/types';

type Json = Record<string, unknown>;
const isObj = (x: unknown): x is Json => !!x && typeof x === 'object' && !Array.isArray(x);
const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const clamp01 = (p: number) => Math.min(1, Math.max(0, p));

function idOf(token: string, id: unknown): number {
  if (typeof id === 'number' && Number.isInteger(id)) return id;
  const m = /^token_id:(\d+)$/.exec(token);
  return m ? Number(m[1]) : -1;
}

function fromEntry(e: unknown): TokenProb | undefined {
  if (!isObj(e)) return undefined;
  const text =
    typeof e.token === 'string' ? e.token : typeof e.text === 'string' ? e.text : typeof e.content === 'string' ? e.content : undefined;
  if (text === undefined) return undefined;
  let prob: number | undefined;
  if (finite(e.logprob)) prob = Math.exp(e.logprob);
  else if (finite(e.prob)) prob = e.prob;
  else if (Array.isArray(e.probs)) {
    // old llama.cpp: the chosen token is the `content`, its probability is in the candidate list
    const hit = e.probs.find((p) => isObj(p) && p.tok_str === text) as Json | undefined;
    if (hit && finite(hit.prob)) prob = hit.prob;
  }
  if (prob === undefined) return undefined;
  return { id: idOf(text, e.id), text, prob: clamp01(prob) };
}

/** TokenProb[] from any supported shape; undefined when there is nothing usable (null, absent, unknown shape). */
export function tokensFromLogprobs(x: unknown): TokenProb[] | undefined {
  let entries: unknown[] | undefined;
  if (Array.isArray(x)) entries = x;
  else if (isObj(x) && Array.isArray(x.content)) entries = x.content;
  else if (isObj(x) && Array.isArray(x.tokens) && Array.isArray(x.token_logprobs)) {
    const lps = x.token_logprobs;
    entries = x.tokens.map((t, i) => ({ token: t, logprob: lps[i] }));
  }
  if (!entries) return undefined;
  const out: TokenProb[] = [];
  for (const e of entries) {
    const t = fromEntry(e);
    if (t) out.push(t); // an entry without a number (e.g. the null first logprob of an echo) is skipped
  }
  return out.length ? out : undefined;
}
