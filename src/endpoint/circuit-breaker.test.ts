import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer, type FakeServerHandle } from '../../testing/servers/openai-server';
import { CircuitBreaker, type CircuitSnapshot } from './circuit-breaker';
import { EndpointError } from './errors';
import { createEscalationClient } from './index';
import { endpoint, failure, never, req, unchanged } from '../../testing/endpoint/endpoint-support';
import type { EscalationClient, EscalationResult } from './types';

/** A scripted client: each call takes the next outcome. */
function scripted(outcomes: (EndpointError | 'ok')[]) {
  const calls: number[] = [];
  const client: EscalationClient = {
    destination: 'gpu:8000',
    protocol: 'openai-completions',
    async complete(_r, _s, onSent): Promise<EscalationResult> {
      calls.push(calls.length);
      onSent?.(10, '{}', unchanged);
      const o = outcomes.shift() ?? 'ok';
      if (o !== 'ok') throw o;
      return { text: 'x', destination: 'gpu:8000', bytesSent: 10, ms: 1, gate: unchanged };
    },
  };
  return { client, calls };
}

const down = () => new EndpointError('network', 'Cannot reach gpu:8000');
/** A real-length network error: the circuit's message must carry it whole, not cut mid-word. */
const LONG = `Cannot reach gpu:8000 (Failed to fetch). If the server is up, ${"the server does not allow this page's origin; ".repeat(6)}OLLAMA_ORIGINS (Ollama)`;

function setup(outcomes: (EndpointError | 'ok')[], opts = {}) {
  let now = 1_000_000;
  const changes: CircuitSnapshot[] = [];
  const { client, calls } = scripted(outcomes);
  const breaker = new CircuitBreaker(client, {
    failureThreshold: 3,
    coolDownMs: 30_000,
    now: () => now,
    onStateChange: (s) => changes.push(s),
    ...opts,
  });
  return { breaker, calls, changes, advance: (ms: number) => (now += ms), now: () => now };
}

