// Bad model folders and bad prompts: each a clear error naming the cause.
import { cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureModels } from '../../testing/make-fixture-models';
import { completeWithFim } from './fim-completion';
import { loadLocalModel } from './local-model';

const dir = mkdtempSync(join(tmpdir(), 'load-errors-'));
beforeAll(async () => {
  await writeFixtureModels(dir);
  cpSync(join(dir, 'fixture-valid'), join(dir, 'corrupt-onnx'), { recursive: true });
  writeFileSync(join(dir, 'corrupt-onnx', 'onnx', 'model.onnx'), Buffer.from('this is not a protobuf'));
  cpSync(join(dir, 'fixture-valid'), join(dir, 'no-tokenizer'), { recursive: true });
  unlinkSync(join(dir, 'no-tokenizer', 'tokenizer.json'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const load = (model: string, family?: string) => loadLocalModel({ model, source: { kind: 'bundled', root: dir }, device: 'cpu', family });

describe('model load errors name the cause', () => {
  it("a tokenizer without the family's FIM tokens", async () => {
    await expect(load('fixture-valid', 'starcoder')).rejects.toThrow(
      /has no <fim_prefix> <fim_suffix> <fim_middle> token\(s\) of the starcoder FIM family/,
    );
    await expect(load('fixture-valid', 'qwen2.5-coder')).resolves.toBeDefined();
  });
  it('an unknown family', async () => {
    await expect(load('fixture-valid', 'gpt-17')).rejects.toThrow(/Unknown FIM family "gpt-17"/);
  });
  it('a corrupt ONNX file', async () => {
    await expect(load('corrupt-onnx')).rejects.toThrow(/Could not load the ONNX model .* of model "corrupt-onnx"/);
  });
  it('a missing tokenizer file', async () => {
    await expect(load('no-tokenizer')).rejects.toThrow(/Could not load the tokenizer/);
  });
  it('a bundled source with no folder (only the config may leave `root` out; the inference service fills it in)', async () => {
    await expect(loadLocalModel({ model: 'fixture-valid', source: { kind: 'bundled' }, device: 'cpu' })).rejects.toThrow(
      /bundled model source needs its folder/,
    );
  });
});

describe('odd prompts', () => {
  it('NUL bytes and lone surrogates in the document still complete', async () => {
    const m = await load('fixture-valid', 'qwen2.5-coder');
    const r = await completeWithFim(m, 'qwen2.5-coder', { prefix: 'a = "\u0000\ud800"\nreturn ', suffix: '\udc00\n', maxNewTokens: 8 });
    expect(r.text).toBe('a + b');
    await m.dispose();
  });
});
