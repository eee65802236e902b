// The fixture decoder graph: a "language model" that ignores the prompt's
// content except for where `<|fim_middle|>` sits, then replays a designed
// sequence of tokens with designed probabilities.
//
// State lives in the KV cache, as transformers.js expects of a decoder:
//   feat        = (input_id == fim_middle) * (position_id + 1)      per token
//   present.key = concat(past.key, feat, axis=2)                    (value: same)
//   m           = max(present.key)  = position of the last fim_middle + 1 (0: none)
//   step        = m == 0 ? T-1 : clamp(position_id + 1 - m, 0, T-1)
//   logits      = table[step]   (+ 0 * sum(attention_mask), so the mask is a used input)
// At the fim_middle position step is 0, and each generated token advances it
// by one, so the output does not depend on the prompt's length or content.
// Row T-1 of the table emits the stop token, so the model also stops at once
// when there is no fim_middle at all.
import { designedSteps, type FixtureDesign } from './designs';
import { DataType, encodeModel, type Node, type TensorInit, type ValueInfo } from './onnx-writer';
import { specialTokenId, VOCAB_SIZE } from './tokenizer';

const OPSET = 17;
/** One layer with one KV head of size one: the cache carries one number per token. */
export const NUM_LAYERS = 1;
export const NUM_KV_HEADS = 1;
export const HEAD_DIM = 1;

/**
 * Logits for one step: the target gets log(p), a runner-up (where given)
 * log(q), and every other token an equal share of what is left, so softmax
 * gives the target exactly p and the runner-up q.
 */
export function stepLogits(targetId: number, prob: number, vocabSize = VOCAB_SIZE, runnerUp?: { id: number; prob: number }): Float32Array {
  const q = runnerUp?.prob ?? 0;
  const rest = (1 - prob - q) / (vocabSize - (runnerUp ? 2 : 1));
  if (!(prob > rest && prob < 1) || (runnerUp && !(q > rest && q < prob))) {
    throw new Error(`probability ${prob} (runner-up ${q}) cannot be the argmax (and second) of ${vocabSize} tokens below 1`);
  }
  const row = new Float32Array(vocabSize).fill(Math.log(rest));
  row[targetId] = Math.log(prob);
  if (runnerUp) row[runnerUp.id] = Math.log(q);
  return row;
}

function logitTable(design: FixtureDesign): TensorInit {
  const steps = designedSteps(design);
  const data = new Float32Array(steps.length * VOCAB_SIZE);
  steps.forEach((s, i) => data.set(stepLogits(s.id, s.prob, VOCAB_SIZE, s.runnerUp), i * VOCAB_SIZE));
  return { name: 'logit_table', type: DataType.FLOAT, dims: [steps.length, VOCAB_SIZE], data };
}

const i64 = (name: string, value: number): TensorInit => ({ name, type: DataType.INT64, dims: [], data: [value] });
const i64s = (name: string, values: number[]): TensorInit => ({ name, type: DataType.INT64, dims: [values.length], data: values });

