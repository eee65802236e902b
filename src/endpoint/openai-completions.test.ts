import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer, type FakeServerHandle } from '../../e2e/fixtures/openai-server';
import type { EndpointConfig } from '../config/types';
import { EndpointError } from './errors';
import { OpenAICompletionsClient, completionsUrl } from './openai-completions';

let server: FakeServerHandle;
beforeAll(async () => { server = await startOpenAIServer(); });
afterAll(async () => { await server.close(); });

const cfg = (over: Partial<EndpointConfig> = {}): EndpointConfig => ({
  url: server.url, model: 'Qwen/Qwen2.5-Coder-32B', family: 'qwen2.5-coder', timeoutMs: 2000, maxTokens: 64, ...over,
});
const req = { prefix: 'def add(a, b):\n    return ', suffix: '\n' };
const never = new AbortController().signal;

async function failure(p: Promise<unknown>): Promise<EndpointError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(EndpointError);
    return e as EndpointError;
  }
  throw new Error('expected a failure');
}

describe('OpenAI /v1/completions client against a loopback server', () => {
  it('sends a client-side FIM prompt without a suffix key and returns the text', async () => {
    server.setMode({ kind: 'ok', text: 'a + b<|endoftext|>' });
    const n = server.requests.length;
    let sent = 0;
    const res = await new OpenAICompletionsClient(cfg({ apiKey: 'tok-123' })).complete(req, never, (b) => (sent = b));
    expect(res.text).toBe('a + b');
    expect(res.destination).toBe(new URL(server.url).host);
    expect(server.requests.length).toBe(n + 1);
    const r = server.requests.at(-1)!;
    expect(r.path).toBe('/v1/completions');
    expect(r.headers.authorization).toBe('Bearer tok-123');
    expect(r.body).not.toHaveProperty('suffix');
    expect(r.body).not.toHaveProperty('echo');
    expect(r.body.prompt).toBe('<|fim_prefix|>def add(a, b):\n    return <|fim_suffix|>\n<|fim_middle|>');
    expect(r.body.temperature).toBe(0);
    expect((r.body.stop as string[]).length).toBeLessThanOrEqual(4);
    expect(sent).toBe(res.bytesSent);
    expect(sent).toBe(Buffer.byteLength(JSON.stringify(r.body)));
  });

  it('accepts a URL that already ends in /completions', () => {
    expect(completionsUrl('http://h:1/v1/')).toBe('http://h:1/v1/completions');
    expect(completionsUrl('http://h:1/v1/completions')).toBe('http://h:1/v1/completions');
  });

  it.each([
    [{ kind: 'status', status: 401, body: '' }, 'auth', /rejected the API key/],
    [{ kind: 'status', status: 429, body: '{"error":"slow down"}' }, 'rate-limit', /rate limiting.*slow down/],
    [{ kind: 'status', status: 500, body: '{"error":{"message":"CUDA out of memory","type":"InternalServerError","code":500}}' }, 'server', /HTTP 500.*CUDA out of memory/],
    [{ kind: 'status', status: 422, body: '{"error":"Input validation error","error_type":"validation"}' }, 'rejected', /Input validation error/],
    [{ kind: 'malformed' }, 'malformed', /not JSON/],
  ] as const)('turns %o into one typed, actionable error', async (mode, kind, message) => {
    server.setMode(mode);
    const e = await failure(new OpenAICompletionsClient(cfg()).complete(req, never));
    expect(e.kind).toBe(kind);
    expect(e.message).toMatch(message);
  });

  it('gives up on a server that never answers at the configured timeout', async () => {
    server.setMode({ kind: 'hang' });
    const t0 = performance.now();
    const e = await failure(new OpenAICompletionsClient(cfg({ timeoutMs: 300 })).complete(req, never));
    expect(e.kind).toBe('timeout');
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('is cancelled by the caller (a keystroke)', async () => {
    server.setMode({ kind: 'hang' });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    const e = await failure(new OpenAICompletionsClient(cfg({ timeoutMs: 5000 })).complete(req, ac.signal));
    expect(e.kind).toBe('aborted');
  });

  it('explains a refused connection', async () => {
    const e = await failure(new OpenAICompletionsClient(cfg({ url: 'http://127.0.0.1:9/v1' })).complete(req, never));
    expect(e.kind).toBe('network');
    expect(e.message).toMatch(/Cannot reach 127.0.0.1:9.*allowed-origins/);
  });

  it('a bad URL is a clear error', () => {
    expect(() => new OpenAICompletionsClient(cfg({ url: 'not a url' }))).toThrow(/not a valid endpoint URL/);
  });
});
