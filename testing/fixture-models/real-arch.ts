// The shape of a real-architecture fixture: a Qwen2-style decoder with random
// (seeded) weights, sized by flags. Speed and memory are measured on it; what
// it says is noise, by design.
import { BYTE_TOKENS, SPECIAL_TOKENS, VOCAB_SIZE } from './tokenizer';

export interface RealArchSpec {
  /** Folder name under public/models/fixtures/. */
  name: string;
  layers: number;
  hidden: number;
  /** Query heads. */
  heads: number;
  /** Key/value heads (grouped-query attention): divides `heads`. */
  kvHeads: number;
  headDim: number;
  intermediate: number;
  /** Unused vocabulary rows on top of the tokenizer's, so the embedding and LM head cost what a real vocabulary costs. */
  vocabExtra: number;
  /** Tokens of the tokenizer (default: the byte-level fixture tokenizer's). */
  tokenizerTokens?: number;
  /** The ONNX file computes the LM head from the embedding (tied, one copy stored) instead of its own weight. */
  lmHeadFromEmbedding?: boolean;
  seed: number;
  ropeTheta: number;
  rmsNormEps: number;
}

/** Emitted by every `npm run fixtures`: a few MB, generated in well under a second. */
export const DEFAULT_REAL_ARCH: RealArchSpec = {
  name: 'fixture-qwen2-tiny',
  layers: 4,
  hidden: 128,
  heads: 4,
  kvHeads: 2,
  headDim: 32,
  intermediate: 384,
  vocabExtra: 0,
  seed: 20250101,
  // As in Qwen2.5-Coder's config.json.
  ropeTheta: 1_000_000,
  rmsNormEps: 1e-6,
};

export const vocabSize = (s: RealArchSpec) => (s.tokenizerTokens ?? VOCAB_SIZE) + s.vocabExtra;

/** Bytes the model may emit: printable ASCII, tab and newline, so its noise decodes as text. */
export function isSpokenToken(id: number): boolean {
  return id === 9 || id === 10 || (id >= 0x20 && id <= 0x7e);
}

/**
 * Token ids the LM head never favours (see the graph): other bytes (control
 * characters, halves of UTF-8 sequences), specials (so generation never stops
 * early) and the unused extra rows.
 */
export function silentTokenIds(s: RealArchSpec): number[] {
  const ids: number[] = [];
  for (let id = 0; id < BYTE_TOKENS + SPECIAL_TOKENS.length + s.vocabExtra; id++) if (!isSpokenToken(id)) ids.push(id);
  return ids;
}

export function validateSpec(s: RealArchSpec): void {
  const ints: (keyof RealArchSpec)[] = ['layers', 'hidden', 'heads', 'kvHeads', 'headDim', 'intermediate'];
  for (const k of ints) {
    const v = s[k] as number;
    if (!Number.isInteger(v) || v < 1) throw new Error(`real-arch fixture: ${k} must be a positive integer, got ${v}`);
  }
  if (!Number.isInteger(s.vocabExtra) || s.vocabExtra < 0)
    throw new Error(`real-arch fixture: vocab-extra must be >= 0, got ${s.vocabExtra}`);
  if (s.heads % s.kvHeads !== 0) throw new Error(`real-arch fixture: heads (${s.heads}) must be a multiple of kv-heads (${s.kvHeads})`);
  if (s.headDim % 2 !== 0) throw new Error(`real-arch fixture: head-dim must be even for rotary embeddings, got ${s.headDim}`);
  if (!/^[A-Za-z0-9._-]+$/.test(s.name)) throw new Error(`real-arch fixture: name "${s.name}" is not a plain folder name`);
}

/** Parameter count, as the weights in the ONNX file (the test checks file sizes against it). */
export function parameterCount(s: RealArchSpec): number {
  const V = vocabSize(s);
  const q = s.heads * s.headDim;
  const kv = s.kvHeads * s.headDim;
  const attention = s.hidden * q + q + 2 * (s.hidden * kv + kv) + q * s.hidden;
  const mlp = 3 * s.hidden * s.intermediate;
  const norms = 2 * s.hidden;
  const lmHead = s.lmHeadFromEmbedding ? 0 : s.hidden * V;
  return V * s.hidden /* embed */ + s.layers * (attention + mlp + norms) + s.hidden /* final norm */ + lmHead;
}

/** A folder name that says the size, for models made from flags without --name. */
export function defaultName(s: Omit<RealArchSpec, 'name'>): string {
  return `fixture-qwen2-l${s.layers}-h${s.hidden}-a${s.heads}-kv${s.kvHeads}-i${s.intermediate}${s.vocabExtra ? `-v${s.vocabExtra}` : ''}`;
}
