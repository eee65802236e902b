// The files of one fixture model, in the folder layout of a transformers.js
// model on the Hugging Face hub. Pure: returns bytes, writes nothing.
import { FIXTURE_DESIGNS, type FixtureDesign } from './designs';
import { buildFixtureGraph, HEAD_DIM, NUM_KV_HEADS, NUM_LAYERS } from './graph';
import { NO_PARTIAL_MIDDLE_FIELD } from '../../src/completion';
import { buildTokenizerConfig, buildTokenizerJson, EOS_TOKEN, specialTokenId, VOCAB_SIZE } from './tokenizer';

/** Relative path -> contents. */
export type FileSet = Map<string, Uint8Array>;

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2) + '\n');

function modelConfig(): object {
  const eos = specialTokenId(EOS_TOKEN);
  return {
    architectures: ['Qwen2ForCausalLM'],
    model_type: 'qwen2',
    bos_token_id: eos, // as in Qwen2.5-Coder: <|endoftext|> for both
    eos_token_id: eos,
    hidden_size: NUM_KV_HEADS * HEAD_DIM,
    head_dim: HEAD_DIM,
    intermediate_size: 1,
    num_hidden_layers: NUM_LAYERS,
    num_attention_heads: NUM_KV_HEADS,
    num_key_value_heads: NUM_KV_HEADS,
    max_position_embeddings: 32768,
    vocab_size: VOCAB_SIZE,
    tie_word_embeddings: false,
    torch_dtype: 'float32',
    use_cache: true,
    // Only onnx/model.onnx (fp32) exists. Without this, device 'wasm' would
    // default to dtype q8 and ask for onnx/model_quantized.onnx.
    'transformers.js_config': { dtype: 'fp32' },
    // The designed graph replays its design from the middle marker on: it cannot continue a middle it is given the start of.
    [NO_PARTIAL_MIDDLE_FIELD]: false,
  };
}

function generationConfig(): object {
  const eos = specialTokenId(EOS_TOKEN);
  return { bos_token_id: eos, eos_token_id: eos, do_sample: false };
}

export function fixtureFiles(design: FixtureDesign): FileSet {
  return new Map([
    ['config.json', json(modelConfig())],
    ['generation_config.json', json(generationConfig())],
    ['tokenizer.json', json(buildTokenizerJson())],
    ['tokenizer_config.json', json(buildTokenizerConfig())],
    ['onnx/model.onnx', buildFixtureGraph(design)],
  ]);
}

/** index.json: what fixtures exist and what each is designed to emit. */
export function fixtureIndex(): Uint8Array {
  return json({
    fixtures: FIXTURE_DESIGNS.map((d) => ({
      name: d.name,
      description: d.description,
      completion: d.completion,
      tokenProbs: d.tokenProbs,
      stopToken: d.stopToken,
      stopProb: d.stopProb,
      ...('runnerUp' in d && { runnerUp: d.runnerUp }),
    })),
  });
}
