// A minimal ONNX encoder: the subset of onnx.proto needed for hand-built
// graphs (tensors as raw little-endian data, symbolic dims, a few attribute
// kinds, operators of other domains, tensors in an external data file).
// Field numbers are those of onnx/onnx.proto.
import { closeSync, openSync, writeSync } from 'node:fs';
import { ProtoWriter, type LazyBytes } from './protobuf';

export const DataType = { FLOAT: 1, UINT8: 2, INT32: 6, INT64: 7, BOOL: 9, FLOAT16: 10 } as const;
export type DataType = (typeof DataType)[keyof typeof DataType];

/** A dimension is a fixed size or a symbolic name (`batch_size`, ...). */
export type Dim = number | string;

export interface ValueInfo {
  name: string;
  elemType: DataType;
  shape: readonly Dim[];
}

export type TensorInit =
  | { name: string; type: typeof DataType.FLOAT; dims: readonly number[]; data: ArrayLike<number> }
  | { name: string; type: typeof DataType.INT64; dims: readonly number[]; data: ArrayLike<number | bigint> }
  /** Raw little-endian bytes of any element type, made when written (large weights). */
  | { name: string; type: DataType; dims: readonly number[]; raw: LazyBytes };

/** Bytes per element of the types a raw tensor may have. */
const ELEMENT_BYTES: Partial<Record<DataType, number>> = { 1: 4, 2: 1, 6: 4, 7: 8, 9: 1, 10: 2 };

export type Attribute = { name: string; int: number } | { name: string; ints: readonly number[] } | { name: string; float: number };

export interface Node {
  opType: string;
  /** Operator set domain; '' (ONNX) unless given, e.g. 'com.microsoft'. */
  domain?: string;
  inputs: readonly string[];
  outputs: readonly string[];
  name?: string;
  attributes?: readonly Attribute[];
}

export interface Graph {
  name: string;
  nodes: readonly Node[];
  initializers: readonly TensorInit[];
  inputs: readonly ValueInfo[];
  outputs: readonly ValueInfo[];
}

export interface Model {
  graph: Graph;
  opset: number;
  /** Other operator sets the graph uses, e.g. { domain: 'com.microsoft', version: 1 }. */
  extraOpsets?: readonly { domain: string; version: number }[];
  irVersion: number;
  producer: string;
  docString?: string;
}

// AttributeProto.AttributeType
const ATTR_FLOAT = 1;
const ATTR_INT = 2;
const ATTR_INTS = 7;

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function rawData(t: Exclude<TensorInit, { raw: LazyBytes }>): Uint8Array {
  const n = t.data.length;
  // Fast path for large weight tensors: the same bytes as the loop below, without it.
  if (t.type === DataType.FLOAT && t.data instanceof Float32Array && LITTLE_ENDIAN) {
    return new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
  }
  if (t.type === DataType.FLOAT) {
    const b = new Uint8Array(n * 4);
    const v = new DataView(b.buffer);
    for (let i = 0; i < n; i++) v.setFloat32(i * 4, Number(t.data[i]), true);
    return b;
  }
  const b = new Uint8Array(n * 8);
  const v = new DataView(b.buffer);
  for (let i = 0; i < n; i++) v.setBigInt64(i * 8, BigInt(t.data[i]), true);
  return b;
}

/** Where a tensor's bytes go in the external data file. */
interface ExternalPlace {
  location: string;
  offset: number;
  length: number;
}

/** The tensor's raw bytes, checked against its dims. */
function tensorBytes(t: TensorInit): Uint8Array | LazyBytes {
  const expected = t.dims.reduce((a, b) => a * b, 1);
  if ('raw' in t) {
    const want = Math.ceil(expected * (ELEMENT_BYTES[t.type] ?? NaN));
    if (want !== t.raw.byteLength)
      throw new Error(`initializer ${t.name}: dims ${JSON.stringify(t.dims)} need ${want} bytes, got ${t.raw.byteLength}`);
    return t.raw;
  }
  if (expected !== t.data.length) {
    throw new Error(`initializer ${t.name}: dims ${JSON.stringify(t.dims)} need ${expected} values, got ${t.data.length}`);
  }
  return rawData(t);
}

function writeTensor(w: ProtoWriter, t: TensorInit, bytes: Uint8Array | LazyBytes, external?: ExternalPlace): void {
  w.ints(1, t.dims).int(2, t.type).string(8, t.name);
  if (!external) {
    w.bytes(9, bytes);
    return;
  }
  // TensorProto.external_data (StringStringEntryProto) and data_location = EXTERNAL.
  for (const [key, value] of [
    ['location', external.location],
    ['offset', String(external.offset)],
    ['length', String(external.length)],
  ]) {
    w.message(13, (e) => e.string(1, key).string(2, value));
  }
  w.int(14, 1);
}

function writeAttribute(w: ProtoWriter, a: Attribute): void {
  w.string(1, a.name);
  if ('int' in a) w.int(3, a.int).int(20, ATTR_INT);
  else if ('ints' in a) w.ints(8, a.ints).int(20, ATTR_INTS);
  else w.float(2, a.float).int(20, ATTR_FLOAT);
}

function writeNode(w: ProtoWriter, n: Node, index: number): void {
  for (const i of n.inputs) w.string(1, i);
  for (const o of n.outputs) w.string(2, o);
  w.string(3, n.name ?? `${n.opType}_${index}`).string(4, n.opType);
  for (const a of n.attributes ?? []) w.message(5, (aw) => writeAttribute(aw, a));
  if (n.domain) w.string(7, n.domain);
}

