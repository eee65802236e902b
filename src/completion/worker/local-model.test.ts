import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureModels } from '../../../testing/make-fixture-models';
import { designedSteps, FIXTURE_DESIGNS, fixtureDesign } from '../../../testing/fixture-models/designs';
import { EOS_TOKEN, specialTokenId } from '../../../testing/fixture-models/tokenizer';
import { buildFimPrompt, fimTemplate } from '../../vocabulary/fim';
import { loadLocalModel, ModelLoadError, type DownloadProgress, type LoadedModel } from './local-model';

// The fixtures are generated into a fresh folder, so these tests neither
// depend on `npm run fixtures` nor race other test files over public/.
let root: string;
const loaded: LoadedModel[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'local-model-'));
  await writeFixtureModels(root);
});

afterAll(async () => {
  await Promise.all(loaded.map((m) => m.dispose()));
  await rm(root, { recursive: true, force: true });
});

async function load(model: string, onProgress?: (p: DownloadProgress) => void): Promise<LoadedModel> {
  const m = await loadLocalModel({ model, source: { kind: 'bundled', root }, device: 'cpu', onProgress });
  loaded.push(m);
  return m;
}

const STOPS = fimTemplate('qwen2.5-coder').stopTokens;
const PROMPT = '<|fim_prefix|>def add(a, b):\n    return <|fim_suffix|>\n<|fim_middle|>';
const LONGER_PROMPT = buildFimPrompt(
  'qwen2.5-coder',
  '# utilities\nimport math\n\ndef add(a: int, b: int) -> int:\n    """Sum — ünïcödé 😀."""\n    return ',
  '\n\nprint(add(1, 2))\n',
);

describe('loadLocalModel with the fixture models', () => {
  it('builds the same prompt as fim.ts', () => {
    expect(buildFimPrompt('qwen2.5-coder', 'def add(a, b):\n    return ', '\n')).toBe(PROMPT);
  });

  it.each(FIXTURE_DESIGNS.map((d) => d.name))('%s emits its designed tokens and probabilities', async (name) => {
    const design = fixtureDesign(name);
    const m = await load(name);
    expect(m.model).toBe(name);
    expect(m.device).toBe('cpu');

    const out = await m.generate(PROMPT, { maxNewTokens: 32, stopTokens: STOPS });
    const steps = designedSteps(design);
    const body = steps.slice(0, -1);
    expect(out.finish).toBe('stop');
    expect(out.text).toBe(design.completion);
    expect(out.tokens.map((t) => t.id)).toEqual(body.map((s) => s.id));
    expect(out.tokens.map((t) => t.text).join('')).toBe(design.completion);
    out.tokens.forEach((t, i) => expect(Math.abs(t.prob - body[i].prob)).toBeLessThan(1e-3));
    expect(out.stopToken?.id).toBe(specialTokenId(EOS_TOKEN));
    expect(out.stopToken?.text).toBe(EOS_TOKEN);
    expect(Math.abs(out.stopToken!.prob - design.stopProb)).toBeLessThan(1e-3);

    // The design depends on where <|fim_middle|> is, not on the prompt's length or content.
    const again = await m.generate(LONGER_PROMPT, { maxNewTokens: 32, stopTokens: STOPS });
    expect(again.text).toBe(out.text);
    expect(again.tokens).toEqual(out.tokens);
    expect(again.finish).toBe('stop');
  });

  it('stops with finish "length" at maxNewTokens', async () => {
    const m = await load('fixture-valid');
    const out = await m.generate(PROMPT, { maxNewTokens: 2, stopTokens: STOPS });
    expect(out).toMatchObject({ finish: 'length', text: fixtureDesign('fixture-valid').completion.slice(0, 2) });
    expect(out.tokens).toHaveLength(2);
    expect(out.stopToken).toBeUndefined();
  });

  it('returns at once with finish "aborted" for an already-aborted signal', async () => {
    const m = await load('fixture-valid');
    const ctl = new AbortController();
    ctl.abort();
    const out = await m.generate(PROMPT, { maxNewTokens: 32, stopTokens: STOPS, signal: ctl.signal });
    expect(out).toEqual({ text: '', tokens: [], finish: 'aborted' });
  });

  it('stops at the next token with finish "aborted" when aborted mid-generation', async () => {
    const m = await load('fixture-valid');
    // A signal that turns aborted on its 3rd read: one read before generation
    // starts, then one per generated token, so two tokens come out.
    let reads = 0;
    const signal = {
      get aborted() {
        return ++reads >= 3;
      },
    } as AbortSignal;
    const out = await m.generate(PROMPT, { maxNewTokens: 32, stopTokens: STOPS, signal });
    expect(out.finish).toBe('aborted');
    expect(out.text).toBe('a ');
  });

  it('stops on the model end-of-text even when no stop string is a token, and ignores unknown stop strings', async () => {
    const m = await load('fixture-valid');
    const out = await m.generate(PROMPT, { maxNewTokens: 32, stopTokens: ['\n\n', '<not-a-token>'] });
    expect(out).toMatchObject({ finish: 'stop', text: 'a + b' });
  });

  it('emits nothing but the stop token when the prompt has no <|fim_middle|>', async () => {
    const m = await load('fixture-valid');
    const out = await m.generate('def add(a, b):\n    return ', { maxNewTokens: 32, stopTokens: STOPS });
    expect(out).toMatchObject({ finish: 'stop', text: '', tokens: [] });
  });

  it('reports file progress', async () => {
    const events: DownloadProgress[] = [];
    await load('fixture-invalid', (p) => events.push(p));
    const done = events.filter((e) => e.done).map((e) => e.file);
    expect(done).toEqual(expect.arrayContaining(['config.json', 'tokenizer.json', 'onnx/model.onnx']));
  });

  it("loads with dtype 'fp32' (onnx/model.onnx) and names the file stage when a dtype's file is missing", async () => {
    const m = await loadLocalModel({ model: 'fixture-valid', source: { kind: 'bundled', root }, device: 'cpu', dtype: 'fp32' });
    loaded.push(m);
    expect((await m.generate(PROMPT, { maxNewTokens: 32, stopTokens: STOPS })).text).toBe('a + b');

    const err = await loadLocalModel({ model: 'fixture-valid', source: { kind: 'bundled', root }, device: 'cpu', dtype: 'q4' }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ModelLoadError);
    expect((err as Error).message).toMatch(/ONNX model .*dtype q4/);
    expect((err as Error).message).toContain('model_q4.onnx');
  });

  it('fails with a clear error for a missing model folder', async () => {
    const err = await loadLocalModel({ model: 'no-such-model', source: { kind: 'bundled', root }, device: 'cpu' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelLoadError);
    expect((err as Error).message).toContain('"no-such-model" not found at');
    expect((err as Error).message).toContain(join(root, 'no-such-model'));
  });
});
