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
import { DataType, encodeModel, type Attribute, type Node, type TensorInit, type ValueInfo } from './onnx-writer';
import { mulberry32, uniform } from './prng';
import { parameterCount, silentTokenIds, validateSpec, vocabSize, type RealArchSpec } from './real-arch';

export const REAL_ARCH_OPSET = 17;
/** Added to masked attention scores: finite, so a fully masked row gives a uniform row, never NaN. */
const MASKED = -1e9;

/** Appends nodes with generated output names; keeps the graph code readable. */
class GraphBuilder {
  readonly nodes: Node[] = [];
  readonly initializers: TensorInit[] = [];
  private count = 0;

  op(opType: string, inputs: readonly string[], attributes?: readonly Attribute[], output?: string): string {
    const out = output ?? `${opType.toLowerCase()}_${this.count++}`;
    this.nodes.push({ opType, inputs, outputs: [out], ...(attributes && { attributes }) });
    return out;
  }

  float(name: string, dims: readonly number[], data: ArrayLike<number>): string {
    this.initializers.push({ name, type: DataType.FLOAT, dims, data });
    return name;
  }

  int64(name: string, dims: readonly number[], data: readonly number[]): string {
    this.initializers.push({ name, type: DataType.INT64, dims, data });
    return name;
  }
}

