// pako's own zlib port, used directly so one inflater can be reset per object
// and read a pack where it lies (pack-index.ts); pako ships no types for it.
declare module 'pako/lib/zlib/zstream.js' {
  export default class ZStream {
    input: Uint8Array | null;
    next_in: number;
    avail_in: number;
    output: Uint8Array | null;
    next_out: number;
    avail_out: number;
  }
}
declare module 'pako/lib/zlib/inflate.js' {
  import type ZStream from 'pako/lib/zlib/zstream.js';
  const inflate: {
    inflateInit(strm: ZStream): number;
    inflateReset(strm: ZStream): number;
    inflate(strm: ZStream, flush: number): number;
  };
  export default inflate;
}
