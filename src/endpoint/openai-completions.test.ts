import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer, type FakeServerHandle, type OpenAIFlavor } from '../../testing/servers/openai-server';
import type { EndpointConfig } from '../vocabulary/config';
import { createProtocolClient } from '.';
import { openaiCompletions } from './openai-completions';
import { endpoint, failure, never, refusedUrl, req } from '../../testing/endpoint/endpoint-support';

let server: FakeServerHandle;
beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(async () => {
  await server.close();
});

const cfg = (over: Partial<EndpointConfig> = {}): EndpointConfig => endpoint(server.url, over);

describe('OpenAI /v1/completions client against a loopback server', () => {
  it('sends a client-side FIM prompt without a suffix key and returns the text', async () => {
    server.setMode({ kind: 'ok', text: 'a + b<|endoftext|>' });
    const n = server.requests.length;
    let sent = 0;
    let sentBody = '';
    const res = await createProtocolClient(cfg({ apiKey: 'tok-123' })).complete(req, never, (b, body) => ((sent = b), (sentBody = body)));
    expect(res.text).toBe('a + b');
    expect(res.destination).toBe(new URL(server.url).host);
    expect(res.protocol).toBe('openai-completions');
    expect(server.requests.length).toBe(n + 1);
    const r = server.requests.at(-1)!;
    expect(r.path).toBe('/v1/completions');
    expect(r.headers.authorization).toBe('Bearer tok-123');
    expect(r.body).not.toHaveProperty('suffix');
    expect(r.body).not.toHaveProperty('echo');
    expect(r.body).not.toHaveProperty('top_p');
    expect(r.body).not.toHaveProperty('logprobs');
    expect(r.body.prompt).toBe('<|fim_prefix|>def add(a, b):\n    return <|fim_suffix|>\n<|fim_middle|>');
    expect(r.body.temperature).toBe(0);
    expect(r.body.max_tokens).toBe(64);
    expect(r.body.stream).toBe(false);
    expect((r.body.stop as string[]).length).toBeLessThanOrEqual(4);
    expect(sent).toBe(res.bytesSent);
    expect(sent).toBe(Buffer.byteLength(JSON.stringify(r.body)));
    expect(JSON.parse(sentBody)).toEqual(r.body); // the exact body, for the ledger's hash
    expect(sentBody).not.toContain('tok-123'); // the token travels in a header only
  });

  it('accepts a URL that already ends in /completions', () => {
    expect(openaiCompletions.url('http://h:1/v1/')).toBe('http://h:1/v1/completions');
    expect(openaiCompletions.url('http://h:1/v1/completions')).toBe('http://h:1/v1/completions');
  });

  it.each([
    [{ kind: 'status', status: 401, body: '' }, 'auth', /rejected the API key/],
    [{ kind: 'status', status: 429, body: '{"error":"slow down"}' }, 'rate-limit', /rate limiting.*slow down/],
    [
      { kind: 'status', status: 500, body: '{"error":{"message":"CUDA out of memory","type":"InternalServerError","code":500}}' },
      'server',
      /HTTP 500.*CUDA out of memory/,
    ],
    [
      { kind: 'status', status: 422, body: '{"error":"Input validation error","error_type":"validation"}' },
      'rejected',
      /Input validation error/,
    ],
    [{ kind: 'malformed' }, 'malformed', /not JSON/],
  ] as const)('turns %o into one typed, actionable error', async (mode, kind, message) => {
    server.setMode(mode);
    const e = await failure(createProtocolClient(cfg()).complete(req, never));
    expect(e.kind).toBe(kind);
    expect(e.message).toMatch(message);
  });

  it('gives up on a server that never answers at the configured timeout', async () => {
    server.setMode({ kind: 'hang' });
    const t0 = performance.now();
    const e = await failure(createProtocolClient(cfg({ timeoutMs: 300 })).complete(req, never));
    expect(e.kind).toBe('timeout');
    expect(e.message).toMatch(/did not answer within 300 ms/);
    // Which limit ended it is in the message; the time only has to be far from "never" (a busy machine is slow).
    expect(performance.now() - t0).toBeLessThan(30_000);
  });

  it('is cancelled by the caller (a keystroke)', async () => {
    server.setMode({ kind: 'hang' });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    const e = await failure(createProtocolClient(cfg({ timeoutMs: 5000 })).complete(req, ac.signal));
    expect(e.kind).toBe('aborted');
  });

  it('explains a refused connection', async () => {
    const url = await refusedUrl('/v1');
    const e = await failure(createProtocolClient(cfg({ url })).complete(req, never));
    expect(e.kind).toBe('network');
    expect(e.message).toMatch(new RegExp(`Cannot reach ${new URL(url).host.replace(/\./g, '\\.')}.*allowed-origins`));
  });

  it('a bad URL is a clear error', () => {
    expect(() => createProtocolClient(cfg({ url: 'not a url' }))).toThrow(/not a valid endpoint URL/);
    expect(() => createProtocolClient(cfg({ url: 'file:///etc/passwd' }))).toThrow(/only http/);
  });
});