export function buildFixtureGraph(design: FixtureDesign): Uint8Array {
  const table = logitTable(design);
  const lastStep = table.dims[0] - 1;
  const kvShape = (seq: string) => ['batch_size', NUM_KV_HEADS, seq, HEAD_DIM];

  // transformers.js builds the empty first-step cache from these input shapes:
  // fixed dims are kept, symbolic ones other than batch_size become 0. So H and
  // D must be numbers here, and past_sequence_length symbolic.
  const inputs: ValueInfo[] = [
    { name: 'input_ids', elemType: DataType.INT64, shape: ['batch_size', 'sequence_length'] },
    { name: 'attention_mask', elemType: DataType.INT64, shape: ['batch_size', 'total_sequence_length'] },
    { name: 'position_ids', elemType: DataType.INT64, shape: ['batch_size', 'sequence_length'] },
    { name: 'past_key_values.0.key', elemType: DataType.FLOAT, shape: kvShape('past_sequence_length') },
    { name: 'past_key_values.0.value', elemType: DataType.FLOAT, shape: kvShape('past_sequence_length') },
  ];
  const outputs: ValueInfo[] = [
    { name: 'logits', elemType: DataType.FLOAT, shape: ['batch_size', 'sequence_length', VOCAB_SIZE] },
    { name: 'present.0.key', elemType: DataType.FLOAT, shape: kvShape('total_sequence_length') },
    { name: 'present.0.value', elemType: DataType.FLOAT, shape: kvShape('total_sequence_length') },
  ];
  const initializers: TensorInit[] = [
    table,
    i64('fim_middle_id', specialTokenId('<|fim_middle|>')),
    i64('one', 1),
    i64('zero', 0),
    i64('last_step', lastStep),
    i64s('axes_1_3', [1, 3]),
    i64s('axes_1', [1]),
    { name: 'zero_f', type: DataType.FLOAT, dims: [], data: [0] },
  ];

  const CAST_INT64 = { name: 'to', int: DataType.INT64 };
  const CAST_FLOAT = { name: 'to', int: DataType.FLOAT };
  const nodes: Node[] = [
    // Per-token feature written into the cache.
    { opType: 'Equal', inputs: ['input_ids', 'fim_middle_id'], outputs: ['is_mid'] },
    { opType: 'Cast', inputs: ['is_mid'], outputs: ['is_mid_i'], attributes: [CAST_INT64] },
    { opType: 'Add', inputs: ['position_ids', 'one'], outputs: ['pos1'] },
    { opType: 'Mul', inputs: ['is_mid_i', 'pos1'], outputs: ['feat_i'] },
    { opType: 'Cast', inputs: ['feat_i'], outputs: ['feat_f'], attributes: [CAST_FLOAT] },
    { opType: 'Unsqueeze', inputs: ['feat_f', 'axes_1_3'], outputs: ['feat'] },
    { opType: 'Concat', inputs: ['past_key_values.0.key', 'feat'], outputs: ['present.0.key'], attributes: [{ name: 'axis', int: 2 }] },
    { opType: 'Concat', inputs: ['past_key_values.0.value', 'feat'], outputs: ['present.0.value'], attributes: [{ name: 'axis', int: 2 }] },
    // m: where the last fim_middle is (present is never empty: it holds this step's tokens).
    {
      opType: 'ReduceMax',
      inputs: ['present.0.key'],
      outputs: ['m_f'],
      attributes: [
        { name: 'axes', ints: [1, 2, 3] },
        { name: 'keepdims', int: 0 },
      ],
    },
    { opType: 'Cast', inputs: ['m_f'], outputs: ['m_b'], attributes: [CAST_INT64] },
    { opType: 'Unsqueeze', inputs: ['m_b', 'axes_1'], outputs: ['m'] },
    // step = clamp(pos + 1 - m, 0, T-1), or T-1 (stop) when there is no fim_middle.
    // Max/Min rather than Clip: int64 Clip is missing from some execution providers.
    { opType: 'Sub', inputs: ['pos1', 'm'], outputs: ['raw_step'] },
    { opType: 'Max', inputs: ['raw_step', 'zero'], outputs: ['step_lo'] },
    { opType: 'Min', inputs: ['step_lo', 'last_step'], outputs: ['step_clamped'] },
    { opType: 'Equal', inputs: ['m', 'zero'], outputs: ['no_mid'] },
    { opType: 'Where', inputs: ['no_mid', 'last_step', 'step_clamped'], outputs: ['step'] },
    { opType: 'Gather', inputs: ['logit_table', 'step'], outputs: ['table_logits'], attributes: [{ name: 'axis', int: 0 }] },
    // Consume attention_mask (adds exactly 0) so no runtime prunes it from the inputs.
    { opType: 'Cast', inputs: ['attention_mask'], outputs: ['mask_f'], attributes: [CAST_FLOAT] },
    { opType: 'ReduceSum', inputs: ['mask_f'], outputs: ['mask_sum'], attributes: [{ name: 'keepdims', int: 0 }] },
    { opType: 'Mul', inputs: ['mask_sum', 'zero_f'], outputs: ['mask_zero'] },
    { opType: 'Add', inputs: ['table_logits', 'mask_zero'], outputs: ['logits'] },
  ];

  return encodeModel({
    irVersion: 8,
    opset: OPSET,
    producer: 'router-ide fixture generator',
    docString: `${design.name}: ${design.description}`,
    graph: { name: design.name, nodes, initializers, inputs, outputs },
  });
}
