// Fault injection, the same matrix for every protocol, against real loopback
// servers: refused, 500/401/429 in the server's own shape, malformed JSON,
// a stream cut mid-way, a server that never answers, a very slow stream, a
// 50 MB answer, escape sequences and HTML in the text. Expected: one typed
// error with an actionable message, never a hang past the timeout, never a
// silently truncated completion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlamaCppServer } from '../../testing/servers/llamacpp-server';
import type { LoopbackHandle, ServerMode } from '../../testing/servers/loopback';
import { startOllamaServer } from '../../testing/servers/ollama-server';
import { startOpenAIServer } from '../../testing/servers/openai-server';
import type { EndpointConfig } from '../vocabulary/config';
import { createProtocolClient } from './index';
import { endpoint, failure, never, refusedUrl, req } from '../../testing/endpoint/endpoint-support';
import type { EndpointProtocol } from './types';

const PROTOCOLS: { protocol: EndpointProtocol; start: () => Promise<LoopbackHandle>; model: string; errorBody: string }[] = [
  {
    protocol: 'openai-completions',
    start: () => startOpenAIServer(),
    model: 'm',
    errorBody: '{"error":{"message":"CUDA out of memory","type":"InternalServerError","code":500}}',
  },
  {
    protocol: 'llamacpp-infill',
    start: () => startLlamaCppServer(),
    model: 'm',
    errorBody: '{"error":{"code":500,"message":"CUDA out of memory","type":"server_error"}}',
  },
  {
    protocol: 'ollama-generate',
    start: () => startOllamaServer(),
    model: 'qwen2.5-coder:32b',
    errorBody: '{"error":"CUDA out of memory"}',
  },
];

describe.each(PROTOCOLS)('$protocol under faults', ({ protocol, start, model, errorBody }) => {
  let s: LoopbackHandle;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(async () => {
    await s.close();
  });
  const client = (over: Partial<EndpointConfig> = {}) =>
    createProtocolClient(endpoint(s.url, { protocol, model, timeoutMs: 1500, ...over }));
  const run = async (mode: ServerMode, over: Partial<EndpointConfig> = {}) => {
    s.setMode(mode);
    const t0 = performance.now();
    const e = await failure(client(over).complete(req, never));
    return { e, ms: performance.now() - t0 };
  };

  it('connection refused: names the host and the CORS settings', async () => {
    const url = await refusedUrl();
    const e = await failure(createProtocolClient(endpoint(url, { protocol })).complete(req, never));
    expect(e.kind).toBe('network');
    expect(e.message).toContain(`Cannot reach ${new URL(url).host} (connection refused: is the server running on that port?)`);
    expect(e.message).toMatch(/does not allow this page's origin: set --allowed-origins.*--cors.*OLLAMA_ORIGINS/);
  });

  it("500 in the server's own error shape: the server's words", async () => {
    const { e } = await run({ kind: 'status', status: 500, body: errorBody });
    expect([e.kind, e.status]).toEqual(['server', 500]);
    expect(e.message).toMatch(/failed \(HTTP 500\): CUDA out of memory/);
  });

  it('401 with an empty body: the API key', async () => {
    const { e } = await run({ kind: 'status', status: 401, body: '' }, { apiKey: 'wrong' });
    expect(e.kind).toBe('auth');
    expect(e.message).toMatch(/rejected the API key \(HTTP 401\)\. Check the token in Settings/);
    expect(s.requests.at(-1)!.headers.authorization).toBe('Bearer wrong');
  });

  it('429 with Retry-After: rate limit, with when to retry', async () => {
    const { e } = await run({ kind: 'status', status: 429, body: '{"error":"too many requests"}', headers: { 'Retry-After': '7' } });
    expect([e.kind, e.retryAfterMs]).toEqual(['rate-limit', 7000]);
    expect(e.message).toMatch(/too many requests.*Try again in 7 s/);
  });

  it.each([false, true])('malformed JSON (stream=%s)', async (stream) => {
    const { e } = await run({ kind: 'malformed' }, { stream });
    expect(e.kind).toBe('malformed');
    expect(e.message).toMatch(/not JSON/);
  });

  it.each([
    [true, 'destroy'],
    [true, 'end'],
    [false, 'destroy'],
  ] as const)('a stream cut mid-way is an error, not a short completion (stream=%s, %s)', async (stream, how) => {
    const { e } = await run({ kind: 'cut', afterPieces: 3, how }, { stream });
    expect(e.kind).toBe('incomplete');
    expect(e.message).toMatch(/cut off and discarded/);
  });

  it('a server that never answers: timeout at the configured time', async () => {
    const { e, ms } = await run({ kind: 'hang' }, { timeoutMs: 400 });
    expect(e.kind).toBe('timeout');
    expect(e.message).toMatch(/did not answer within 400 ms/);
    // The client's own record says which limit ended it; the time only has to be far from "never" (a busy machine is slow).
    expect(ms).toBeGreaterThanOrEqual(350);
    expect(ms).toBeLessThan(30_000);
  });

  it('a very slow stream is bounded by the same timeout', async () => {
    const { e, ms } = await run({ kind: 'slow', intervalMs: 100 }, { stream: true, timeoutMs: 600 });
    expect(e.kind).toBe('timeout');
    expect(e.message).toMatch(/did not finish its answer within 600 ms/);
    expect(ms).toBeGreaterThanOrEqual(550);
    expect(ms).toBeLessThan(30_000); // the whole stream would take far longer
  });

  it('a keystroke cancels a streaming request', async () => {
    s.setMode({ kind: 'slow', intervalMs: 50 });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 150);
    const e = await failure(client({ stream: true, timeoutMs: 5000 }).complete(req, ac.signal));
    expect(e.kind).toBe('aborted');
  });

  it.each([
    [false, true],
    [false, false],
    [true, false],
  ] as const)('a 50 MB answer is refused without reading it (stream=%s, Content-Length declared=%s)', async (stream, declareLength) => {
    const { e, ms } = await run({ kind: 'huge', bytes: 50 * 1024 * 1024, declareLength }, { stream, timeoutMs: 10_000 });
    expect(e.kind).toBe('too-large');
    expect(e.message).toMatch(/over the 1024 KiB limit: it was refused unread/);
    // Without a Content-Length the first 1 MiB is read before the cap is known to be passed: the message says so.
    if (declareLength) expect(e.message).not.toMatch(/past the first/);
    else expect(e.message).toMatch(/refused unread past the first 1024 KiB \(the connection was closed there\)/);
    expect(ms).toBeLessThan(30_000);
    // the client hung up: the server could not push the 50 MB (its own record, whatever the machine's speed)
    await new Promise((r) => setTimeout(r, 50));
    expect(s.lastResponseBytes()).toBeLessThan(20 * 1024 * 1024);
  });

  it("an error mid-stream, in the server's own shape, is never mistaken for text", async () => {
    const { e } = await run({ kind: 'mid-stream-error', message: 'out of memory' }, { stream: true });
    expect(e.kind).toBe('server');
    expect(e.message).toMatch(/reported an error: out of memory/);
  });

  it.each([false, true])('escape sequences are stripped, HTML kept as text (stream=%s)', async (stream) => {
    s.setMode({ kind: 'ok', text: 'a\x1b[2J\x1b[31m + b\x1b[0m # <img src=x onerror=alert(1)>\x1b]0;owned\x07' });
    const res = await client({ stream }).complete(req, never);
    expect(res.text).toBe('a + b # <img src=x onerror=alert(1)>');
    expect(res.stripped).toBeGreaterThan(0);
  });
});
