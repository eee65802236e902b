// Escalation requests never follow a redirect: a server answering 301, 302,
// 303, 307 or 308 gets one typed error that names the target (Node's fetch
// shows it; a browser hides it), and the target never sees a connection, let
// alone the code. Real loopback servers on both ends, for every protocol.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlamaCppServer } from '../../testing/servers/llamacpp-server';
import { startRecorder, type LoopbackHandle, type RecorderHandle } from '../../testing/servers/loopback';
import { startOllamaServer } from '../../testing/servers/ollama-server';
import { startOpenAIServer } from '../../testing/servers/openai-server';
import { createProtocolClient } from './index';
import { endpoint, failure, never, req } from '../../testing/endpoint/endpoint-support';
import { postJson } from './transport';
import type { EndpointProtocol } from './types';

const PROTOCOLS: { protocol: EndpointProtocol; start: () => Promise<LoopbackHandle>; model: string; route: string }[] = [
  { protocol: 'openai-completions', start: () => startOpenAIServer(), model: 'm', route: '/v1/completions' },
  { protocol: 'llamacpp-infill', start: () => startLlamaCppServer(), model: 'm', route: '/infill' },
  { protocol: 'ollama-generate', start: () => startOllamaServer(), model: 'qwen2.5-coder:32b', route: '/api/generate' },
];
const STATUSES = [301, 302, 303, 307, 308];

let sink: RecorderHandle;
beforeAll(async () => {
  sink = await startRecorder();
});
afterAll(async () => {
  await sink.close();
});

const targets = () => [
  { name: 'another loopback server', location: `${sink.url}/v1/completions` },
  { name: 'localhost', location: `http://localhost:${sink.port}/v1/completions` },
];

describe('the recording server would see a followed redirect (the control)', () => {
  it.each([307, 308])('fetch with redirect: follow delivers the body there after a %i', async (status) => {
    const s = await startOpenAIServer({ kind: 'redirect', status, location: '' });
    try {
      for (const { location } of targets()) {
        s.setMode({ kind: 'redirect', status, location });
        const before = sink.received.length;
        const res = await fetch(`${s.url}/completions`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{"model":"m","prompt":"x"}',
        });
        expect(res.status).toBe(200);
        expect(sink.received.slice(before)).toEqual([{ method: 'POST', path: '/v1/completions', bodyBytes: 26 }]);
      }
    } finally {
      await s.close();
      sink.received.length = 0;
    }
  });
});

describe.each(PROTOCOLS)('$protocol: a redirect is an error and is never followed', ({ protocol, start, model, route }) => {
  let s: LoopbackHandle;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(async () => {
    await s.close();
  });

  for (const status of STATUSES) {
    it(`HTTP ${status}: names the status and the target, says what to do; nothing reaches the target`, async () => {
      for (const { location } of targets()) {
        const connections = sink.connections();
        s.setMode({ kind: 'redirect', status, location });
        const posts = s.requests.length;
        let sent = 0;
        const e = await failure(
          createProtocolClient(endpoint(s.url, { protocol, model, timeoutMs: 2000 })).complete(req, never, (bytes) => (sent = bytes)),
        );
        expect(e.kind).toBe('redirect');
        expect(e.status).toBe(status);
        expect(e.message).toContain(`${new URL(s.url).host} answered with a redirect (HTTP ${status}) to ${location}.`);
        expect(e.message).toContain('Escalation requests never follow redirects');
        expect(e.message).toContain('Point endpoint.url at the final address');
        // The first server answered: the body reached it, and only it.
        expect(e.delivery).toBe('delivered');
        expect(sent).toBeGreaterThan(0);
        expect(s.requests.length).toBe(posts + 1);
        expect(s.requests.at(-1)!.path).toBe(route);
        expect(sink.received).toEqual([]);
        expect(sink.connections()).toBe(connections);
      }
    });
  }
});

describe('what a browser shows of a redirect', () => {
  it('an opaque redirect (status 0, no headers): says the browser hides the target, and is delivered', async () => {
    // What fetch() in a browser resolves with under redirect: 'manual'; Node's fetch cannot make one.
    const opaque = { type: 'opaqueredirect', status: 0, ok: false, headers: new Headers(), body: null } as unknown as Response;
    let init: RequestInit | undefined;
    const fetchImpl = (async (_url: string, i: RequestInit) => ((init = i), opaque)) as unknown as typeof fetch;
    const e = await failure(
      postJson({
        url: 'http://gpu.corp.example:8000/v1/completions',
        host: 'gpu.corp.example:8000',
        body: '{}',
        headers: {},
        timeoutMs: 1000,
        signal: never,
        maxBytes: 1024,
        fetchImpl,
        errorContext: {},
      }),
    );
    expect(init?.redirect).toBe('manual');
    expect(e.kind).toBe('redirect');
    expect(e.status).toBeUndefined();
    expect(e.message).toBe(
      'gpu.corp.example:8000 answered with a redirect (the browser hides where it points). Escalation requests never follow redirects, ' +
        'so the code was not sent on to another address. Point endpoint.url at the final address (the one the server redirects to) in Settings.',
    );
    expect(e.delivery).toBe('delivered');
  });

  it('a Location with credentials or control characters is shown without them', async () => {
    const s = await startOpenAIServer({ kind: 'redirect', status: 307, location: 'http://user:pw@127.0.0.1:1/v1/completions' });
    try {
      const e = await failure(createProtocolClient(endpoint(s.url, { model: 'm' })).complete(req, never));
      expect(e.message).toContain('to http://127.0.0.1:1/v1/completions.');
      expect(e.message).not.toContain('pw');
    } finally {
      await s.close();
    }
  });
});
