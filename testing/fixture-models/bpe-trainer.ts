// A byte-level BPE trainer, for the model twins' tokenizer: learns merges
// greedily (most frequent adjacent pair first) from source text found on this
// machine, so the vocabulary splits code the way a real code tokenizer does and
// tokenising costs what Qwen's 151,643-token vocabulary costs. Quality is not
// the goal (the twins' weights are noise); cost and faithful shape are.
//
// Standard BPE training over the distinct pre-tokenized words, with pair
// counts kept up to date per merge and a lazy max-heap of pairs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bytesToUnicode } from './tokenizer';

/**
 * Qwen2's pre-tokenizer Split pattern as a JavaScript regular expression
 * (the original's `(?i:...)` contractions spelled out case by case).
 */
export const QWEN2_SPLIT_JS =
  /'(?:[sS]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+/gu;

/** Distinct pre-tokenized words of the texts (NFC first, as Qwen's normalizer) with their counts. */
export function countWords(texts: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const m of text.normalize('NFC').matchAll(QWEN2_SPLIT_JS)) counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
  }
  return counts;
}

/** Max-heap of (count, pair key); ties go to the smaller key so training is deterministic. */
class PairHeap {
  private counts: number[] = [];
  private keys: number[] = [];
  get size() {
    return this.counts.length;
  }
  private above(i: number, j: number) {
    return this.counts[i] > this.counts[j] || (this.counts[i] === this.counts[j] && this.keys[i] < this.keys[j]);
  }
  private swap(i: number, j: number) {
    [this.counts[i], this.counts[j]] = [this.counts[j], this.counts[i]];
    [this.keys[i], this.keys[j]] = [this.keys[j], this.keys[i]];
  }
  push(count: number, key: number) {
    let i = this.counts.length;
    this.counts.push(count);
    this.keys.push(key);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.above(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }
  pop(): [number, number] {
    const top: [number, number] = [this.counts[0], this.keys[0]];
    const lastCount = this.counts.pop()!;
    const lastKey = this.keys.pop()!;
    if (this.counts.length > 0) {
      this.counts[0] = lastCount;
      this.keys[0] = lastKey;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1,
          r = l + 1;
        let best = i;
        if (l < this.counts.length && this.above(l, best)) best = l;
        if (r < this.counts.length && this.above(r, best)) best = r;
        if (best === i) break;
        this.swap(i, best);
        i = best;
      }
    }
    return top;
  }
}

export interface TrainedBpe {
  /** Token strings (byte-level alphabet), id = index: the 256 bytes first, then one per new token. */
  vocab: string[];
  /** Merges in priority order, as [left, right] token strings. */
  merges: [string, string][];
}

const KEY = 1 << 20; // > any token id we make (151,643)

/**
 * Learns merges until the vocabulary holds `vocabSize` tokens (256 bytes +
 * learned ones). A merge whose result already exists (reached by another
 * split) is kept as a merge but adds no token, as Hugging Face's trainer does.
 */
