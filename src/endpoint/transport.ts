// The one place that touches the network: POST a JSON body and hand back the
// response body as a bounded, abort-aware stream of chunks. Every failure
// comes out as an EndpointError that says whether the body reached the server
// (its `delivery`). The configured timeout covers the whole exchange, a slow
// stream included, so nothing waits past it. A redirect is never followed:
// the body would go to a host the badge and the ledger do not name.
import { EndpointError, httpError, networkError, withDelivery, type HttpErrorContext } from './errors';
import type { Delivery } from '../vocabulary/types';
import { blockedPortOf } from './blocked-ports';
import { stripControls } from './sanitize';
import { pagePolicyRefusal, watchPagePolicy } from '../platform/page-policy';

/** Default cap on a response body, declared or not. A FIM completion is a few hundred bytes; 1 MiB leaves room for logprobs. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;
/** Enough of an error body to show the server's words. */
const MAX_ERROR_BYTES = 64 * 1024;

export interface PostOptions {
  url: string;
  host: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  signal: AbortSignal;
  /** Called when the body is handed to fetch: its size in bytes and the body itself. */
  onSent?: (bytes: number, body: string) => void;
  maxBytes: number;
  fetchImpl: typeof fetch;
  errorContext: HttpErrorContext;
}

interface Exchange {
  bytesSent: number;
  contentType: string | null;
  /** The body, capped at maxBytes; reading stops (and the request is aborted) on timeout or cancellation. */
  chunks: AsyncIterable<Uint8Array>;
  /** Stop the request: we have what we need (a stop token arrived). */
  stop(): void;
  /** Any error during the exchange, as an EndpointError (timeout, abort, cut stream...). */
  fail(e: unknown): EndpointError;
}

// A declared Content-Length over the cap is refused before a byte is read; a
// body without one is read up to the cap and the connection closed there.
function tooLarge(host: string, bytes: number | string, max: number, declared: boolean): EndpointError {
  const limit = `${Math.round(max / 1024)} KiB`;
  return new EndpointError(
    'too-large',
    `${host} sent a response of ${bytes} bytes, over the ${limit} limit: it was refused unread` +
      `${declared ? '' : ` past the first ${limit} (the connection was closed there)`}. ` +
      'Check maxTokens and that the URL points at a completion route.',
  );
}

async function* bounded(
  res: Response,
  until: AbortSignal,
  max: number,
  host: string,
  overflow: 'error' | 'truncate',
): AsyncGenerator<Uint8Array> {
  if (!res.body) return;
  const reader = res.body.getReader();
  // Reads race the abort signal, so a stalled body cannot outlive the timeout whatever fetch does.
  let onAbort!: () => void;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(until.reason);
    if (until.aborted) onAbort();
    else until.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => undefined);
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) return;
      total += value.byteLength;
      if (total > max) {
        if (overflow === 'truncate') {
          yield value.subarray(0, value.byteLength - (total - max));
          return;
        }
        throw tooLarge(host, `more than ${max}`, max, false);
      }
      yield value;
    }
  } finally {
    until.removeEventListener('abort', onAbort);
    reader.cancel().catch(() => undefined); // releases the connection on early stop and on errors
  }
}

async function readText(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const dec = new TextDecoder();
  let s = '';
  for await (const c of chunks) s += dec.decode(c, { stream: true });
  return s + dec.decode();
}

/** Node's fetch (undici) fails with these before a byte of the request is written. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

function neverConnected(e: unknown): boolean {
  const cause = (e as { cause?: { code?: unknown; message?: unknown } })?.cause;
  return (typeof cause?.code === 'string' && NEVER_CONNECTED.has(cause.code)) || cause?.message === 'bad port';
}

/** Where the Location header points, as a URL a person can read (no credentials, bounded). */
function locationOf(location: string, base: string): string {
  try {
    const u = new URL(location, base);
    u.username = '';
    u.password = '';
    return stripControls(u.href).text.slice(0, 300);
  } catch {
    return JSON.stringify(stripControls(location).text.slice(0, 300));
  }
}

/**
 * The server answered with a redirect. Browsers hide it (`redirect: 'manual'`
 * gives an opaque response: no status, no Location); Node shows both.
 */
function redirectError(host: string, status: number, location: string | null, url: string): EndpointError {
  const what = status ? `a redirect (HTTP ${status})` : 'a redirect';
  const where = location ? ` to ${locationOf(location, url)}` : status ? ' without a Location' : ' (the browser hides where it points)';
  return withDelivery(
    new EndpointError(
      'redirect',
      `${host} answered with ${what}${where}. Escalation requests never follow redirects, so the code was not sent on to another address. ` +
        'Point endpoint.url at the final address (the one the server redirects to) in Settings.',
      status || undefined,
    ),
    'delivered',
  );
}

