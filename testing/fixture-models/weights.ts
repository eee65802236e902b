// Random weights in the storage formats of the onnx-community exports, made
// lazily chunk by chunk (see LazyBytes) from a per-tensor seed, so any tensor
// can be written in any order and a 6 GB model never sits in memory.
//
//   fp32 / fp16   plain floats
//   q8            onnxruntime quantize_dynamic: uint8 weights, one scale and zero point per tensor
//   q4 / q4f16    MatMulNBits: 4-bit weights in blocks of 32 along K, one scale and
//                 one 4-bit zero point per block (scales fp32 for q4, fp16 for q4f16)
import { mulberry32 } from '../platform/prng';
import type { LazyBytes } from './protobuf';

/** Elements per generated chunk: 4 MB of fp32. */
const CHUNK = 1 << 20;

/** A seed for one tensor: the model seed mixed with the tensor's name (FNV-1a). */
export function tensorSeed(modelSeed: number, name: string): number {
  let h = (0x811c9dc5 ^ modelSeed) >>> 0;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** IEEE half precision bits of `v`, rounded to nearest. */
export function toHalf(v: number): number {
  f32[0] = v;
  const x = u32[0];
  const sign = (x >>> 16) & 0x8000;
  const e = ((x >>> 23) & 0xff) - 112;
  const m = x & 0x7fffff;
  if (e >= 31) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    const full = m | 0x800000;
    const shift = 14 - e;
    return sign | ((full >>> shift) + ((full >>> (shift - 1)) & 1));
  }
  return (sign | (e << 10) | (m >>> 13)) + ((m >>> 12) & 1);
}

function lazy(byteLength: number, make: () => Iterable<Uint8Array>): LazyBytes {
  return { byteLength, chunks: make };
}

const bytesOf = (a: Float32Array | Uint16Array | Uint8Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/**
 * `n` floats uniform in [-scale, scale], as fp32 or fp16 bytes. Uniform only
 * (no Math.log/cos as in Box-Muller): integer arithmetic and one multiply,
 * so the bytes are the same on every machine and Node version.
 */
export function randomFloats(seed: number, n: number, scale: number, half: boolean): LazyBytes {
  return lazy(n * (half ? 2 : 4), function* () {
    const rand = mulberry32(seed);
    for (let done = 0; done < n; done += CHUNK) {
      const len = Math.min(CHUNK, n - done);
      if (half) {
        const out = new Uint16Array(len);
        for (let i = 0; i < len; i++) out[i] = toHalf((rand() * 2 - 1) * scale);
        yield bytesOf(out);
      } else {
        const out = new Float32Array(len);
        for (let i = 0; i < len; i++) out[i] = (rand() * 2 - 1) * scale;
        yield bytesOf(out);
      }
    }
  });
}

/** Small float arrays (constants, norms) as fp32 or fp16 bytes. */
export function floatBytes(values: ArrayLike<number>, half: boolean): LazyBytes {
  const out = half ? Uint16Array.from(Array.from(values, toHalf)) : Float32Array.from(values);
  return lazy(out.byteLength, () => [bytesOf(out)]);
}

/** `n` uniformly random bytes (uint8 weights; 4-bit pairs). */
export function randomBytes(seed: number, n: number): LazyBytes {
  return lazy(n, function* () {
    const rand = mulberry32(seed);
    for (let done = 0; done < n; done += 4 * CHUNK) {
      const len = Math.min(4 * CHUNK, n - done);
      const out = new Uint8Array(len);
      const words = new Uint32Array(out.buffer, 0, len >>> 2);
      for (let i = 0; i < words.length; i++) words[i] = rand() * 4294967296;
      for (let i = words.length * 4; i < len; i++) out[i] = rand() * 256;
      yield out;
    }
  });
}

/** `n` copies of one float (per-block scales), as fp32 or fp16 bytes. */
export function filledFloats(n: number, value: number, half: boolean): LazyBytes {
  return lazy(n * (half ? 2 : 4), function* () {
    for (let done = 0; done < n; done += CHUNK) {
      const len = Math.min(CHUNK, n - done);
      yield bytesOf(half ? new Uint16Array(len).fill(toHalf(value)) : new Float32Array(len).fill(value));
    }
  });
}

/** `n` copies of one byte (packed zero points). */
export function filledBytes(n: number, value: number): LazyBytes {
  return lazy(n, function* () {
    for (let done = 0; done < n; done += 4 * CHUNK) yield new Uint8Array(Math.min(4 * CHUNK, n - done)).fill(value);
  });
}

/** uint8 zero point of the q8 weights: values spread evenly around it. */
export const Q8_ZERO = 128;
/** 4-bit zero point of the MatMulNBits weights. */
export const Q4_ZERO = 8;
export const Q4_BLOCK = 32;

/** Scale that makes uint8 (q - 128) span [-range, range]. */
export const q8Scale = (range: number) => range / 127.5;
/** Scale that makes 4-bit (q - 8) span about [-range, range]. */
export const q4Scale = (range: number) => range / 7.5;

/** MatMulNBits tensor shapes for a [K, N] weight: B [N, blocks, 16], scales [N * blocks], zero points [N * ceil(blocks / 2)]. */
export function nbitsShapes(K: number, N: number) {
  const blocks = Math.ceil(K / Q4_BLOCK);
  return { blocks, b: [N, blocks, Q4_BLOCK / 2], scales: [N * blocks], zeroPoints: [N * Math.ceil(blocks / 2)] };
}
