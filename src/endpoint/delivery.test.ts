// Whether a failed request's body reached the server, as the transport can
// know it: every failure carries a delivery state (delivered, not-delivered,
// unknown), checked against real loopback servers that record what arrived.
// `not-delivered` only where nothing can have left; `unknown` wherever the
// body may have reached the server; `delivered` once it answered.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackHandle } from '../../testing/servers/loopback';
import { startOpenAIServer } from '../../testing/servers/openai-server';
import { EndpointError } from './errors';
import { createProtocolClient } from './index';
import { endpoint, failure, never, refusedUrl, req } from '../../testing/endpoint/endpoint-support';
import { postJson, type PostOptions } from './transport';

let s: LoopbackHandle;
beforeAll(async () => {
  s = await startOpenAIServer();
});
afterAll(async () => {
  await s.close();
});
afterEach(() => s.setPreflight({}));

const client = (over: Parameters<typeof endpoint>[1] = {}, url = s.url) =>
  createProtocolClient(endpoint(url, { model: 'm', timeoutMs: 1500, ...over }));

/** Run one completion; returns the error, whether fetch() got the body (onSent), and the POST bodies the server read. */
async function attempt(mode: Parameters<LoopbackHandle['setMode']>[0], over: Parameters<typeof endpoint>[1] = {}, signal = never) {
  s.setMode(mode);
  const before = s.requests.length;
  let handed = false;
  const e = await failure(client(over).complete(req, signal, () => (handed = true)));
  return { e, handed, received: s.requests.length - before };
}

describe('delivered: the server answered', () => {
  it('HTTP 500 (and any other status)', async () => {
    const { e, handed, received } = await attempt({ kind: 'status', status: 500, body: '{"error":"boom"}' });
    expect([e.kind, e.delivery, handed, received]).toEqual(['server', 'delivered', true, 1]);
    const r = await attempt({ kind: 'status', status: 404, body: '' });
    expect([r.e.kind, r.e.delivery]).toEqual(['rejected', 'delivered']);
  });

  it('a timeout once the stream had begun, a stream cut mid-answer, a malformed answer', async () => {
    const slow = await attempt({ kind: 'slow', intervalMs: 100 }, { stream: true, timeoutMs: 800 });
    expect([slow.e.kind, slow.e.delivery, slow.received]).toEqual(['timeout', 'delivered', 1]);
    const cut = await attempt({ kind: 'cut', afterPieces: 2 }, { stream: true });
    expect([cut.e.kind, cut.e.delivery]).toEqual(['incomplete', 'delivered']);
    const bad = await attempt({ kind: 'malformed' });
    expect([bad.e.kind, bad.e.delivery]).toEqual(['malformed', 'delivered']);
  });
});

describe('unknown: failed after the request may have started', () => {
  it('the server reads the body and closes the connection without answering: it has the code, and we cannot tell', async () => {
    const { e, handed, received } = await attempt({ kind: 'drop' });
    expect([e.kind, e.delivery, handed]).toEqual(['network', 'unknown', true]);
    expect(received).toBe(1); // it did arrive: "not delivered" would have been a lie
    expect(e.message).not.toMatch(/nothing (was sent|reached)/i);
  });

  it('no answer within the timeout', async () => {
    const { e, received } = await attempt({ kind: 'hang' }, { timeoutMs: 500 });
    expect([e.kind, e.delivery, received]).toEqual(['timeout', 'unknown', 1]);
  });

  it('cancelled by typing after fetch() had the body', async () => {
    const typing = new AbortController();
    // The keystroke comes once the server holds the body: a fixed delay would race a loaded machine.
    const before = s.requests.length;
    const arrived = setInterval(() => {
      if (s.requests.length > before) typing.abort();
    }, 10);
    const { e, handed, received } = await attempt({ kind: 'hang' }, {}, typing.signal).finally(() => clearInterval(arrived));
    expect([e.kind, e.delivery, handed, received]).toEqual(['aborted', 'unknown', true, 1]);
  });
});

