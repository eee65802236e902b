// The KV cache of the last prompt the model read, kept between requests.
//
// Typing changes the prompt only near the cursor: the FIM prompt starts with
// the prefix, so a request made a keystroke later shares every token up to
// the edit with the one before. Keeping the keys and values of those tokens
// means the model computes only what changed (the edited line, the suffix,
// the FIM markers) instead of re-reading the whole window. Greedy decoding
// over a reused cache gives the same tokens as a fresh computation (the
// tests compare them over a typing replay).
//
// Cache tensors are [batch, kv_heads, seq, head_dim]; a cache is cut back to
// the shared token prefix along `seq`. On WebGPU they live in GPU buffers: a
// cut downloads them once (the next run uploads the kept part).
import { Tensor, type DynamicCache } from '@huggingface/transformers';

/** Length of the longest common prefix of two id lists. */
function commonPrefixLength(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

type TensorData = Float32Array | Uint16Array | Int32Array | BigInt64Array | Uint8Array | Int8Array;

interface OrtTensorLike {
  getData(releaseData?: boolean): Promise<TensorData>;
}

/** The first `length` positions of a [batch, heads, seq, dim] cache tensor, as a CPU tensor. */
export async function truncateKv(t: Tensor, length: number): Promise<Tensor> {
  const [batch, heads, seq, dim] = t.dims;
  if (length >= seq) return t;
  const data = (t.location === 'gpu-buffer' ? await (t.ort_tensor as unknown as OrtTensorLike).getData(true) : t.data) as TensorData;
  const Ctor = data.constructor as new (n: number) => TensorData;
  const out = new Ctor(batch * heads * length * dim);
  // Each (batch, head) row is a contiguous [seq, dim] block: copy its first `length` rows.
  for (let r = 0; r < batch * heads; r++) {
    (out as Float32Array).set((data as Float32Array).subarray(r * seq * dim, r * seq * dim + length * dim), r * length * dim);
  }
  return new Tensor(t.type, out, [batch, heads, length, dim]);
}

/** The number of positions a cache holds (its `seq` dimension). */
export function cacheLength(kv: DynamicCache | undefined): number {
  return kv && Object.keys(kv).length > 0 ? kv.get_seq_length() : 0;
}

interface ReusedCache {
  /** The cache cut to the tokens `ids` shares with what was read last; undefined when nothing is shared. */
  kv?: DynamicCache;
  /** Tokens of `ids` already computed (0 .. ids.length - 1). */
  reused: number;
}

/**
 * One cache per model: the ids it holds and their keys and values. `take`
 * hands the cache to a run (which extends it in place), `keep` takes it back.
 */
export class PromptCache {
  private ids: number[] = [];
  private kv: DynamicCache | undefined;

  /**
   * The cache cut to the longest prefix it shares with `ids`, leaving at least
   * one token of `ids` to compute (a run needs an input to produce logits).
   * The cache is handed over: until `keep`, this holds none.
   */
  async take(ids: readonly number[]): Promise<ReusedCache> {
    const kv = this.kv;
    const held = this.ids;
    this.kv = undefined;
    this.ids = [];
    if (!kv) return { reused: 0 };
    const reused = Math.min(commonPrefixLength(held, ids), ids.length - 1, cacheLength(kv));
    if (reused <= 0) {
      await kv.dispose();
      return { reused: 0 };
    }
    if (reused < cacheLength(kv)) {
      const cut: Record<string, Tensor> = {};
      for (const [name, t] of Object.entries(kv as Record<string, Tensor>)) cut[name] = await truncateKv(t, reused);
      kv.update(cut); // disposes the GPU buffers it replaces
    }
    return { kv, reused };
  }

  /** Holds `kv` as the cache of the first `cacheLength(kv)` tokens of `ids`. */
  keep(ids: readonly number[], kv: DynamicCache | undefined): void {
    const n = cacheLength(kv);
    if (!kv || n === 0 || n > ids.length) {
      void kv?.dispose();
      return;
    }
    this.kv = kv;
    this.ids = ids.slice(0, n);
  }

  /** Tokens currently held (for tests and stats). */
  get length(): number {
    return this.ids.length;
  }

  async clear(): Promise<void> {
    const kv = this.kv;
    this.kv = undefined;
    this.ids = [];
    await kv?.dispose();
  }
}