function writeValueInfo(w: ProtoWriter, v: ValueInfo): void {
  w.string(1, v.name);
  w.message(2, (type) =>
    type.message(1, (tensor) => {
      tensor.int(1, v.elemType);
      tensor.message(2, (shape) => {
        for (const d of v.shape) {
          shape.message(1, (dim) => (typeof d === 'number' ? dim.int(1, d) : dim.string(2, d)));
        }
      });
    }),
  );
}

function writeGraph(w: ProtoWriter, g: Graph, placeOf: (t: TensorInit, bytes: Uint8Array | LazyBytes) => ExternalPlace | undefined): void {
  g.nodes.forEach((n, i) => w.message(1, (nw) => writeNode(nw, n, i)));
  w.string(2, g.name);
  for (const t of g.initializers) {
    const bytes = tensorBytes(t);
    w.message(5, (tw) => writeTensor(tw, t, bytes, placeOf(t, bytes)));
  }
  for (const v of g.inputs) w.message(11, (vw) => writeValueInfo(vw, v));
  for (const v of g.outputs) w.message(12, (vw) => writeValueInfo(vw, v));
}

export interface ExternalDataOptions {
  /** File name of the data, next to the model (e.g. `model.onnx_data`). */
  location: string;
  /** Tensors of at least this many bytes go to the data file (onnx's convert_model_to_external_data uses 1024). */
  minTensorBytes: number;
}

/** Offsets in the data file are multiples of this, so a runtime may map tensors in place. */
const EXTERNAL_ALIGN = 4096;

/**
 * The model as protobuf parts, and the external data file's parts when
 * `external` is given. Nothing large is made until the parts are streamed.
 */
function encodeModelParts(m: Model, external?: ExternalDataOptions): { model: ProtoWriter; data: LazyBytes[] } {
  const data: LazyBytes[] = [];
  let offset = 0;
  const placeOf = (t: TensorInit, bytes: Uint8Array | LazyBytes): ExternalPlace | undefined => {
    if (!external || bytes.byteLength < external.minTensorBytes) return undefined;
    const pad = (EXTERNAL_ALIGN - (offset % EXTERNAL_ALIGN)) % EXTERNAL_ALIGN;
    if (pad) data.push(zeros(pad));
    offset += pad;
    const place = { location: external.location, offset, length: bytes.byteLength };
    data.push(bytes instanceof Uint8Array ? { byteLength: bytes.byteLength, chunks: () => [bytes] } : bytes);
    offset += bytes.byteLength;
    return place;
  };
  const w = new ProtoWriter();
  w.int(1, m.irVersion).string(2, m.producer);
  if (m.docString) w.string(6, m.docString);
  w.message(7, (gw) => writeGraph(gw, m.graph, placeOf));
  w.message(8, (ow) => ow.string(1, '').int(2, m.opset));
  for (const o of m.extraOpsets ?? []) w.message(8, (ow) => ow.string(1, o.domain).int(2, o.version));
  return { model: w, data };
}

function zeros(n: number): LazyBytes {
  return { byteLength: n, chunks: () => [new Uint8Array(n)] };
}

/** Serialise a model to the bytes of a `.onnx` file (all tensors inside). */
export function encodeModel(m: Model): Uint8Array {
  return encodeModelParts(m).model.finish();
}

/** Sizes the files of `m` would have, without making any tensor. */
export function encodedSizes(m: Model, external?: ExternalDataOptions): { model: number; data: number } {
  const { model, data } = encodeModelParts(m, external);
  return { model: model.byteLength, data: data.reduce((s, d) => s + d.byteLength, 0) };
}

/** Protobuf's hard limit on one message: a `.onnx` file above it cannot be read. */
export const PROTOBUF_LIMIT = 2 ** 31 - 1;

/**
 * Writes `m` to `path` streaming, tensors made chunk by chunk; with
 * `external`, the large tensors go to `external.location` next to it.
 * `onBytes` is called as bytes are written (for progress).
 */
export function writeModelFile(
  path: string,
  m: Model,
  external?: ExternalDataOptions,
  onBytes?: (n: number) => void,
): { model: number; data: number } {
  const { model, data } = encodeModelParts(m, external);
  if (model.byteLength > PROTOBUF_LIMIT) {
    throw new Error(`${path}: ${model.byteLength} bytes is over protobuf's 2 GB limit; write it with external data`);
  }
  const sink = (file: string, chunks: Iterable<Uint8Array>, expected: number) => {
    const fd = openSync(file, 'w');
    let written = 0;
    try {
      for (const c of chunks) {
        writeSync(fd, c);
        written += c.byteLength;
        onBytes?.(c.byteLength);
      }
    } finally {
      closeSync(fd);
    }
    if (written !== expected) throw new Error(`${file}: wrote ${written} bytes, expected ${expected} (a lazy tensor made the wrong size)`);
    return written;
  };
  const dataBytes =
    external && data.length > 0
      ? sink(
          path.replace(/[^/]*$/, external.location),
          (function* () {
            for (const d of data) yield* d.chunks();
          })(),
          data.reduce((s, d) => s + d.byteLength, 0),
        )
      : 0;
  return { model: sink(path, model.stream(), model.byteLength), data: dataBytes };
}
