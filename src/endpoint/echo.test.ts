// What a server answers is shown and stored (badge, ledger, export): never
// with the API key, an Authorization value or a credential in it. And the
// last scan of the exact body keeps a request here when the body would
// carry a credential, whatever built it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlamaCppServer } from '../../testing/servers/llamacpp-server';
import type { LoopbackHandle } from '../../testing/servers/loopback';
import { startOllamaServer } from '../../testing/servers/ollama-server';
import { startOpenAIServer } from '../../testing/servers/openai-server';
import { endpoint, failure, never, req } from '../../testing/endpoint/endpoint-support';
import { EgressRefused, passGate } from '../privacy/egress-gate';
import { createProtocolClient } from './index';
import { openaiCompletions } from './openai-completions';
import type { EndpointProtocol } from './types';
import { WireClient } from './wire-client';

const KEY = 'sk-echo-9f8e7d6c5b4a39281706f5e4d3c2b1a0';

const PROTOCOLS: { protocol: EndpointProtocol; start: () => Promise<LoopbackHandle>; model: string }[] = [
  { protocol: 'openai-completions', start: () => startOpenAIServer(), model: 'm' },
  { protocol: 'llamacpp-infill', start: () => startLlamaCppServer(), model: 'm' },
  { protocol: 'ollama-generate', start: () => startOllamaServer(), model: 'qwen2.5-coder:32b' },
];

describe.each(PROTOCOLS)('$protocol: a server echoing the key', ({ protocol, start, model }) => {
  let s: LoopbackHandle;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(async () => {
    await s.close();
  });

  it('a 401 that quotes the key and its header: the error says 401, without the key', async () => {
    s.setMode({
      kind: 'status',
      status: 401,
      body: JSON.stringify({ error: { message: `Invalid API key: Bearer ${KEY} (Authorization: Bearer ${KEY})` } }),
    });
    const e = await failure(createProtocolClient(endpoint(s.url, { protocol, model, apiKey: KEY })).complete(req, never));
    expect(e.kind).toBe('auth');
    expect(e.message).toContain('401');
    expect(e.message).not.toContain(KEY.slice(8, 20));
  });

  it('a completion that holds the key comes back without it', async () => {
    s.setMode({ kind: 'ok', text: `a + b  # ${KEY}` });
    const r = await createProtocolClient(endpoint(s.url, { protocol, model, apiKey: KEY })).complete(req, never);
    expect(r.text).toContain('a + b');
    expect(r.text).not.toContain(KEY);
  });
});

describe('the last scan of the exact body', () => {
  it('a body builder that adds a credential the gate never saw: nothing is sent', async () => {
    const s = await startOpenAIServer();
    try {
      const leaky = {
        ...openaiCompletions,
        body: (...args: Parameters<typeof openaiCompletions.body>) => ({
          ...openaiCompletions.body(...args),
          user: 'ghp_0123456789abcdefABCDEF0123456789abcd',
        }),
      };
      const client = new WireClient(leaky, endpoint(s.url, { protocol: 'openai-completions', model: 'm' }));
      const refused = await client.complete(req, never).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(EgressRefused);
      expect((refused as Error).message).toMatch(/github-token.*nothing was sent/);
      expect(s.requests).toHaveLength(0);
      // The gate's own output passes the same scan.
      expect((await passGate(req)).request.prefix).toBe(req.prefix);
    } finally {
      await s.close();
    }
  });
});
