// The one place that touches the network: POST a JSON body and hand back the
// response body as a bounded, abort-aware stream of chunks. Every failure
// comes out as an EndpointError. The configured timeout covers the whole
// exchange, a slow stream included, so nothing waits past it.
import { EndpointError, httpError, networkError, type HttpErrorContext } from './errors';
import type { OnSent } from './types';

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
  onSent?: OnSent;
  maxBytes: number;
  fetchImpl: typeof fetch;
  errorContext: HttpErrorContext;
}

export interface Exchange {
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

async function* bounded(res: Response, until: AbortSignal, max: number, host: string, overflow: 'error' | 'truncate'): AsyncGenerator<Uint8Array> {
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

export async function postJson(o: PostOptions): Promise<Exchange> {
  const bytesSent = new TextEncoder().encode(o.body).length;
  const timeout = AbortSignal.timeout(o.timeoutMs);
  const stopper = new AbortController();
  const all = AbortSignal.any([o.signal, timeout, stopper.signal]);
  let answered = false;

  const fail = (e: unknown): EndpointError => {
    if (e instanceof EndpointError) return e;
    if (timeout.aborted) {
      return new EndpointError(
        'timeout',
        answered
          ? `${o.host} did not finish its answer within ${o.timeoutMs} ms (the stream was too slow); the partial completion was discarded.`
          : `${o.host} did not answer within ${o.timeoutMs} ms.`,
      );
    }
    if (o.signal.aborted) return new EndpointError('aborted', 'Request cancelled by typing.');
    if (answered) {
      return new EndpointError('incomplete', `${o.host} closed the connection mid-answer: the completion was cut off and discarded.`);
    }
    return networkError(o.host, e, { withAuthorization: Object.keys(o.headers).some((h) => h.toLowerCase() === 'authorization') });
  };

  let res: Response;
  try {
    const pending = o.fetchImpl(o.url, { method: 'POST', headers: o.headers, body: o.body, signal: all });
    o.onSent?.(bytesSent, o.body);
    res = await pending;
  } catch (e) {
    throw fail(e);
  }
  answered = true;
  try {
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
