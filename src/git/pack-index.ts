// A received pack's index (.idx, version 2), made in one pass over the pack
// in memory: the clone's longest step before the checkout. isomorphic-git's
// own indexer copies each object through a stream reader, sets up a new
// inflater for each, and awaits the browser's digest once per object. Here
// one inflater is reset per object and reads the pack where it lies, deltas
// are applied into arrays of their stated size, and each object is hashed
// where it was made by one synchronous hasher (hash-wasm's SHA-1).
import crc32 from 'crc-32';
import { createSHA1 } from 'hash-wasm';
import zlib from 'pako/lib/zlib/inflate.js';
import ZStream from 'pako/lib/zlib/zstream.js';

export interface PackIndexProgress {
  phase: string;
  loaded: number;
  total: number;
}

const TYPE_NAMES = ['', 'commit', 'tree', 'blob', 'tag'] as const;
const OFS_DELTA = 6;
const REF_DELTA = 7;
/** Memory kept for resolved objects that later deltas may start from; an evicted base is made again from the pack. */
const BASE_CACHE_BYTES = 32 * 1024 * 1024;

/** Raised for a pack this indexer does not read (a thin pack's base outside it): the caller's own indexer takes over. */
export class PackIndexUnsupported extends Error {}

interface Entry {
  offset: number;
  /** Where its deflated data starts. */
  dataAt: number;
  type: number;
  size: number;
  /** An ofs-delta's base, by its entry number. */
  base: number;
  /** A ref-delta's base, by object id. */
  baseId?: string;
  crc: number;
  /** Its resolved type (commit, tree, blob, tag) once known. */
  resolvedType: number;
  oid?: string;
}

/** One inflater for the whole pack, reset per object; it reads the pack where it lies. */
function inflaterOver(pack: Uint8Array) {
  const strm = new ZStream();
  zlib.inflateInit(strm);
  return (at: number, into: Uint8Array, start: number, size: number): number => {
    zlib.inflateReset(strm);
    strm.input = pack;
    strm.next_in = at;
    strm.avail_in = pack.length - at;
    strm.output = into;
    strm.next_out = start;
    strm.avail_out = size;
    const status = zlib.inflate(strm, 4 /* Z_FINISH */);
    // Z_STREAM_END, and exactly the size the header gave.
    if (status !== 1 || strm.next_out !== start + size) throw new Error(`The pack's object at ${at} does not inflate to its stated size.`);
    return strm.next_in;
  };
}

/** `delta` applied to `base`, written after the object's git header (made by `headerFor` once the size is read). */
function applyDelta(
  delta: Uint8Array,
  base: Uint8Array,
  headerFor: (size: number) => Uint8Array,
): { out: Uint8Array<ArrayBuffer>; header: Uint8Array } {
  let p = 0;
  const varint = () => {
    let value = 0;
    let shift = 0;
    let b: number;
    do {
      b = delta[p++];
      value += (b & 0x7f) * 2 ** shift;
      shift += 7;
    } while (b & 0x80);
    return value;
  };
  if (varint() !== base.length) throw new Error("A delta's base is not the size the delta expects.");
  const size = varint();
  const header = headerFor(size);
  const start = header.length;
  const out = new Uint8Array(start + size);
  out.set(header, 0);
  let o = start;
  while (p < delta.length) {
    const op = delta[p++];
    if (op & 0x80) {
      let from = 0;
      let n = 0;
      if (op & 0x01) from |= delta[p++];
      if (op & 0x02) from |= delta[p++] << 8;
      if (op & 0x04) from |= delta[p++] << 16;
      if (op & 0x08) from = (from | (delta[p++] << 24)) >>> 0;
      if (op & 0x10) n |= delta[p++];
      if (op & 0x20) n |= delta[p++] << 8;
      if (op & 0x40) n |= delta[p++] << 16;
      if (n === 0) n = 0x10000;
      if (from + n > base.length) throw new Error('A delta copies past the end of its base.');
      out.set(base.subarray(from, from + n), o);
      o += n;
    } else if (op) {
      out.set(delta.subarray(p, p + op), o);
      o += op;
      p += op;
    } else {
      throw new Error('A delta holds an instruction git never writes (0).');
    }
  }
  if (o !== start + size) throw new Error('A delta makes an object of another size than it states.');
  return { out, header };
}

const encoder = new TextEncoder();
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
const hex = (bytes: Uint8Array) => {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += HEX[bytes[i]];
  return s;
};

