import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlamaCppServer } from '../../testing/servers/llamacpp-server';
import type { LoopbackHandle } from '../../testing/servers/loopback';
import { createProtocolClient } from '.';
import { llamacppInfill } from './llamacpp-infill';
import { endpoint, failure, never, req } from '../../testing/endpoint/endpoint-support';

let s: LoopbackHandle;
beforeAll(async () => {
  s = await startLlamaCppServer();
});
afterAll(async () => {
  await s.close();
});

const client = (over = {}) => createProtocolClient(endpoint(s.url, { protocol: 'llamacpp-infill', ...over }));

describe('llama.cpp POST /infill', () => {
  it('finds /infill at the server root whatever base URL is configured', () => {
    expect(llamacppInfill.url('http://h:8080')).toBe('http://h:8080/infill');
    expect(llamacppInfill.url('http://h:8080/v1/')).toBe('http://h:8080/infill');
    expect(llamacppInfill.url('http://h:8080/infill')).toBe('http://h:8080/infill');
  });

  it('sends prefix and suffix as input_prefix / input_suffix, with n_predict, and reads `content`', async () => {
    s.setMode({ kind: 'ok', text: 'a + b' });
    let sent = 0;
    const res = await client().complete(req, never, (b) => (sent = b));
    expect(res).toMatchObject({ text: 'a + b', protocol: 'llamacpp-infill', destination: new URL(s.url).host });
    const r = s.requests.at(-1)!;
    expect(r.path).toBe('/infill');
    expect(r.body).toEqual({
      input_prefix: req.prefix,
      input_suffix: req.suffix,
      n_predict: 64,
      temperature: 0,
      stream: false,
      cache_prompt: true,
    });
    expect(sent).toBe(Buffer.byteLength(JSON.stringify(r.body)));
  });

  it('sends input_extra when other files are given', async () => {
    s.setMode({ kind: 'ok', text: 'a + b' });
    await client().complete(
      { ...req, extra: [{ filename: 'util.py', text: 'def sub(a, b): ...\n', source: 'import os\n\ndef sub(a, b): ...\n' }] },
      never,
    );
    expect(s.requests.at(-1)!.body.input_extra).toEqual([{ filename: 'util.py', text: 'def sub(a, b): ...\n' }]);
  });

  it("sends one input_extra entry per file: a file's snippets joined in line order, a gap line between parts apart", async () => {
    s.setMode({ kind: 'ok', text: 'a + b' });
    const util = ['import os', '', 'def sub(a, b):', '    return a - b', '', '', 'def mul(a, b):', '    return a * b', ''].join('\n');
    const part = (from: number, to: number) => util.split('\n').slice(from, to).join('\n');
    const other = 'X = 1\n';
    await client().complete(
      {
        ...req,
        extra: [
          // Best snippet first: the later part of util.py, then another file, then util.py's earlier part.
          { filename: 'util.py', text: part(6, 8), source: util, startLine: 6 },
          { filename: 'consts.py', text: other, source: other, startLine: 0 },
          { filename: 'util.py', text: part(2, 4), source: util },
        ],
      },
      never,
    );
    expect(s.requests.at(-1)!.body.input_extra).toEqual([
      { filename: 'util.py', text: ['def sub(a, b):', '    return a - b', '# ...', 'def mul(a, b):', '    return a * b'].join('\n') },
      { filename: 'consts.py', text: other },
    ]);
  });

  it('reads an SSE stream that has no [DONE], ending at `stop: true`', async () => {
    s.setMode({ kind: 'ok', text: 'return a + b' });
    expect((await client({ stream: true }).complete(req, never)).text).toBe('return a + b');
    expect(s.requests.at(-1)!.body.stream).toBe(true);
  });

  it.each([false, true])('reads completion_probabilities as tokens (stream=%s)', async (stream) => {
    s.setMode({ kind: 'ok', text: 'a + b' });
    const res = await client({ stream, logprobs: true }).complete(req, never);
    expect(s.requests.at(-1)!.body.n_probs).toBe(1);
    expect(res.tokens!.map((t) => t.text)).toEqual(['a', ' ', '+', ' ', 'b']);
    expect(res.tokens![0]).toEqual({ id: 2000, text: 'a', prob: Math.exp(-0.02) });
  });

  it("surfaces llama.cpp's mid-stream `error:` event", async () => {
    s.setMode({ kind: 'mid-stream-error', message: 'context shift is disabled' });
    const e = await failure(client({ stream: true }).complete(req, never));
    expect(e.kind).toBe('server');
    expect(e.message).toMatch(/reported an error: context shift is disabled/);
  });

  it('a model without FIM tokens: says what to do', async () => {
    const nofim = await startLlamaCppServer({ kind: 'ok', text: 'x' }, { fim: false });
    try {
      const e = await failure(createProtocolClient(endpoint(nofim.url, { protocol: 'llamacpp-infill' })).complete(req, never));
      expect(e.status).toBe(501);
      expect(e.message).toMatch(/Infill is not supported.*load a FIM model/);
    } finally {
      await nofim.close();
    }
  });

  it('a /v1/completions server configured as llamacpp-infill: "no such route"', async () => {
    const { startOpenAIServer } = await import('../../testing/servers/openai-server');
    const vllm = await startOpenAIServer();
    try {
      const e = await failure(createProtocolClient(endpoint(vllm.url, { protocol: 'llamacpp-infill' })).complete(req, never));
      expect(e.kind).toBe('rejected');
      expect(e.message).toMatch(/no such route \(HTTP 404\).*llamacpp-infill/);
    } finally {
      await vllm.close();
    }
  });
});
