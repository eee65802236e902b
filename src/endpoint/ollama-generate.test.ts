import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackHandle } from '../../testing/servers/loopback';
import { startOllamaServer } from '../../testing/servers/ollama-server';
import { createProtocolClient } from '.';
import { ollamaGenerate } from './ollama-generate';
import { endpoint, failure, never, req } from '../../testing/endpoint/endpoint-support';

let s: LoopbackHandle;
beforeAll(async () => {
  s = await startOllamaServer();
});
afterAll(async () => {
  await s.close();
});

const client = (over = {}, url = s.url) =>
  createProtocolClient(endpoint(url, { protocol: 'ollama-generate', model: 'qwen2.5-coder:32b', ...over }));

describe('Ollama POST /api/generate', () => {
  it('finds /api/generate whatever base URL is configured', () => {
    expect(ollamaGenerate.url('http://h:11434')).toBe('http://h:11434/api/generate');
    expect(ollamaGenerate.url('http://h:11434/v1')).toBe('http://h:11434/api/generate');
    expect(ollamaGenerate.url('http://h:11434/api/')).toBe('http://h:11434/api/generate');
  });

  it('sends prompt + suffix (server-side template), options, and stream: false explicitly (Ollama streams by default)', async () => {
    s.setMode({ kind: 'ok', text: 'a + b' });
    let sent = 0;
    const res = await client().complete(req, never, (b) => (sent = b));
    expect(res).toMatchObject({ text: 'a + b', protocol: 'ollama-generate' });
    const r = s.requests.at(-1)!;
    expect(r.path).toBe('/api/generate');
    expect(r.body).toMatchObject({
      model: 'qwen2.5-coder:32b',
      prompt: req.prefix,
      suffix: req.suffix,
      stream: false,
      options: { num_predict: 64, temperature: 0 },
    });
    expect(r.body).not.toHaveProperty('raw');
    expect((r.body.options as { stop: string[] }).stop).toContain('<|endoftext|>');
    expect(sent).toBe(Buffer.byteLength(JSON.stringify(r.body)));
  });

  it('acceptsSuffix: false sends the client-side template with raw: true and no suffix', async () => {
    s.setMode({ kind: 'ok', text: 'a + b' });
    await client({ acceptsSuffix: false }).complete(req, never);
    const b = s.requests.at(-1)!.body;
    expect(b).toMatchObject({ raw: true, prompt: '<|fim_prefix|>def add(a, b):\n    return <|fim_suffix|>\n<|fim_middle|>' });
    expect(b).not.toHaveProperty('suffix');
  });

  it('reads the NDJSON stream to `done: true`, with logprobs', async () => {
    s.setMode({ kind: 'ok', text: 'return a + b' });
    const res = await client({ stream: true, logprobs: true }).complete(req, never);
    expect(res.text).toBe('return a + b');
    expect(res.tokens!.map((t) => t.text).join('')).toBe('return a + b');
    expect(res.tokens![0]).toEqual({ id: -1, text: 'return', prob: Math.exp(-0.03) });
  });

  it('an {"error"} line mid-stream is a server error, not a short completion', async () => {
    s.setMode({ kind: 'mid-stream-error', message: 'llama runner process has terminated' });
    const e = await failure(client({ stream: true }).complete(req, never));
    expect(e.kind).toBe('server');
    expect(e.message).toMatch(/llama runner process has terminated/);
  });

  it('a model without a suffix slot: says to set acceptsSuffix: false', async () => {
    const plain = await startOllamaServer({ kind: 'ok', text: 'x' }, { supportsInsert: false });
    try {
      const e = await failure(client({}, plain.url).complete(req, never));
      expect(e.status).toBe(400);
      expect(e.message).toMatch(/does not support insert.*set acceptsSuffix to false/);
      expect((await client({ acceptsSuffix: false }, plain.url).complete(req, never)).text).toBe('x');
    } finally {
      await plain.close();
    }
  });

  it('a model that is not pulled: says how to fix it', async () => {
    const e = await failure(client({ model: 'starcoder2:15b' }).complete(req, never));
    expect(e.kind).toBe('rejected');
    expect(e.message).toMatch(/model "starcoder2:15b" not found.*ollama pull starcoder2:15b/);
  });
});
