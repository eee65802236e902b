// The weight encodings the twins write: half-precision rounding and the lazy,
// chunked random tensors (same bytes however they are consumed, seeded).
import { describe, expect, it } from 'vitest';
import { filledFloats, randomBytes, randomFloats, tensorSeed, toHalf } from './weights';

const concat = (chunks: Iterable<Uint8Array>) => Buffer.concat([...chunks].map((c) => Buffer.from(c)));

describe('toHalf', () => {
  it('gives IEEE half-precision bits, rounded to nearest', () => {
    expect([1, -2, 0.5, 65504, 0.1, 0].map(toHalf)).toEqual([0x3c00, 0xc000, 0x3800, 0x7bff, 0x2e66, 0]);
    expect(toHalf(1e6)).toBe(0x7c00); // overflow: infinity
    expect(toHalf(-1e4)).toBe(0xf0e2);
    expect(toHalf(2 ** -24)).toBe(1); // smallest subnormal
    expect(toHalf(1e-6)).toBe(17); // rms eps, subnormal
    expect(toHalf(1e-9)).toBe(0);
    expect(toHalf(1 + 2 ** -11 + 2 ** -12)).toBe(0x3c01); // above half-way rounds up
  });
});

describe('lazy random tensors', () => {
  it('are the declared size, the same on every pass, and differ by seed', () => {
    for (const lazy of [
      randomFloats(7, 3_000_001, 0.5, false),
      randomFloats(7, 1001, 0.5, true),
      randomBytes(7, 4_194_307),
      filledFloats(2_000_000, 0.25, true),
    ]) {
      const a = concat(lazy.chunks());
      expect(a.length).toBe(lazy.byteLength);
      expect(a.equals(concat(lazy.chunks()))).toBe(true);
    }
    expect(concat(randomBytes(1, 64).chunks()).equals(concat(randomBytes(2, 64).chunks()))).toBe(false);
    expect(tensorSeed(1, 'a.weight')).not.toBe(tensorSeed(1, 'b.weight'));
  });

  it('stay within their range', () => {
    const f = new Float32Array(new Uint8Array(concat(randomFloats(3, 100_000, 0.5, false).chunks())).buffer);
    expect(Math.max(...f)).toBeLessThanOrEqual(0.5);
    expect(Math.min(...f)).toBeGreaterThanOrEqual(-0.5);
    expect(Math.max(...f)).toBeGreaterThan(0.49);
  });
});
