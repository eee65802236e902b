// The ONNX graph of a real-architecture fixture: a Qwen2 decoder (as in
// transformers' modeling_qwen2.py) with random weights, written op by op in
// standard opset-17 operators that ONNX Runtime's CPU, WASM and WebGPU
// execution providers all have (an op a provider lacks falls back to the CPU
// kernels there, slower but correct).
//
//   x = embed[input_ids]
//   per layer:  h = rmsnorm(x);  q,k,v = h Wq + bq, h Wk + bk, h Wv + bv  (k, v: kv_heads)
//               q, k = rope(q, position_ids), rope(k, position_ids)
//               present = concat(past, k|v)             -- the KV cache, [batch, kv_heads, seq, head_dim]
//               x += softmax(q k^T / sqrt(d) + mask) repeat_kv(v) Wo
//               x += (silu(rmsnorm(x) Wg) * rmsnorm(x) Wu) Wd
//   logits = rmsnorm(x) Wlm
// The mask is causal by absolute position (past length + query index) and
// honours attention_mask, as Qwen2's is.
//
// One graph, five storage types (`dtype`), as the onnx-community exports hold
// them: fp32; fp16 (fp16 weights and activations, rotary angles in fp32);
// q8 (onnxruntime quantize_dynamic: DynamicQuantizeLinear + MatMulInteger,
// the embedding Gathered as uint8 then DequantizeLinear); q4 and q4f16
// (com.microsoft MatMulNBits, 4 bits, blocks of 32; q4f16 on the fp16 graph).
// Every weight is made lazily from a per-tensor seed (weights.ts).
import { DataType, encodeModel, type Attribute, type Model, type Node, type TensorInit, type ValueInfo } from './onnx-writer';
import { parameterCount, silentTokenIds, validateSpec, vocabSize, type RealArchSpec } from './real-arch';
import {
  floatBytes,
  filledBytes,
  filledFloats,
  nbitsShapes,
  Q4_BLOCK,
  Q4_ZERO,
  q4Scale,
  Q8_ZERO,
  q8Scale,
  randomBytes,
  randomFloats,
  tensorSeed,
} from './weights';

/** Storage types of the onnx-community exports (transformers.js dtype names). */
export const MODEL_DTYPES = ['fp32', 'fp16', 'q8', 'q4', 'q4f16'] as const;
export type ModelDtype = (typeof MODEL_DTYPES)[number];

/** File of each dtype under onnx/, as transformers.js looks for it. */
export const DTYPE_FILE: Record<ModelDtype, string> = {
  fp32: 'model.onnx',
  fp16: 'model_fp16.onnx',
  q8: 'model_quantized.onnx',
  q4: 'model_q4.onnx',
  q4f16: 'model_q4f16.onnx',
};

export interface GraphOptions {
  dtype?: ModelDtype;
  /** Token ids the model must never emit (default: those of the byte-level fixture tokenizer). */
  silentIds?: readonly number[];
}

const REAL_ARCH_OPSET = 17;
/** Added to masked attention scores: finite, so a fully masked row gives a uniform row, never NaN (fp16 needs a smaller one). */
const MASKED = { fp32: -1e9, fp16: -1e4 };
/** The logit of silent tokens: far below any real logit. */
const SILENCED = -1e4;

/** Appends nodes with generated output names; keeps the graph code readable. */
class GraphBuilder {
  readonly nodes: Node[] = [];
  readonly initializers: TensorInit[] = [];
  private count = 0;

  /** Activations and float weights in fp16 (fp16, q4f16) or fp32. */
  constructor(
    readonly half: boolean,
    private readonly seed: number,
  ) {}

  get ft(): DataType {
    return this.half ? DataType.FLOAT16 : DataType.FLOAT;
  }

  op(opType: string, inputs: readonly string[], attributes?: readonly Attribute[], output?: string, domain?: string): string {
    return this.opN(opType, inputs, 1, attributes, output ? [output] : undefined, domain)[0];
  }

  opN(
    opType: string,
    inputs: readonly string[],
    outputs: number,
    attributes?: readonly Attribute[],
    names?: string[],
    domain?: string,
  ): string[] {
    const outs = names ?? Array.from({ length: outputs }, (_, i) => `${opType.toLowerCase()}_${this.count}${outputs > 1 ? `_${i}` : ''}`);
    this.count++;
    this.nodes.push({ opType, inputs, outputs: outs, ...(attributes && { attributes }), ...(domain && { domain }) });
    return outs;
  }