function cspError(url: string): EndpointError {
  return withDelivery(
    new EndpointError('network', pagePolicyRefusal(url, 'endpoint.url (or list it in privacy.allowedEndpoints)')),
    'not-delivered',
  );
}

const isRedirect = (res: Response) => res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400 && res.status !== 304);

export async function postJson(o: PostOptions): Promise<Exchange> {
  const bytesSent = new TextEncoder().encode(o.body).length;
  const timeout = AbortSignal.timeout(o.timeoutMs);
  const stopper = new AbortController();
  const all = AbortSignal.any([o.signal, timeout, stopper.signal]);
  let answered = false;

  const fail = (e: unknown): EndpointError => {
    if (e instanceof EndpointError) return withDelivery(e, answered ? 'delivered' : 'unknown');
    // Once the answer has begun the server had the request, whatever happens to the rest of it.
    const delivery: Delivery = answered ? 'delivered' : 'unknown';
    if (timeout.aborted) {
      return withDelivery(
        new EndpointError(
          'timeout',
          answered
            ? `${o.host} did not finish its answer within ${o.timeoutMs} ms (the stream was too slow); the partial completion was discarded.`
            : `${o.host} did not answer within ${o.timeoutMs} ms.`,
        ),
        delivery,
      );
    }
    if (o.signal.aborted) return withDelivery(new EndpointError('aborted', 'Request cancelled by typing.'), delivery);
    if (answered) {
      return withDelivery(
        new EndpointError('incomplete', `${o.host} closed the connection mid-answer: the completion was cut off and discarded.`),
        delivery,
      );
    }
    return withDelivery(
      networkError(o.host, e, { withAuthorization: Object.keys(o.headers).some((h) => h.toLowerCase() === 'authorization') }),
      neverConnected(e) ? 'not-delivered' : 'unknown',
    );
  };

  // A port browsers refuse: the request would fail as a bare network error, indistinguishable from CORS.
  const badPort = blockedPortOf(o.url);
  if (badPort !== undefined) {
    throw withDelivery(
      new EndpointError(
        'network',
        `Cannot reach ${o.host}: browsers never connect to port ${badPort} (the Fetch standard blocks it, as it belongs to another protocol), ` +
          'so nothing was sent. Run the server on another port (e.g. 8000) and point endpoint.url there.',
      ),
      'not-delivered',
    );
  }

  // Cancelled already: fetch() is not called, nothing is handed to the network.
  if (all.aborted) {
    const err = fail(all.reason);
    err.delivery = 'not-delivered';
    throw err;
  }

  let res: Response;
  const csp = watchPagePolicy(o.url);
  try {
    // The ledger's entry is made here (onSent): from now on the body is the browser's.
    const pending = o.fetchImpl(o.url, { method: 'POST', headers: o.headers, body: o.body, signal: all, redirect: 'manual' });
    o.onSent?.(bytesSent, o.body);
    res = await pending;
    csp.stop();
  } catch (e) {
    const err = fail(e);
    // The browser's CSP refused the address: the request never started.
    if (err.kind === 'network' && (await csp.seen())) throw cspError(o.url);
    csp.stop();
    throw err;
  }
  answered = true;
  try {
    if (isRedirect(res)) {
      await res.body?.cancel().catch(() => undefined);
      throw redirectError(o.host, res.status, res.headers.get('location'), o.url);
    }
    if (!res.ok) {
      const raw = await readText(bounded(res, all, MAX_ERROR_BYTES, o.host, 'truncate'));
      throw httpError(res.status, raw, o.host, { ...o.errorContext, retryAfter: res.headers.get('retry-after') });
    }
    // A declared length over the cap is refused before a byte is read.
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > o.maxBytes) {
      stopper.abort();
      throw tooLarge(o.host, declared, o.maxBytes, true);
    }
  } catch (e) {
    throw fail(e);
  }
  return {
    bytesSent,
    contentType: res.headers.get('content-type'),
    chunks: (async function* () {
      try {
        yield* bounded(res, all, o.maxBytes, o.host, 'error');
      } catch (e) {
        stopper.abort(); // a refused body must not keep downloading
        throw e;
      }
    })(),
    stop: () => stopper.abort(),
    fail,
  };
}