export function buildRealArchGraph(spec: RealArchSpec): Uint8Array {
  validateSpec(spec);
  const { layers, hidden: H, heads: A, kvHeads: K, headDim: D, intermediate: I } = spec;
  const V = vocabSize(spec);
  const groups = A / K;
  const rand = mulberry32(spec.seed);
  const g = new GraphBuilder();

  // Weight scales: unit-variance activations through every projection, and an
  // LM head whose logits spread (std ~3) so greedy choices are clear-cut rather
  // than near-ties that float rounding could flip.
  const linear = (name: string, fanIn: number, fanOut: number) =>
    g.float(name, [fanIn, fanOut], uniform(rand, fanIn * fanOut, Math.sqrt(3 / fanIn)));
  const bias = (name: string, n: number) => g.float(name, [n], uniform(rand, n, 0.1));
  const normWeight = (name: string) => g.float(name, [H], uniform(rand, H, 0.1).map((x) => 1 + x));

  // Constants.
  const c = {
    zero: g.int64('const_zero', [], [0]),
    one: g.int64('const_one', [], [1]),
    eps: g.float('const_rms_eps', [], [spec.rmsNormEps]),
    zeroF: g.float('const_zero_f', [], [0]),
    masked: g.float('const_masked', [], [MASKED]),
    scale: g.float('const_attn_scale', [], [1 / Math.sqrt(D)]),
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

  // Token embeddings.
  const embed = g.float('model.embed_tokens.weight', [V, H], uniform(rand, V * H, 1));
  let x = g.op('Gather', [embed, 'input_ids'], [{ name: 'axis', int: 0 }]);

  // Attention mask, shared by all layers: [batch, 1, seq, total_seq], 0 or MASKED.
  const S = g.op('Gather', [g.op('Shape', ['input_ids']), c.one], [{ name: 'axis', int: 0 }]);
  const T = g.op('Gather', [g.op('Shape', ['attention_mask']), c.one], [{ name: 'axis', int: 0 }]);
  const queryPos = g.op('Range', [g.op('Sub', [T, S]), T, c.one]); // past_len .. total-1
  const keyPos = g.op('Range', [c.zero, T, c.one]);
  const causal = g.op('LessOrEqual', [g.op('Unsqueeze', [keyPos, c.ax0]), g.op('Unsqueeze', [queryPos, c.ax1])]); // [S, T]
  const padding = g.op('Unsqueeze', [g.op('Cast', ['attention_mask'], [{ name: 'to', int: DataType.BOOL }]), c.ax12]); // [B,1,1,T]
  const mask = g.op('Where', [g.op('And', [causal, padding]), c.zeroF, c.masked]);

  // Rotary tables for these positions, computed rather than looked up so any position works.
  const invFreq = g.float('rope_inv_freq', [D / 2], Array.from({ length: D / 2 }, (_, i) => 1 / spec.ropeTheta ** ((2 * i) / D)));
  const freqs = g.op('Mul', [g.op('Unsqueeze', [g.op('Cast', ['position_ids'], [{ name: 'to', int: DataType.FLOAT }]), c.ax2]), invFreq]);
  const angles = g.op('Concat', [freqs, freqs], [{ name: 'axis', int: -1 }]); // [B, S, D]
  const cos = g.op('Unsqueeze', [g.op('Cos', [angles]), c.ax1]); // [B, 1, S, D]
  const sin = g.op('Unsqueeze', [g.op('Sin', [angles]), c.ax1]);
  const rope = (t: string) => {
    const first = g.op('Slice', [t, c.halfStart, c.halfMid, c.ax3]);
    const second = g.op('Slice', [t, c.halfMid, c.halfEnd, c.ax3]);
    const rotated = g.op('Concat', [g.op('Neg', [second]), first], [{ name: 'axis', int: -1 }]);
    return g.op('Add', [g.op('Mul', [t, cos]), g.op('Mul', [rotated, sin])]);
  };

  const rmsNorm = (t: string, weight: string) => {
    const meanSquare = g.op('ReduceMean', [g.op('Mul', [t, t])], [{ name: 'axes', ints: [-1] }, { name: 'keepdims', int: 1 }]);
    const normed = g.op('Div', [t, g.op('Sqrt', [g.op('Add', [meanSquare, c.eps])])]);
    return g.op('Mul', [normed, weight]);
  };
  /** [B, S, n*D] -> [B, n, S, D] */
  const splitHeads = (t: string, shape: string) => g.op('Transpose', [g.op('Reshape', [t, shape])], [{ name: 'perm', ints: [0, 2, 1, 3] }]);
  /** repeat_kv: [B, K, T, D] -> [B, A, T, D], each KV head serving `groups` query heads. */
  const repeatKv = (t: string) => {
    if (groups === 1) return t;
    const one = g.op('Unsqueeze', [t, c.ax2]); // [B, K, 1, T, D]
    return g.op('Reshape', [g.op('Concat', Array.from({ length: groups }, () => one), [{ name: 'axis', int: 2 }]), c.repeated]);
  };

  for (let l = 0; l < layers; l++) {
    const p = `model.layers.${l}`;
    const h = rmsNorm(x, normWeight(`${p}.input_layernorm.weight`));
    const proj = (name: string, out: number) => g.op('Add', [g.op('MatMul', [h, linear(`${p}.self_attn.${name}.weight`, H, out)]), bias(`${p}.self_attn.${name}.bias`, out)]);
    const q = rope(splitHeads(proj('q_proj', A * D), c.heads4q));
    const k = rope(splitHeads(proj('k_proj', K * D), c.heads4kv));
    const v = splitHeads(proj('v_proj', K * D), c.heads4kv);
    const keys = g.op('Concat', [`past_key_values.${l}.key`, k], [{ name: 'axis', int: 2 }], `present.${l}.key`);
    const values = g.op('Concat', [`past_key_values.${l}.value`, v], [{ name: 'axis', int: 2 }], `present.${l}.value`);
    const keysT = g.op('Transpose', [repeatKv(keys)], [{ name: 'perm', ints: [0, 1, 3, 2] }]);
    const scores = g.op('Add', [g.op('Mul', [g.op('MatMul', [q, keysT]), c.scale]), mask]);
    const weights = g.op('Softmax', [scores], [{ name: 'axis', int: -1 }]);
    const context = g.op('MatMul', [weights, repeatKv(values)]); // [B, A, S, D]
    const merged = g.op('Reshape', [g.op('Transpose', [context], [{ name: 'perm', ints: [0, 2, 1, 3] }]), c.merged]);
    x = g.op('Add', [x, g.op('MatMul', [merged, linear(`${p}.self_attn.o_proj.weight`, A * D, H)])]);

    const h2 = rmsNorm(x, normWeight(`${p}.post_attention_layernorm.weight`));
    const gate = g.op('MatMul', [h2, linear(`${p}.mlp.gate_proj.weight`, H, I)]);
    const up = g.op('MatMul', [h2, linear(`${p}.mlp.up_proj.weight`, H, I)]);
    const act = g.op('Mul', [g.op('Mul', [gate, g.op('Sigmoid', [gate])]), up]); // SiLU(gate) * up
    x = g.op('Add', [x, g.op('MatMul', [act, linear(`${p}.mlp.down_proj.weight`, I, H)])]);
  }

  const final = rmsNorm(x, normWeight('model.norm.weight'));
  // The LM head's columns for silent tokens (specials, unused rows, bytes that
  // are not printable ASCII) are zero: their logit is always 0, far below the
  // best printable byte's, so the output is ASCII noise and generation never
  // stops early: every run decodes exactly max_new_tokens (steady tokens/s).
  const lmHead = uniform(rand, H * V, 3 * Math.sqrt(3 / H));
  const silent = silentTokenIds(spec);
  for (let r = 0; r < H; r++) for (const id of silent) lmHead[r * V + id] = 0;
  g.op('MatMul', [final, g.float('lm_head.weight', [H, V], lmHead)], undefined, 'logits');

  const kv = (prefix: string, l: number, seq: string): ValueInfo[] => (['key', 'value'] as const).map((kind) => ({
    name: `${prefix}.${l}.${kind}`,
    elemType: DataType.FLOAT,
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
    { name: 'logits', elemType: DataType.FLOAT, shape: ['batch_size', 'sequence_length', V] },
    ...layerIds.flatMap((l) => kv('present', l, 'total_sequence_length')),
  ];

  return encodeModel({
    irVersion: 8,
    opset: REAL_ARCH_OPSET,
    producer: 'router-ide fixture generator',
    docString: `${spec.name}: random-weight Qwen2-style decoder, ${layers} layers, hidden ${H}, ${A} heads / ${K} KV heads of ${D}, ` +
      `MLP ${I}, vocab ${V}, seed ${spec.seed}, ${parameterCount(spec)} parameters`,
    graph: { name: spec.name, nodes: g.nodes, initializers: g.initializers, inputs, outputs },
  });
}
