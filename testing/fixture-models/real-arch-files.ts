// The files of a real-architecture fixture, in the same hub layout and with
// the same tokenizer as the designed fixtures. Pure: returns bytes.
import type { FileSet } from './files';
import { buildRealArchGraph } from './qwen2-graph';
import { parameterCount, vocabSize, type RealArchSpec } from './real-arch';
import { buildTokenizerConfig, buildTokenizerJson, EOS_TOKEN, specialTokenId } from './tokenizer';

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2) + '\n');

/** config.json with the fields of Qwen2.5-Coder's, sized by the spec. */
export function realArchConfig(s: RealArchSpec): Record<string, unknown> {
  const eos = specialTokenId(EOS_TOKEN);
  return {
    architectures: ['Qwen2ForCausalLM'],
    model_type: 'qwen2',
    bos_token_id: eos,
    eos_token_id: eos,
    hidden_act: 'silu',
    hidden_size: s.hidden,
    head_dim: s.headDim,
    intermediate_size: s.intermediate,
    num_hidden_layers: s.layers,
    num_attention_heads: s.heads,
    num_key_value_heads: s.kvHeads,
    max_position_embeddings: 32768,
    rms_norm_eps: s.rmsNormEps,
    rope_theta: s.ropeTheta,
    vocab_size: vocabSize(s),
    tie_word_embeddings: false,
    torch_dtype: 'float32',
    use_cache: true,
    // Only onnx/model.onnx (fp32) exists; without this, device 'wasm' asks for model_quantized.onnx.
    'transformers.js_config': { dtype: 'fp32' },
    // Not read by any loader: says what this folder is to a person who opens it.
    'router-ide_fixture': { kind: 'real-architecture, random weights', seed: s.seed, parameters: parameterCount(s) },
  };
}

export function realArchFiles(s: RealArchSpec): FileSet {
  const eos = specialTokenId(EOS_TOKEN);
  return new Map([
    ['config.json', json(realArchConfig(s))],
    ['generation_config.json', json({ bos_token_id: eos, eos_token_id: eos, do_sample: false })],
    ['tokenizer.json', json(buildTokenizerJson())],
    ['tokenizer_config.json', json(buildTokenizerConfig())],
    ['onnx/model.onnx', buildRealArchGraph(s)],
  ]);
}