// Each server's dialect of /v1/completions: the same client works with all.
describe.each(['vllm', 'tgi', 'llamacpp', 'ollama'] as OpenAIFlavor[])('against %s', (flavor) => {
  let s: FakeServerHandle;
  beforeAll(async () => {
    s = await startOpenAIServer({ kind: 'ok', text: 'a + b' }, { flavor });
  });
  afterAll(async () => {
    await s.close();
  });

  it.each([false, true])('completes with stream=%s', async (stream) => {
    s.setMode({ kind: 'ok', text: 'a + b' });
    const res = await createProtocolClient(endpoint(s.url, { stream })).complete(req, never);
    expect(res.text).toBe('a + b');
    expect(s.requests.at(-1)!.body.stream).toBe(stream);
  });

  it('streams without a final [DONE] when the server leaves it out', async () => {
    s.setMode({ kind: 'ok', text: 'x * 2', doneMarker: false });
    expect((await createProtocolClient(endpoint(s.url, { stream: true })).complete(req, never)).text).toBe('x * 2');
  });

  it(
    flavor === 'ollama' ? 'sends prefix + suffix when acceptsSuffix' : 'refuses suffix, and the error says to turn acceptsSuffix off',
    async () => {
      s.setMode({ kind: 'ok', text: 'a + b' });
      const c = createProtocolClient(endpoint(s.url, { acceptsSuffix: true }));
      if (flavor === 'ollama') {
        expect((await c.complete(req, never)).text).toBe('a + b');
        expect(s.requests.at(-1)!.body).toMatchObject({ prompt: req.prefix, suffix: req.suffix });
      } else {
        const e = await failure(c.complete(req, never));
        expect(e.status).toBe({ vllm: 400, tgi: 422, llamacpp: 500 }[flavor]);
        expect(e.message).toMatch(/suffix.*set acceptsSuffix to false/);
      }
    },
  );

  it.each([false, true])('reads logprobs when the server returns them (stream=%s)', async (stream) => {
    s.setMode({ kind: 'ok', text: 'a + b<|endoftext|>zz' });
    const res = await createProtocolClient(endpoint(s.url, { stream, logprobs: true })).complete(req, never);
    expect(s.requests.at(-1)!.body.logprobs).toBe(1);
    expect(res.text).toBe('a + b');
    if (flavor === 'tgi') {
      expect(res.tokens).toBeUndefined(); // TGI's /v1/completions returns none
    } else {
      expect(res.tokens!.map((t) => t.text).join('')).toBe('a + b'); // tokens past the stop token are dropped
      expect(res.tokens![0].prob).toBeCloseTo(Math.exp(-0.01));
      expect(res.tokens![0].id).toBe(flavor === 'llamacpp' ? 1000 : -1);
    }
  });
});

describe('streaming stops early at a stop token', () => {
  it('returns as soon as the stop token arrives, without reading the rest', async () => {
    // The whole stream takes minutes: a client that read it to the end would not come back in the test's time.
    const s = await startOpenAIServer({ kind: 'ok', text: `a + b<|endoftext|>${' junk'.repeat(2000)}`, chunkDelayMs: 40 });
    try {
      const t0 = performance.now();
      const res = await createProtocolClient(endpoint(s.url, { stream: true })).complete(req, never);
      expect(res.text).toBe('a + b');
      expect(performance.now() - t0).toBeLessThan(30_000);
    } finally {
      await s.close();
    }
  });
});