  /** fp32 whatever the dtype (rotary tables, scalars of fp32 ops). */
  float(name: string, dims: readonly number[], data: ArrayLike<number>): string {
    this.initializers.push({ name, type: DataType.FLOAT, dims, data });
    return name;
  }

  /** A small tensor in the activation type. */
  act(name: string, dims: readonly number[], data: ArrayLike<number>): string {
    this.initializers.push({ name, type: this.ft, dims, raw: floatBytes(data, this.half) });
    return name;
  }

  /** A random weight in the activation type, uniform in [-scale, scale]. */
  random(name: string, dims: readonly number[], scale: number): string {
    const n = dims.reduce((a, b) => a * b, 1);
    this.initializers.push({ name, type: this.ft, dims, raw: randomFloats(tensorSeed(this.seed, name), n, scale, this.half) });
    return name;
  }

  /** uint8 data: random (quantised weights) or one value throughout (zero points). */
  bytes(name: string, dims: readonly number[], fill?: number): string {
    const n = dims.reduce((a, b) => a * b, 1);
    this.initializers.push({
      name,
      type: DataType.UINT8,
      dims,
      raw: fill === undefined ? randomBytes(tensorSeed(this.seed, name), n) : filledBytes(n, fill),
    });
    return name;
  }

  int64(name: string, dims: readonly number[], data: readonly number[]): string {
    this.initializers.push({ name, type: DataType.INT64, dims, data });
    return name;
  }
}

/**
 * x W for a weight [K, N] uniform in about [-range, range], stored as the
 * dtype stores it.
 */
function linear(g: GraphBuilder, dtype: ModelDtype, x: string, name: string, K: number, N: number, range: number): string {
  switch (dtype) {
    case 'fp32':
    case 'fp16':
      return g.op('MatMul', [x, g.random(name, [K, N], range)]);
    case 'q8':
      return matMulInteger(g, x, g.bytes(`${name}_quantized`, [K, N]), g.float(`${name}_scale`, [], [q8Scale(range)]), zeroPoint(g, name));
    case 'q4':
    case 'q4f16': {
      const sh = nbitsShapes(K, N);
      const b = g.bytes(`${name}_Q4`, sh.b);
      const scales = `${name}_scales`;
      g.initializers.push({ name: scales, type: g.ft, dims: sh.scales, raw: filledFloats(sh.scales[0], q4Scale(range), g.half) });
      const zeros = g.bytes(`${name}_zp`, sh.zeroPoints, Q4_ZERO * 17); // two 4-bit 8s per byte
      const attrs: Attribute[] = [
        { name: 'K', int: K },
        { name: 'N', int: N },
        { name: 'bits', int: 4 },
        { name: 'block_size', int: Q4_BLOCK },
      ];
      return g.op('MatMulNBits', [x, b, scales, zeros], attrs, undefined, 'com.microsoft');
    }
  }
}

function zeroPoint(g: GraphBuilder, name: string): string {
  g.initializers.push({ name: `${name}_zero_point`, type: DataType.UINT8, dims: [], raw: filledBytes(1, Q8_ZERO) });
  return `${name}_zero_point`;
}

/** quantize_dynamic's pattern: the activation quantised per call, an integer product, rescaled. */
function matMulInteger(g: GraphBuilder, x: string, wq: string, wScale: string, wZero: string): string {
  const [xq, xScale, xZero] = g.opN('DynamicQuantizeLinear', [x], 3);
  const product = g.op('Cast', [g.op('MatMulInteger', [xq, wq, xZero, wZero])], [{ name: 'to', int: DataType.FLOAT }]);
  return g.op('Mul', [product, g.op('Mul', [xScale, wScale])]);
}

export function buildRealArchGraph(spec: RealArchSpec): Uint8Array {
  return encodeModel(buildRealArchModel(spec));
}

