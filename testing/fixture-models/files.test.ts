import { describe, expect, it } from 'vitest';
import { designedSteps, FIXTURE_DESIGNS } from './designs';
import { fixtureFiles, fixtureIndex } from './files';
import { stepLogits } from './graph';
import { EOS_TOKEN, specialTokenId } from './tokenizer';

const decodeJson = (b: Uint8Array | undefined) => JSON.parse(new TextDecoder().decode(b));

describe('fixture model files', () => {
  it('are the same bytes on every run', () => {
    for (const d of FIXTURE_DESIGNS) {
      const a = fixtureFiles(d);
      const b = fixtureFiles(d);
      expect([...a.keys()]).toEqual([...b.keys()]);
      for (const [k, v] of a) expect(Buffer.from(v).equals(Buffer.from(b.get(k)!))).toBe(true);
    }
    expect(Buffer.from(fixtureIndex()).equals(Buffer.from(fixtureIndex()))).toBe(true);
  });

  it('have the transformers.js hub layout', () => {
    const files = fixtureFiles(FIXTURE_DESIGNS[0]);
    expect([...files.keys()].sort()).toEqual([
      'config.json',
      'generation_config.json',
      'onnx/model.onnx',
      'tokenizer.json',
      'tokenizer_config.json',
    ]);
    const config = decodeJson(files.get('config.json'));
    expect(config).toMatchObject({ model_type: 'qwen2', num_hidden_layers: 1, eos_token_id: specialTokenId(EOS_TOKEN) });
    expect(decodeJson(files.get('tokenizer_config.json')).clean_up_tokenization_spaces).toBe(false);
  });

  it('index.json lists every design', () => {
    const index = decodeJson(fixtureIndex());
    expect(index.fixtures.map((f: { name: string }) => f.name)).toEqual(['fixture-valid', 'fixture-invalid', 'fixture-uncertain']);
  });
});

describe('fixture designs', () => {
  it('give each designed token the designed softmax probability, as the argmax', () => {
    for (const d of FIXTURE_DESIGNS) {
      for (const { id, prob, runnerUp } of designedSteps(d)) {
        const row = stepLogits(id, prob, undefined, runnerUp);
        const max = Math.max(...row);
        const sum = row.reduce((s, x) => s + Math.exp(x - max), 0);
        expect(Math.exp(row[id] - max) / sum).toBeCloseTo(prob, 6);
        expect(row.indexOf(max)).toBe(id);
        if (!runnerUp) continue;
        // The runner-up is second, alone, with its designed probability.
        const others = row.filter((_, i) => i !== id);
        expect(row.indexOf(Math.max(...others))).toBe(runnerUp.id);
        expect(others.filter((x) => x === row[runnerUp.id])).toHaveLength(1);
        expect(Math.exp(row[runnerUp.id] - max) / sum).toBeCloseTo(runnerUp.prob, 6);
      }
    }
  });

  it('are confident or uncertain as named', () => {
    const probs = (name: string) => {
      const d = FIXTURE_DESIGNS.find((x) => x.name === name)!;
      return [...d.tokenProbs, d.stopProb];
    };
    for (const p of [...probs('fixture-valid'), ...probs('fixture-invalid')]) expect(p).toBeGreaterThanOrEqual(0.97);
    for (const p of probs('fixture-uncertain')) {
      expect(p).toBeGreaterThanOrEqual(0.3);
      expect(p).toBeLessThanOrEqual(0.4);
    }
  });
});
