// A minimal protocol-buffers *writer*: just the wire types an ONNX file uses
// (varint, 32-bit float, length-delimited). Field order is the call order, so
// the same calls always give the same bytes. A length-delimited field may be
// `LazyBytes`: its length is known up front and its bytes are made only when
// the message is streamed out, so a multi-GB model never sits in memory
// (protobufjs's Writer builds the whole message in one buffer: not used for that reason).

/** Bytes made on demand, in chunks, `byteLength` in all. */
export interface LazyBytes {
  readonly byteLength: number;
  chunks(): Iterable<Uint8Array>;
}

export type Part = Uint8Array | LazyBytes;

const WIRE_VARINT = 0;
const WIRE_LEN = 2;
const WIRE_FIXED32 = 5;

export class ProtoWriter {
  private parts: Part[] = [];
  private size = 0;

  private push(bytes: Part): void {
    this.parts.push(bytes);
    this.size += bytes.byteLength;
  }

  /** Encoded size so far, lazy parts included (none made). */
  get byteLength(): number {
    return this.size;
  }

  private rawVarint(value: bigint): void {
    // Negative int64 values are written as their 64-bit two's complement (10 bytes).
    let v = BigInt.asUintN(64, value);
    const out: number[] = [];
    do {
      let byte = Number(v & 0x7fn);
      v >>= 7n;
      if (v !== 0n) byte |= 0x80;
      out.push(byte);
    } while (v !== 0n);
    this.push(Uint8Array.from(out));
  }

  private tag(field: number, wire: number): void {
    this.rawVarint(BigInt((field << 3) | wire));
  }

  /** int32 / int64 / enum field. */
  int(field: number, value: number | bigint): this {
    this.tag(field, WIRE_VARINT);
    this.rawVarint(BigInt(value));
    return this;
  }

  float(field: number, value: number): this {
    this.tag(field, WIRE_FIXED32);
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, value, true);
    this.push(b);
    return this;
  }

  bytes(field: number, value: Part): this {
    this.tag(field, WIRE_LEN);
    this.rawVarint(BigInt(value.byteLength));
    this.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  /** Embedded message. */
  message(field: number, build: (w: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    build(inner);
    this.tag(field, WIRE_LEN);
    this.rawVarint(BigInt(inner.size));
    for (const p of inner.parts) this.push(p);
    return this;
  }

  /** Repeated int64, unpacked: onnx.proto is proto2, where that is the default encoding. */
  ints(field: number, values: readonly (number | bigint)[]): this {
    for (const v of values) this.int(field, v);
    return this;
  }

  /** The encoded bytes in order, lazy parts made as they come. */
  *stream(): Generator<Uint8Array> {
    for (const p of this.parts) {
      if (p instanceof Uint8Array) yield p;
      else yield* p.chunks();
    }
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.size);
    let offset = 0;
    for (const c of this.stream()) {
      out.set(c, offset);
      offset += c.length;
    }
    if (offset !== this.size) throw new Error(`protobuf writer: a lazy part made ${offset - this.size} bytes more than it declared`);
    return out;
  }
}