/** The model of one dtype; its weights are made only when it is encoded. */
export function buildRealArchModel(spec: RealArchSpec, opts: GraphOptions = {}): Model {
  validateSpec(spec);
  const dtype = opts.dtype ?? 'fp32';
  const { layers, hidden: H, heads: A, kvHeads: K, headDim: D, intermediate: I } = spec;
  const V = vocabSize(spec);
  const groups = A / K;
  const half = dtype === 'fp16' || dtype === 'q4f16';
  const g = new GraphBuilder(half, spec.seed);
  const ft = g.ft;

  // Weight scales: unit-variance activations through every projection, and an
  // LM head whose logits spread (std ~3) so greedy choices are clear-cut rather
  // than near-ties that float rounding could flip.
  const proj = (x: string, name: string, fanIn: number, fanOut: number) => linear(g, dtype, x, name, fanIn, fanOut, Math.sqrt(3 / fanIn));
  const bias = (name: string, n: number) => g.random(name, [n], 0.1);
  const normWeight = (name: string) =>
    g.act(
      name,
      [H],
      Array.from(randomFloatsSmall(spec.seed, name, H, 0.1), (x) => 1 + x),
    );
  const lmRange = 3 * Math.sqrt(3 / H);

  // Constants.
  const c = {
    zero: g.int64('const_zero', [], [0]),
    one: g.int64('const_one', [], [1]),
    eps: g.act('const_rms_eps', [], [spec.rmsNormEps]),
    zeroF: g.act('const_zero_f', [], [0]),
    masked: g.act('const_masked', [], [half ? MASKED.fp16 : MASKED.fp32]),
    scale: g.act('const_attn_scale', [], [1 / Math.sqrt(D)]),
    ax0: g.int64('axes_0', [1], [0]),
    ax1: g.int64('axes_1', [1], [1]),
    ax2: g.int64('axes_2', [1], [2]),
    ax12: g.int64('axes_1_2', [2], [1, 2]),
    ax3: g.int64('axes_3', [1], [3]),
    halfStart: g.int64('half_start', [1], [0]),
    halfMid: g.int64('half_mid', [1], [D / 2]),
    halfEnd: g.int64('half_end', [1], [D]),
    heads4q: g.int64('shape_q_heads', [4], [0, 0, A, D]),
    heads4kv: g.int64('shape_kv_heads', [4], [0, 0, K, D]),
    repeated: g.int64('shape_repeated_kv', [4], [0, A, -1, D]),
    merged: g.int64('shape_merged_heads', [3], [0, 0, A * D]),
  };

  // Token embeddings. Tied to the LM head, they take its scale (the first
  // norm makes the input's scale irrelevant).
  const embedName = 'model.embed_tokens.weight';
  const embedRange = spec.lmHeadFromEmbedding ? lmRange : 1;
  let x: string;
  if (dtype === 'q8') {
    const embed = g.bytes(`${embedName}_quantized`, [V, H]);
    const gathered = g.op('Gather', [embed, 'input_ids'], [{ name: 'axis', int: 0 }]);
    x = g.op('DequantizeLinear', [gathered, g.float(`${embedName}_scale`, [], [q8Scale(embedRange)]), zeroPoint(g, embedName)]);
  } else {
    // q4 keeps the embedding in fp32, q4f16 in fp16, as the exports do.
    x = g.op('Gather', [g.random(embedName, [V, H], embedRange), 'input_ids'], [{ name: 'axis', int: 0 }]);
  }

  // Attention mask, shared by all layers: [batch, 1, seq, total_seq], 0 or MASKED.
  const S = g.op('Gather', [g.op('Shape', ['input_ids']), c.one], [{ name: 'axis', int: 0 }]);
  const T = g.op('Gather', [g.op('Shape', ['attention_mask']), c.one], [{ name: 'axis', int: 0 }]);
  const queryPos = g.op('Range', [g.op('Sub', [T, S]), T, c.one]); // past_len .. total-1
  const keyPos = g.op('Range', [c.zero, T, c.one]);
  const causal = g.op('LessOrEqual', [g.op('Unsqueeze', [keyPos, c.ax0]), g.op('Unsqueeze', [queryPos, c.ax1])]); // [S, T]
  const padding = g.op('Unsqueeze', [g.op('Cast', ['attention_mask'], [{ name: 'to', int: DataType.BOOL }]), c.ax12]); // [B,1,1,T]
  const mask = g.op('Where', [g.op('And', [causal, padding]), c.zeroF, c.masked]);
  const toAct = (t: string) => (half ? g.op('Cast', [t], [{ name: 'to', int: DataType.FLOAT16 }]) : t);

  // Rotary tables for these positions, computed rather than looked up so any position works.
  const invFreq = g.float(
    'rope_inv_freq',
    [D / 2],
    Array.from({ length: D / 2 }, (_, i) => 1 / spec.ropeTheta ** ((2 * i) / D)),
  );
  const freqs = g.op('Mul', [g.op('Unsqueeze', [g.op('Cast', ['position_ids'], [{ name: 'to', int: DataType.FLOAT }]), c.ax2]), invFreq]);
  const angles = g.op('Concat', [freqs, freqs], [{ name: 'axis', int: -1 }]); // [B, S, D]
  const cos = g.op('Unsqueeze', [toAct(g.op('Cos', [angles])), c.ax1]); // [B, 1, S, D]
  const sin = g.op('Unsqueeze', [toAct(g.op('Sin', [angles])), c.ax1]);
  const rope = (t: string) => {
    const first = g.op('Slice', [t, c.halfStart, c.halfMid, c.ax3]);
    const second = g.op('Slice', [t, c.halfMid, c.halfEnd, c.ax3]);
    const rotated = g.op('Concat', [g.op('Neg', [second]), first], [{ name: 'axis', int: -1 }]);
    return g.op('Add', [g.op('Mul', [t, cos]), g.op('Mul', [rotated, sin])]);
  };

  const rmsNorm = (t: string, weight: string) => {
    const meanSquare = g.op(
      'ReduceMean',
      [g.op('Mul', [t, t])],
      [
        { name: 'axes', ints: [-1] },
        { name: 'keepdims', int: 1 },
      ],
    );
    const normed = g.op('Div', [t, g.op('Sqrt', [g.op('Add', [meanSquare, c.eps])])]);
    return g.op('Mul', [normed, weight]);
  };
  /** [B, S, n*D] -> [B, n, S, D] */
  const splitHeads = (t: string, shape: string) => g.op('Transpose', [g.op('Reshape', [t, shape])], [{ name: 'perm', ints: [0, 2, 1, 3] }]);
  /** repeat_kv: [B, K, T, D] -> [B, A, T, D], each KV head serving `groups` query heads. */
  const repeatKv = (t: string) => {
    if (groups === 1) return t;
    const one = g.op('Unsqueeze', [t, c.ax2]); // [B, K, 1, T, D]
    return g.op('Reshape', [
      g.op(
        'Concat',
        Array.from({ length: groups }, () => one),
        [{ name: 'axis', int: 2 }],
      ),
      c.repeated,
    ]);
  };

  for (let l = 0; l < layers; l++) {
    const p = `model.layers.${l}`;
    const h = rmsNorm(x, normWeight(`${p}.input_layernorm.weight`));
    const qkv = (name: string, out: number) =>
      g.op('Add', [proj(h, `${p}.self_attn.${name}.weight`, H, out), bias(`${p}.self_attn.${name}.bias`, out)]);
    const q = rope(splitHeads(qkv('q_proj', A * D), c.heads4q));
    const k = rope(splitHeads(qkv('k_proj', K * D), c.heads4kv));
    const v = splitHeads(qkv('v_proj', K * D), c.heads4kv);
    const keys = g.op('Concat', [`past_key_values.${l}.key`, k], [{ name: 'axis', int: 2 }], `present.${l}.key`);
    const values = g.op('Concat', [`past_key_values.${l}.value`, v], [{ name: 'axis', int: 2 }], `present.${l}.value`);
    const keysT = g.op('Transpose', [repeatKv(keys)], [{ name: 'perm', ints: [0, 1, 3, 2] }]);
    const scores = g.op('Add', [g.op('Mul', [g.op('MatMul', [q, keysT]), c.scale]), mask]);
    const weights = g.op('Softmax', [scores], [{ name: 'axis', int: -1 }]);
    const context = g.op('MatMul', [weights, repeatKv(values)]); // [B, A, S, D]
    const merged = g.op('Reshape', [g.op('Transpose', [context], [{ name: 'perm', ints: [0, 2, 1, 3] }]), c.merged]);
    x = g.op('Add', [x, proj(merged, `${p}.self_attn.o_proj.weight`, A * D, H)]);

    const h2 = rmsNorm(x, normWeight(`${p}.post_attention_layernorm.weight`));
    const gate = proj(h2, `${p}.mlp.gate_proj.weight`, H, I);
    const up = proj(h2, `${p}.mlp.up_proj.weight`, H, I);
    const act = g.op('Mul', [g.op('Mul', [gate, g.op('Sigmoid', [gate])]), up]); // SiLU(gate) * up
    x = g.op('Add', [x, proj(act, `${p}.mlp.down_proj.weight`, I, H)]);
  }

  const final = rmsNorm(x, normWeight('model.norm.weight'));
  // The LM head: its own weight, or (tied) the embedding read transposed; a
  // Transpose of a constant is folded once when the session loads.
  let rawLogits: string;
  if (!spec.lmHeadFromEmbedding) rawLogits = linear(g, dtype, final, 'lm_head.weight', H, V, lmRange);
  else if (dtype === 'q8') {
    const wq = g.op('Transpose', [`${embedName}_quantized`], [{ name: 'perm', ints: [1, 0] }]);
    rawLogits = matMulInteger(g, final, wq, `${embedName}_scale`, `${embedName}_zero_point`);
  } else rawLogits = g.op('MatMul', [final, g.op('Transpose', [embedName], [{ name: 'perm', ints: [1, 0] }])]);
  // Silent tokens (specials, unused rows, text that is not printable ASCII)
  // get a fixed, far lower logit: the output is ASCII noise and generation
  // never stops early, so every run decodes exactly max_new_tokens (steady tokens/s).
  const silent = new Uint8Array(V);
  for (const id of opts.silentIds ?? silentTokenIds(spec)) silent[id] = 1;
  g.initializers.push({ name: 'lm_head_silent', type: DataType.BOOL, dims: [V], raw: { byteLength: V, chunks: () => [silent] } });
  g.op('Where', ['lm_head_silent', g.act('const_silenced', [], [SILENCED]), rawLogits], undefined, 'logits');

  const kv = (prefix: string, l: number, seq: string): ValueInfo[] =>
    (['key', 'value'] as const).map((kind) => ({
      name: `${prefix}.${l}.${kind}`,
      elemType: ft,
      // transformers.js sizes the empty first-step cache from these: K and D must be numbers.
      shape: ['batch_size', K, seq, D],
    }));
  const layerIds = Array.from({ length: layers }, (_, l) => l);
  const inputs: ValueInfo[] = [
    { name: 'input_ids', elemType: DataType.INT64, shape: ['batch_size', 'sequence_length'] },
    { name: 'attention_mask', elemType: DataType.INT64, shape: ['batch_size', 'total_sequence_length'] },
    { name: 'position_ids', elemType: DataType.INT64, shape: ['batch_size', 'sequence_length'] },
    ...layerIds.flatMap((l) => kv('past_key_values', l, 'past_sequence_length')),
  ];
  const outputs: ValueInfo[] = [
    { name: 'logits', elemType: ft, shape: ['batch_size', 'sequence_length', V] },
    ...layerIds.flatMap((l) => kv('present', l, 'total_sequence_length')),
  ];

  return {
    irVersion: 8,
    opset: REAL_ARCH_OPSET,
    ...(dtype.startsWith('q4') && { extraOpsets: [{ domain: 'com.microsoft', version: 1 }] }),
    producer: 'router-ide fixture generator',
    docString:
      `${spec.name} (${dtype}): random-weight Qwen2-style decoder, ${layers} layers, hidden ${H}, ${A} heads / ${K} KV heads of ${D}, ` +
      `MLP ${I}, vocab ${V}, seed ${spec.seed}, ${parameterCount(spec)} parameters`,
    graph: { name: spec.name, nodes: g.nodes, initializers: g.initializers, inputs, outputs },
  };
}

/** A small random float array (norm weights): made at once, they are tiny. */
function randomFloatsSmall(seed: number, name: string, n: number, scale: number): Float32Array {
  const [bytes] = randomFloats(tensorSeed(seed, name), n, scale, false).chunks();
  return new Float32Array(bytes.buffer, bytes.byteOffset, n);
}
