// A minimal ONNX encoder: the subset of onnx.proto needed for small
// hand-built graphs (tensors as raw little-endian data, symbolic dims, a few
// attribute kinds). Field numbers are those of onnx/onnx.proto.
import { ProtoWriter } from './protobuf';

export const DataType = { FLOAT: 1, INT64: 7, BOOL: 9 } as const;
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
  | { name: string; type: typeof DataType.INT64; dims: readonly number[]; data: ArrayLike<number | bigint> };

export type Attribute =
  | { name: string; int: number }
  | { name: string; ints: readonly number[] }
  | { name: string; float: number };

export interface Node {
  opType: string;
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
  irVersion: number;
  producer: string;
  docString?: string;
}

// AttributeProto.AttributeType
const ATTR_FLOAT = 1;
const ATTR_INT = 2;
const ATTR_INTS = 7;

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function rawData(t: TensorInit): Uint8Array {
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

function writeTensor(w: ProtoWriter, t: TensorInit): void {
  const expected = t.dims.reduce((a, b) => a * b, 1);
  if (expected !== t.data.length) {
    throw new Error(`initializer ${t.name}: dims ${JSON.stringify(t.dims)} need ${expected} values, got ${t.data.length}`);
  }
  w.ints(1, t.dims).int(2, t.type).string(8, t.name).bytes(9, rawData(t));
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

function writeGraph(w: ProtoWriter, g: Graph): void {
  g.nodes.forEach((n, i) => w.message(1, (nw) => writeNode(nw, n, i)));
  w.string(2, g.name);
  for (const t of g.initializers) w.message(5, (tw) => writeTensor(tw, t));
  for (const v of g.inputs) w.message(11, (vw) => writeValueInfo(vw, v));
  for (const v of g.outputs) w.message(12, (vw) => writeValueInfo(vw, v));
}

/** Serialise a model to the bytes of a `.onnx` file. */
export function encodeModel(m: Model): Uint8Array {
  const w = new ProtoWriter();
  w.int(1, m.irVersion).string(2, m.producer);
  if (m.docString) w.string(6, m.docString);
  w.message(7, (gw) => writeGraph(gw, m.graph));
  w.message(8, (ow) => ow.string(1, '').int(2, m.opset));
  return w.finish();
}
