// Seeded random weights. Uniform only (no Math.log/cos as in Box-Muller), so
// the bytes depend on integer arithmetic and one multiply: identical on every
// machine and Node version.

export { mulberry32 } from '../../src/platform/testing/prng';

/** `n` values uniform in [-scale, scale]. */
export function uniform(rand: () => number, n: number, scale: number): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = (rand() * 2 - 1) * scale;
  return out;
}