export function trainByteLevelBpe(words: Map<string, number>, vocabSize: number, onProgress?: (tokens: number) => void): TrainedBpe {
  if (vocabSize > KEY) throw new Error(`BPE trainer: vocabulary of ${vocabSize} is over the limit of ${KEY}`);
  const byteChar = bytesToUnicode();
  const vocab = byteChar.slice();
  const idOf = new Map<string, number>(vocab.map((s, i) => [s, i]));
  const merges: [string, string][] = [];

  const encoder = new TextEncoder();
  const symbols: Int32Array[] = [];
  const freq: number[] = [];
  for (const [w, n] of words) {
    symbols.push(Int32Array.from(encoder.encode(w)));
    freq.push(n);
  }

  const pairCount = new Map<number, number>();
  const where = new Map<number, number[]>();
  const add = (key: number, n: number, w: number) => {
    pairCount.set(key, (pairCount.get(key) ?? 0) + n);
    const list = where.get(key);
    if (list) {
      if (list[list.length - 1] !== w) list.push(w);
    } else where.set(key, [w]);
  };
  symbols.forEach((s, w) => {
    for (let i = 0; i + 1 < s.length; i++) add(s[i] * KEY + s[i + 1], freq[w], w);
  });

  const heap = new PairHeap();
  for (const [key, c] of pairCount) heap.push(c, key);

  const seen = new Int32Array(symbols.length).fill(-1);
  const increased = new Set<number>();
  let step = 0;
  while (vocab.length < vocabSize) {
    if (heap.size === 0) {
      throw new Error(`BPE trainer: the corpus ran out of pairs at ${vocab.length} of ${vocabSize} tokens; give it more text`);
    }
    const [c, key] = heap.pop();
    const actual = pairCount.get(key) ?? 0;
    if (actual !== c) {
      if (actual > 0) heap.push(actual, key);
      continue;
    }
    if (actual === 0) continue;
    const a = Math.floor(key / KEY),
      b = key % KEY;
    const text = vocab[a] + vocab[b];
    let z = idOf.get(text);
    if (z === undefined) {
      z = vocab.length;
      vocab.push(text);
      idOf.set(text, z);
    }
    merges.push([vocab[a], vocab[b]]);
    step++;

    increased.clear();
    for (const w of where.get(key)!) {
      if (seen[w] === step) continue;
      seen[w] = step;
      const s = symbols[w];
      let has = false;
      for (let i = 0; i + 1 < s.length; i++)
        if (s[i] === a && s[i + 1] === b) {
          has = true;
          break;
        }
      if (!has) continue;
      const n = freq[w];
      for (let i = 0; i + 1 < s.length; i++) {
        const k = s[i] * KEY + s[i + 1];
        pairCount.set(k, pairCount.get(k)! - n);
      }
      const out: number[] = [];
      for (let i = 0; i < s.length; i++) {
        if (i + 1 < s.length && s[i] === a && s[i + 1] === b) {
          out.push(z);
          i++;
        } else out.push(s[i]);
      }
      const t = Int32Array.from(out);
      symbols[w] = t;
      for (let i = 0; i + 1 < t.length; i++) {
        const k = t[i] * KEY + t[i + 1];
        add(k, n, w);
        increased.add(k);
      }
    }
    where.delete(key);
    pairCount.delete(key);
    for (const k of increased) {
      const n = pairCount.get(k)!;
      if (n > 0) heap.push(n, k);
    }
    if (onProgress && vocab.length % 10000 === 0) onProgress(vocab.length);
  }
  return { vocab, merges };
}

/**
 * Source text from this machine, in a fixed order: JavaScript and TypeScript
 * under `roots` (node_modules here) and Python's standard library, up to
 * `maxBytes`. Skips minified and very large files, which are not code a
 * person types.
 */
export function* sourceTexts(roots: readonly string[], maxBytes: number): Generator<string> {
  let total = 0;
  const exts = /\.(?:js|mjs|cjs|ts|tsx|py|java|c|h|cc|cpp|go|rs|rb|sh|css|md)$/;
  for (const root of roots) {
    const stack = [root];
    while (stack.length > 0) {
      const dir = stack.pop()!;
      let entries: string[];
      try {
        entries = readdirSync(dir).sort().reverse();
      } catch {
        continue;
      }
      for (const name of entries) {
        const path = join(dir, name);
        let st;
        try {
          st = statSync(path);
        } catch {
          continue;
        }
        if (st.isDirectory()) {
          if (name !== '.git' && name !== '.cache') stack.push(path);
          continue;
        }
        if (!exts.test(name) || /\.min\.|\.d\.ts$|bundle|dist\//.test(path) || st.size > 200_000 || st.size < 200) continue;
        const text = readFileSync(path, 'utf8');
        yield text;
        total += text.length;
        if (total >= maxBytes) return;
      }
    }
  }
}