/** What git puts before an object's content when it hashes it: `type size\0`. */
function headerOf(type: number, size: number): Uint8Array {
  return encoder.encode(`${TYPE_NAMES[type]} ${size}\0`);
}

/** The .idx (version 2) of `pack`: its objects' ids sorted, their CRC-32s and offsets, the pack's checksum, its own. */
export async function indexPack(pack: Uint8Array, onProgress?: (p: PackIndexProgress) => void | Promise<void>): Promise<Uint8Array> {
  const view = new DataView(pack.buffer, pack.byteOffset, pack.byteLength);
  if (pack.length < 32 || view.getUint32(0) !== 0x5041434b /* PACK */) throw new Error('Not a pack: it does not start with PACK.');
  if (view.getUint32(4) !== 2) throw new PackIndexUnsupported(`Pack version ${view.getUint32(4)}.`);
  const count = view.getUint32(8);
  const inflate = inflaterOver(pack);

  const entries: Entry[] = new Array(count);
  const byOffset = new Map<number, number>();
  const byId = new Map<string, number>();
  // Resolved objects that later deltas may start from; an evicted one is made again from the pack.
  const cache = new Map<number, Uint8Array>();
  let cached = 0;
  const keep = (i: number, content: Uint8Array) => {
    if (content.length > BASE_CACHE_BYTES / 4) return;
    cache.set(i, content);
    cached += content.length;
    for (const [k, v] of cache) {
      if (cached <= BASE_CACHE_BYTES) break;
      cache.delete(k);
      cached -= v.length;
    }
  };
  /** The object as git hashes it: its header, then its full content (its delta applied to its base's). */
  const make = (i: number, depth = 0): { out: Uint8Array<ArrayBuffer>; header: Uint8Array; end: number } => {
    const e = entries[i];
    if (depth > 10_000) throw new Error('A delta chain in the pack does not end.');
    if (e.type !== OFS_DELTA && e.type !== REF_DELTA) {
      const header = headerOf(e.type, e.size);
      const out = new Uint8Array(header.length + e.size);
      out.set(header, 0);
      const end = inflate(e.dataAt, out, header.length, e.size);
      return { out, header, end };
    }
    const b = e.type === OFS_DELTA ? e.base : byId.get(e.baseId!)!;
    let base = cache.get(b);
    if (base) {
      // Least recently used goes first: a base many deltas share stays while it is in use.
      cache.delete(b);
      cache.set(b, base);
    } else {
      const made = make(b, depth + 1);
      base = made.out.subarray(made.header.length);
    }
    const delta = new Uint8Array(e.size);
    const end = inflate(e.dataAt, delta, 0, e.size);
    e.resolvedType = entries[b].resolvedType;
    return { ...applyDelta(delta, base, (size) => headerOf(e.resolvedType, size)), end };
  };

  const sha1 = await createSHA1();
  /** Makes, keeps and hashes entry `i`; where its data ends in the pack. */
  const resolve = (i: number): number => {
    const e = entries[i];
    const { out, header, end } = make(i);
    keep(i, out.subarray(header.length));
    e.oid = sha1.init().update(out).digest('hex');
    byId.set(e.oid, i);
    return end;
  };

  // One pass in pack order: an ofs-delta's base is always earlier in the pack. A ref-delta whose base is not
  // known yet waits for the end; a base found nowhere in the pack means a thin pack.
  const waiting: number[] = [];
  // The phases isomorphic-git's own indexer reports: the first marks where the download ended and indexing began.
  await onProgress?.({ phase: 'Receiving objects', loaded: 0, total: count });
  let p = 12;
  for (let i = 0; i < count; i++) {
    const offset = p;
    let b = pack[p++];
    const type = (b >> 4) & 7;
    let size = b & 15;
    let shift = 4;
    while (b & 0x80) {
      b = pack[p++];
      size += (b & 0x7f) * 2 ** shift;
      shift += 7;
    }
    let base = -1;
    let baseId: string | undefined;
    if (type === OFS_DELTA) {
      b = pack[p++];
      let back = b & 0x7f;
      while (b & 0x80) {
        b = pack[p++];
        back = (back + 1) * 128 + (b & 0x7f);
      }
      base = byOffset.get(offset - back) ?? -1;
      if (base < 0) throw new Error(`The pack's delta at ${offset} names a base at no object's offset.`);
    } else if (type === REF_DELTA) {
      baseId = hex(pack.subarray(p, p + 20));
      p += 20;
    } else if (type < 1 || type > 4) {
      throw new Error(`The pack's object at ${offset} has an unknown type (${type}).`);
    }
    const e: Entry = { offset, dataAt: p, type, size, base, baseId, crc: 0, resolvedType: type };
    entries[i] = e;
    byOffset.set(offset, i);
    if (type === REF_DELTA && !byId.has(baseId!)) {
      // Its end is found by inflating its delta alone; it is resolved once its base is.
      waiting.push(i);
      p = inflate(p, new Uint8Array(size), 0, size);
    } else {
      p = resolve(i);
    }
    e.crc = crc32.buf(pack.subarray(offset, p)) >>> 0;
    if (onProgress && i % 256 === 0) await onProgress({ phase: 'Resolving deltas', loaded: i, total: count });
  }
  if (p !== pack.length - 20) throw new Error('The pack has bytes between its last object and its checksum.');
  while (waiting.length) {
    const ready = waiting.filter((i) => byId.has(entries[i].baseId!));
    if (!ready.length) throw new PackIndexUnsupported(`${waiting.length} deltas' bases are not in the pack (a thin pack).`);
    for (const i of ready) resolve(i);
    waiting.splice(0, waiting.length, ...waiting.filter((i) => !ready.includes(i)));
  }
  if (byId.size !== count) throw new Error('The pack holds the same object twice.');
  return idxBytes(entries, pack.subarray(pack.length - 20));
}

