// How alike two versions of a file are, as git's rename detection measures
// it (diffcore-delta.c and diffcore-rename.c): both are cut into chunks that
// end at a newline or after 64 bytes (a CR before an LF not counted in
// text), the bytes of the chunks the two share are counted, and that count
// over the larger size is the similarity. `git diff` pairs a deleted and an
// added file as a rename from 50% (its default -M), and writes the figure
// as "similarity index N%".

/** git's MAX_SCORE: scores are in 1/60000ths. */
const MAX_SCORE = 60000;
/** git's default minimum score for a rename (-M50%). */
export const RENAME_MIN_SCORE = MAX_SCORE / 2;
const HASHBASE = 107927;

/** Bytes per chunk hash: what `hash_chars` adds up. */
function chunkCounts(bytes: Uint8Array, text: boolean): Map<number, number> {
  const counts = new Map<number, number>();
  let a1 = 0;
  let a2 = 0;
  let n = 0;
  const add = () => {
    // (accum1 + accum2 * 0x61) in 32-bit unsigned arithmetic, as git's unsigned ints wrap.
    const h = ((a1 + Math.imul(a2, 0x61)) >>> 0) % HASHBASE;
    counts.set(h, (counts.get(h) ?? 0) + n);
    n = 0;
    a1 = a2 = 0;
  };
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (text && c === 0x0d && i + 1 < bytes.length && bytes[i + 1] === 0x0a) continue;
    const old1 = a1;
    a1 = ((a1 << 7) ^ (a2 >>> 25)) >>> 0;
    a2 = ((a2 << 7) ^ (old1 >>> 25)) >>> 0;
    a1 = (a1 + c) >>> 0;
    if (++n < 64 && c !== 0x0a) continue;
    add();
  }
  if (n > 0) add();
  return counts;
}

/** A file's side for the comparison: its bytes, and whether git would take it for text. */
export interface SimilaritySide {
  bytes: Uint8Array;
  text: boolean;
}

/**
 * git's rename score of `src` to `dst`, 0 to 60000; 0 as soon as the sizes
 * alone rule out reaching `minScore` (git skips those the same way).
 */
export function renameScore(src: SimilaritySide, dst: SimilaritySide, minScore = RENAME_MIN_SCORE): number {
  const max = Math.max(src.bytes.length, dst.bytes.length);
  const base = Math.min(src.bytes.length, dst.bytes.length);
  if (!dst.bytes.length || max * (MAX_SCORE - minScore) < (max - base) * MAX_SCORE) return 0;
  const a = chunkCounts(src.bytes, src.text);
  const b = chunkCounts(dst.bytes, dst.text);
  let copied = 0;
  for (const [h, n] of a) {
    const m = b.get(h);
    if (m) copied += Math.min(n, m);
  }
  return Math.floor((copied * MAX_SCORE) / max);
}

/** The figure git writes for a score: "similarity index N%". */
export const similarityPercent = (score: number): number => Math.floor((score * 100) / MAX_SCORE);
