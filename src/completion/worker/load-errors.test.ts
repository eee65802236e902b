// Bad model folders and bad prompts: each a clear error naming the cause.
import { cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { env } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureModels } from '../../../testing/make-fixture-models';
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

describe("a model source the page's policy refuses", () => {
  // In a browser the refusal is a bare "Failed to fetch" plus a securitypolicyviolation event on the
  // global scope (the inference worker's); stood in for here by an EventTarget and a fetch that does both.
  const scope = globalThis as unknown as { addEventListener?: unknown; removeEventListener?: unknown };
  const realFetch = env.fetch;
  beforeAll(() => {
    const events = new EventTarget();
    scope.addEventListener = events.addEventListener.bind(events);
    scope.removeEventListener = events.removeEventListener.bind(events);
    env.fetch = (async (input: RequestInfo | URL) => {
      const blockedURI = String(input instanceof Request ? input.url : input);
      setTimeout(() =>
        events.dispatchEvent(
          Object.assign(new Event('securitypolicyviolation'), { blockedURI, disposition: 'enforce', effectiveDirective: 'connect-src' }),
        ),
      );
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
  });
  afterAll(() => {
    delete scope.addEventListener;
    delete scope.removeEventListener;
    env.fetch = realFetch;
  });

  it('is named as the page’s policy, with the origin, the setting and the rebuild, not as an unreachable host', async () => {
    const err = await loadLocalModel({
      model: 'corp/coder',
      source: { kind: 'url', url: 'https://models.corp.example/mirror/' },
      device: 'cpu',
    }).then(
      () => undefined,
      (e: unknown) => e as Error & { stage?: string },
    );
    expect(err?.message).toContain('Content-Security-Policy (connect-src) does not allow https://models.corp.example: the browser refused');
    expect(err?.message).toMatch(/set model\.source in public\/config\.json and rebuild/);
    expect(err?.stage).toBe('files');
  });
});
