// The second-best alternative: its first token is the one the model ranks
// second at the first step (read here from the model's own logits, computed
// apart from the generation under test), and greedy decoding goes on from it.
import { AutoModelForCausalLM, AutoTokenizer, Tensor, type PreTrainedModel, type PreTrainedTokenizer } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designedSteps, fixtureDesign } from '../../../testing/fixture-models/designs';
import { DEFAULT_REAL_ARCH } from '../../../testing/fixture-models/real-arch';
import { buildFimPrompt, fimTemplate } from '../../vocabulary/fim';
import { FirstTokenAtRank } from './first-token-rank';
import { loadLocalModel, type LoadedModel } from './local-model';
import { fixtureModelFolder } from '../../../testing/completion/fixture-folder';
import { freshAndReusingModels } from '../../../testing/completion/fresh-and-reusing';

// The id it leaves choosable at the first step (the input is still the prompt, one token here).
const idAtRank = (row: ArrayLike<number>, rank: number) => {
  const only = new FirstTokenAtRank(1, rank);
  only._call([[0n]], new Tensor('float32', Float32Array.from(row), [1, row.length]));
  return only.chosen;
};

describe('FirstTokenAtRank', () => {
  it('ranks by value, ties to the lower id, and skips what a constraint ruled out', () => {
    expect(idAtRank([0.1, 0.7, 0.2], 1)).toBe(1);
    expect(idAtRank([0.1, 0.7, 0.2], 2)).toBe(2);
    expect(idAtRank([0.1, 0.7, 0.2], 3)).toBe(0);
    expect(idAtRank([0.5, 0.9, 0.5], 2)).toBe(0);
    expect(idAtRank([0.5, 0.9, 0.5], 3)).toBe(2);
    expect(idAtRank([-Infinity, 0.9, -Infinity], 2)).toBeUndefined();
    expect(idAtRank([0.2, 0.3], 3)).toBeUndefined();
  });
});

const STOPS = fimTemplate('qwen2.5-coder').stopTokens;
const PROMPT = buildFimPrompt('qwen2.5-coder', 'def add(a, b):\n    return ', '\n');

const folder = fixtureModelFolder('first-token-rank');
const loaded: LoadedModel[] = [];
let tokenizer: PreTrainedTokenizer;
let lm: PreTrainedModel;

beforeAll(async () => {
  // The real-architecture model as transformers.js loads it, for reading logits apart from LoadedModel.
  tokenizer = await AutoTokenizer.from_pretrained(DEFAULT_REAL_ARCH.name);
  lm = await AutoModelForCausalLM.from_pretrained(DEFAULT_REAL_ARCH.name, { device: 'cpu' });
});

afterAll(async () => {
  await Promise.all(loaded.map((m) => m.dispose()));
  await lm?.dispose();
});

async function load(model: string): Promise<LoadedModel> {
  const m = await loadLocalModel({ model, source: { kind: 'bundled', root: folder.root }, device: 'cpu' });
  loaded.push(m);
  return m;
}

/** The last position's logits for `ids`, read in one forward pass without a cache. */
async function lastLogits(ids: readonly number[]): Promise<Float32Array> {
  const out = (await lm.forward({
    input_ids: new Tensor('int64', BigInt64Array.from(ids, BigInt), [1, ids.length]),
    attention_mask: new Tensor('int64', new BigInt64Array(ids.length).fill(1n), [1, ids.length]),
  })) as { logits: Tensor };
  const vocab = out.logits.dims.at(-1)!;
  return (out.logits.data as Float32Array).slice((ids.length - 1) * vocab, ids.length * vocab);
}

const softmaxAt = (row: Float32Array, id: number) => {
  const max = Math.max(...row);
  return Math.exp(row[id] - max) / row.reduce((s, x) => s + Math.exp(x - max), 0);
};

describe('the second-best first token on the fixture models', () => {
  it("fixture-valid: starts with the first step's runner-up, with its probability, then replays its design", async () => {
    const design = fixtureDesign('fixture-valid');
    const steps = designedSteps(design);
    const m = await load('fixture-valid');
    const best = await m.generate(PROMPT, { maxNewTokens: 32, stopTokens: STOPS });
    const alt = await m.generate(PROMPT, { maxNewTokens: 32, stopTokens: STOPS, firstTokenRank: 2 });
    expect(best.tokens[0].id).toBe(steps[0].id);
    expect(alt.tokens[0].id).not.toBe(best.tokens[0].id);
    expect(alt.tokens[0].id).toBe(steps[0].runnerUp!.id);
    expect(Math.abs(alt.tokens[0].prob - design.runnerUp!.prob)).toBeLessThan(1e-4);
    // The model replays by position: the rest of the designed completion follows.
    expect(alt.text).toBe(design.runnerUp!.text + design.completion.slice(1));
    expect(alt.tokens.slice(1)).toEqual(best.tokens.slice(1));
    expect(alt.finish).toBe('stop');
  });

  it("fixture-qwen2-tiny: the first token is the second-ranked of the first step's logits, and greedy decoding follows it", async () => {
    const m = await load(DEFAULT_REAL_ARCH.name);
    const ids = Array.from(tokenizer.encode(PROMPT, { add_special_tokens: true }));
    const first = await lastLogits(ids);
    const alt = await m.generate(PROMPT, { maxNewTokens: 8, stopTokens: STOPS, firstTokenRank: 2 });
    const best = await m.generate(PROMPT, { maxNewTokens: 8, stopTokens: STOPS });
    expect(best.tokens[0].id).toBe(idAtRank(first, 1));
    expect(alt.tokens[0].id).not.toBe(best.tokens[0].id);
    expect(alt.tokens[0].id).toBe(idAtRank(first, 2));
    // Its recorded probability is the model's own for that token, not renormalised.
    expect(Math.abs(alt.tokens[0].prob - softmaxAt(first, alt.tokens[0].id))).toBeLessThan(1e-4);
    // After it, each token is the argmax given everything before it.
    const written = [...alt.tokens.map((t) => t.id), ...(alt.stopToken ? [alt.stopToken.id] : [])];
    for (let i = 1; i < written.length; i++) {
      expect(written[i]).toBe(idAtRank(await lastLogits([...ids, ...written.slice(0, i)]), 1));
    }
  });
});

describe('over the prompt cache', () => {
  const models = freshAndReusingModels('first-token-rank-reuse');

  it('reads only the last prompt token after the best completion, and writes what a fresh read writes', async () => {
    const { fresh, reusing } = models;
    const best = await reusing.generate(PROMPT, { maxNewTokens: 8, stopTokens: STOPS });
    const alt = await reusing.generate(PROMPT, { maxNewTokens: 8, stopTokens: STOPS, firstTokenRank: 2 });
    expect(alt.tokens[0].id).not.toBe(best.tokens[0].id);
    expect(alt.stats?.reusedTokens).toBe(alt.stats!.promptTokens - 1);
    const again = await fresh.generate(PROMPT, { maxNewTokens: 8, stopTokens: STOPS, firstTokenRank: 2 });
    expect(again.stats?.reusedTokens).toBe(0);
    expect(alt.tokens.map((t) => t.id)).toEqual(again.tokens.map((t) => t.id));
    expect(alt.text).toBe(again.text);
  });
});