describe('not-delivered: known never to have left', () => {
  it('connection refused', async () => {
    const e = await failure(client({}, await refusedUrl('/v1')).complete(req, never));
    expect([e.kind, e.delivery]).toEqual(['network', 'not-delivered']);
  });

  it('a port browsers never connect to (6000, 9, 1): said as such, not as a CORS problem; fetch is not called', async () => {
    for (const port of [6000, 9, 1]) {
      let called = false;
      const spy: typeof fetch = () => {
        called = true;
        return Promise.reject(new TypeError('Failed to fetch'));
      };
      const e = await failure(createProtocolClient(endpoint(`http://127.0.0.1:${port}/v1`), { fetch: spy }).complete(req, never));
      expect([e.kind, e.delivery, called]).toEqual(['network', 'not-delivered', false]);
      expect(e.message).toContain(`browsers never connect to port ${port}`);
      expect(e.message).not.toMatch(/CORS|allowed-origins|OLLAMA_ORIGINS/);
    }
    // A usable port is tried as usual.
    const e = await failure(client({}, await refusedUrl('/v1')).complete(req, never));
    expect(e.message).not.toContain('browsers never connect');
  });

  it('cancelled before fetch() was called: fetch is not called, so the ledger has no entry', async () => {
    const typed = new AbortController();
    typed.abort();
    let called = 0;
    let handed = false;
    const fetchImpl = (async () => {
      called++;
      throw new Error('unreachable');
    }) as unknown as typeof fetch;
    const e = await failure(postJson({ ...options(), signal: typed.signal, fetchImpl, onSent: () => (handed = true) }));
    expect([e.kind, e.delivery, called, handed]).toEqual(['aborted', 'not-delivered', 0, false]);
  });
});

function options(over: Partial<PostOptions> = {}): PostOptions {
  return {
    url: 'http://gpu.corp.example:8000/v1/completions',
    host: 'gpu.corp.example:8000',
    body: '{"prompt":"x"}',
    headers: {},
    timeoutMs: 1000,
    signal: never,
    maxBytes: 1024,
    fetchImpl: fetch,
    errorContext: {},
    ...over,
  };
}

describe("a browser's failures (what the page can know)", () => {
  // A browser rejects fetch() with a bare TypeError for a refused connection, a refused CORS
  // preflight and a connection closed after the body alike; only a CSP refusal has a sign of
  // its own: a securitypolicyviolation event, fired in a task after the rejection.
  const scope = globalThis as unknown as { addEventListener?: unknown; removeEventListener?: unknown; dispatchEvent?: unknown };
  let events: EventTarget;
  beforeAll(() => {
    events = new EventTarget();
    scope.addEventListener = events.addEventListener.bind(events);
    scope.removeEventListener = events.removeEventListener.bind(events);
  });
  afterAll(() => {
    delete scope.addEventListener;
    delete scope.removeEventListener;
  });
  const violation = (blockedURI: string, disposition = 'enforce') =>
    Object.assign(new Event('securitypolicyviolation'), { blockedURI, disposition, effectiveDirective: 'connect-src' });
  const failedToFetch = (then?: () => void) =>
    (async () => {
      if (then) setTimeout(then, 0);
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;

  it('a bare "Failed to fetch" is unknown: it may be a preflight refused, or a body read and the connection closed', async () => {
    const e = await failure(postJson(options({ fetchImpl: failedToFetch() })));
    expect([e.kind, e.delivery]).toEqual(['network', 'unknown']);
  });

  it('the CSP refused the address (an enforced violation for it): not delivered, and the message says so', async () => {
    const url = 'http://gpu.corp.example:8000/v1/completions';
    const e = await failure(postJson(options({ url, fetchImpl: failedToFetch(() => events.dispatchEvent(violation(url))) })));
    expect([e.kind, e.delivery]).toEqual(['network', 'not-delivered']);
    expect(e.message).toContain("This page's Content-Security-Policy (connect-src) does not allow http://gpu.corp.example:8000:");
    expect(e.message).toContain('nothing was sent');
    // Named as the page's policy, never as CORS, with the setting and the command that allow the address.
    expect(e.message).toContain('not the server or CORS');
    expect(e.message).toMatch(/set endpoint\.url .*public\/config\.json and rebuild: `npm run build`.*`npm run deploy:configs`/);
  });

  it('a report-only violation, or one for another address, proves nothing', async () => {
    const url = 'http://gpu.corp.example:8000/v1/completions';
    const reportOnly = await failure(
      postJson(options({ url, fetchImpl: failedToFetch(() => events.dispatchEvent(violation(url, 'report'))) })),
    );
    expect(reportOnly.delivery).toBe('unknown');
    const other = await failure(
      postJson(options({ url, fetchImpl: failedToFetch(() => events.dispatchEvent(violation('http://elsewhere:1/'))) })),
    );
    expect(other.delivery).toBe('unknown');
  });

  it('an error made after the answer began keeps its own state; one made by the protocol is delivered', async () => {
    const ex = await postJson(options({ fetchImpl: (async () => new Response('{}', { status: 200 })) as unknown as typeof fetch }));
    expect(ex.fail(new EndpointError('malformed', 'bad')).delivery).toBe('delivered');
    const known = new EndpointError('network', 'x');
    known.delivery = 'not-delivered';
    expect(ex.fail(known).delivery).toBe('not-delivered');
  });
});