describe('circuit breaker', () => {
  it('opens after N consecutive failures and then fails fast without sending anything', async () => {
    const { breaker, calls, changes, now } = setup([down(), down(), down()]);
    for (let i = 0; i < 3; i++) await failure(breaker.complete(req, never));
    expect(breaker.state).toBe('open');
    expect(changes).toEqual([{ state: 'open', retryAt: now() + 30_000, failures: 3, lastError: 'Cannot reach gpu:8000' }]);
    let sent = false;
    const e = await failure(breaker.complete(req, never, () => (sent = true)));
    expect(e.kind).toBe('circuit-open');
    expect(e.message).toMatch(
      /paused after 3 failed requests in a row; it retries at .* \(in 30 s\)\. Nothing was sent\. Last error: Cannot reach gpu:8000/,
    );
    expect(sent).toBe(false);
    expect(calls.length).toBe(3);
  });

  it('carries the last error whole, never cut mid-word', async () => {
    const long = () => new EndpointError('network', LONG);
    const { breaker } = setup([long(), long(), long()]);
    for (let i = 0; i < 3; i++) await failure(breaker.complete(req, never, () => {}));
    const e = await failure(breaker.complete(req, never, () => {}));
    expect(LONG.length).toBeGreaterThan(200);
    expect(e.message.endsWith(`Last error: ${LONG}`)).toBe(true);
  });

  it('a success in between resets the count', async () => {
    const { breaker } = setup([down(), down(), 'ok', down(), down()]);
    for (let i = 0; i < 5; i++) await breaker.complete(req, never).catch(() => undefined);
    expect(breaker.state).toBe('closed');
    expect(breaker.snapshot().failures).toBe(2);
  });

  it('user aborts are not failures', async () => {
    const aborted = () => new EndpointError('aborted', 'Request cancelled by typing.');
    const { breaker } = setup([aborted(), aborted(), aborted(), aborted()]);
    for (let i = 0; i < 4; i++) await failure(breaker.complete(req, never));
    expect(breaker.snapshot()).toEqual({ state: 'closed', failures: 0 });
  });

  it('after the cool-down: one trial (half-open); success closes it', async () => {
    const { breaker, calls, changes, advance } = setup([down(), down(), down(), 'ok']);
    for (let i = 0; i < 3; i++) await failure(breaker.complete(req, never));
    advance(29_999);
    expect((await failure(breaker.complete(req, never))).kind).toBe('circuit-open');
    advance(1);
    const res = await breaker.complete(req, never);
    expect(res.text).toBe('x');
    expect(calls.length).toBe(4);
    expect(changes.map((c) => c.state)).toEqual(['open', 'half-open', 'closed']);
    expect(breaker.snapshot()).toEqual({ state: 'closed', failures: 0 });
  });

  it('a failed trial reopens it for another cool-down', async () => {
    const { breaker, changes, advance, now } = setup([down(), down(), down(), down()]);
    for (let i = 0; i < 3; i++) await failure(breaker.complete(req, never));
    advance(30_000);
    await failure(breaker.complete(req, never));
    expect(breaker.snapshot().state).toBe('open');
    expect(breaker.snapshot().retryAt).toBe(now() + 30_000);
    expect(changes.map((c) => c.state)).toEqual(['open', 'half-open', 'open']);
  });

  it('only one trial at a time while half-open', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let now = 0;
    let n = 0;
    const inner: EscalationClient = {
      destination: 'gpu:8000',
      async complete() {
        if (n++ < 1) throw down();
        await gate;
        return { text: 'ok', destination: 'gpu:8000', bytesSent: 1, ms: 1, gate: unchanged };
      },
    };
    const b = new CircuitBreaker(inner, { failureThreshold: 1, coolDownMs: 100, now: () => now });
    await failure(b.complete(req, never));
    now = 100;
    const trial = b.complete(req, never);
    const second = await failure(b.complete(req, never));
    expect(second.kind).toBe('circuit-open');
    expect(second.message).toMatch(/trial request is in flight/);
    release();
    expect((await trial).text).toBe('ok');
    expect(b.state).toBe('closed');
  });

  it("waits at least the server's Retry-After", async () => {
    const limited = new EndpointError('rate-limit', 'slow down', 429, 120_000);
    const { breaker, now } = setup([limited], { failureThreshold: 1 });
    await failure(breaker.complete(req, never));
    expect(breaker.snapshot().retryAt).toBe(now() + 120_000);
  });

  it('subscribe / unsubscribe, and reset closes it', async () => {
    const { breaker } = setup([down()], { failureThreshold: 1 });
    const seen: string[] = [];
    const off = breaker.subscribe((s) => seen.push(s.state));
    await failure(breaker.complete(req, never));
    breaker.reset();
    off();
    await breaker.complete(req, never);
    expect(seen).toEqual(['open', 'closed']);
  });
});

describe('circuit breaker in front of a real server', () => {
  let s: FakeServerHandle;
  beforeAll(async () => {
    s = await startOpenAIServer({ kind: 'status', status: 503, body: '{"error":"loading model"}' });
  });
  afterAll(async () => {
    await s.close();
  });

  it('stops calling a failing server, and recovers by itself', async () => {
    let now = 0;
    const c = createEscalationClient(endpoint(s.url), { breaker: { failureThreshold: 2, coolDownMs: 5_000, now: () => now } });
    const before = s.requests.length;
    for (let i = 0; i < 2; i++) expect((await failure(c.complete(req, never))).kind).toBe('server');
    for (let i = 0; i < 5; i++) expect((await failure(c.complete(req, never))).kind).toBe('circuit-open');
    expect(s.requests.length - before).toBe(2); // nothing sent while open
    s.setMode({ kind: 'ok', text: 'a + b' });
    now += 5_000;
    expect((await c.complete(req, never)).text).toBe('a + b');
    expect(c.state).toBe('closed');
  });
});