/** The .idx (version 2) of these entries: fanout, sorted ids, CRC-32s, offsets (large ones in their own table), checksums. */
async function idxBytes(entries: Entry[], packChecksum: Uint8Array): Promise<Uint8Array> {
  const sorted = [...entries].sort((a, b) => (a.oid! < b.oid! ? -1 : a.oid! > b.oid! ? 1 : 0));
  const n = sorted.length;
  const large = sorted.filter((e) => e.offset >= 0x80000000);
  const size = 8 + 256 * 4 + n * (20 + 4 + 4) + large.length * 8 + 20 + 20;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0xff744f63);
  view.setUint32(4, 2);
  let at = 8;
  let k = 0;
  for (let byte = 0; byte < 256; byte++) {
    while (k < n && parseInt(sorted[k].oid!.slice(0, 2), 16) <= byte) k++;
    view.setUint32(at, k);
    at += 4;
  }
  for (const e of sorted) {
    for (let j = 0; j < 20; j++) out[at + j] = parseInt(e.oid!.slice(2 * j, 2 * j + 2), 16);
    at += 20;
  }
  for (const e of sorted) {
    view.setUint32(at, e.crc);
    at += 4;
  }
  let nextLarge = 0;
  for (const e of sorted) {
    view.setUint32(at, e.offset >= 0x80000000 ? (0x80000000 | nextLarge++) >>> 0 : e.offset);
    at += 4;
  }
  for (const e of large) {
    view.setUint32(at, Math.floor(e.offset / 2 ** 32));
    view.setUint32(at + 4, e.offset >>> 0);
    at += 8;
  }
  out.set(packChecksum, at);
  at += 20;
  out.set((await createSHA1()).init().update(out.subarray(0, at)).digest('binary'), at);
  return out;
}

/** Packs indexed here since the module loaded: one count however often the indexer is installed. */
let packsIndexed = 0;

/** Where isomorphic-git looks for an application's pack indexer (the patch in patches/ adds the lookup to its fetch). */
const INDEXER_KEY = Symbol.for('isomorphic-git.indexPack');

/**
 * Makes isomorphic-git's fetch (and so its clone and pull) index received packs with `indexPack`; a pack it does
 * not read goes to isomorphic-git's own indexer. Returns how many packs it indexed so far, for the tests.
 */
export function installFastPackIndex(): () => number {
  const holder = globalThis as {
    [INDEXER_KEY]?: (pack: Uint8Array, onProgress?: (p: PackIndexProgress) => void) => Promise<Uint8Array | undefined>;
  };
  holder[INDEXER_KEY] ??= async (pack, onProgress) => {
    try {
      const idx = await indexPack(pack, onProgress);
      packsIndexed++;
      return idx;
    } catch (e) {
      if (e instanceof PackIndexUnsupported) return undefined;
      throw e;
    }
  };
  return () => packsIndexed;
}
