// One typed error for every way a server can fail, with a message a user can
// act on. Every protocol module funnels its failures through here, so the
// badge and the circuit breaker see one shape whatever the server was.
import type { Delivery } from '../vocabulary/types';
import { stripControls } from './sanitize';

type EndpointErrorKind =
  | 'network' // refused, DNS, or blocked by CORS (browsers cannot tell these apart)
  | 'timeout'
  | 'aborted'
  | 'auth'
  | 'rate-limit'
  | 'rejected' // 4xx other than auth and rate limit, or a configuration the client refuses to send
  | 'server' // 5xx, or an error the server reported mid-stream
  | 'malformed' // answered, but not in the expected shape
  | 'incomplete' // a stream that ended before the server said it was done
  | 'too-large' // a response over the size cap (refused without buffering it)
  | 'redirect' // the server answered with a redirect, which escalation requests never follow
  | 'circuit-open'; // the circuit breaker is not calling the endpoint for a while

export class EndpointError extends Error {
  /**
   * Whether the body reached the server, set by the transport (src/endpoint/transport.ts);
   * an HTTP status means a response came back. Undefined on errors made before the transport ran.
   */
  delivery?: Delivery;

  constructor(
    readonly kind: EndpointErrorKind,
    message: string,
    readonly status?: number,
    /** From a `Retry-After` header (429/503): the circuit breaker waits at least this long. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'EndpointError';
    if (status !== undefined) this.delivery = 'delivered';
  }
}

/** The error's delivery state, set once: the first thing that knows says it. */
export function withDelivery(e: EndpointError, delivery: Delivery): EndpointError {
  e.delivery ??= delivery;
  return e;
}

/** The hint every network failure carries: browsers report a CORS refusal as a bare TypeError. */
const CORS_HINT =
  "the server does not allow this page's origin: set --allowed-origins (vLLM) / --cors-allow-origin (TGI) / " +
  '--cors (llama.cpp) / OLLAMA_ORIGINS (Ollama)';

type Json = Record<string, unknown>;
const isObj = (x: unknown): x is Json => !!x && typeof x === 'object' && !Array.isArray(x);

/** Server text is shown in the UI: no control characters, one line, bounded. */
function tidy(s: string): string {
  return stripControls(s).text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

/** The error text inside a decoded JSON value, in any of the shapes servers use; undefined when it is not an error. */
export function errorPayloadMessage(j: unknown): string | undefined {
  if (!isObj(j)) return undefined;
  const e = j.error;
  if (typeof e === 'string') return tidy(e); // {error:"..."} (Ollama, llama.cpp old), {error, error_type} (TGI)
  if (isObj(e)) {
    // {error:{message,type,code}} (OpenAI, vLLM, llama.cpp)
    if (typeof e.message === 'string') return tidy(e.message);
    return tidy(JSON.stringify(e));
  }
  if (j.object === 'error' && typeof j.message === 'string') return tidy(j.message); // older vLLM
  return undefined;
}

/** Pull the server's own words out of an error body: JSON of any shape, an HTML error page, or plain text. */
function serverErrorMessage(body: string): string | undefined {
  if (!body.trim()) return undefined;
  try {
    const j = JSON.parse(body) as unknown;
    const said = errorPayloadMessage(j);
    if (said) return said;
    if (isObj(j)) {
      if (typeof j.message === 'string') return tidy(j.message);
      if (typeof j.detail === 'string') return tidy(j.detail); // FastAPI
      if (Array.isArray(j.detail)) {
        // FastAPI / pydantic validation: [{loc, msg}]
        return tidy(
          j.detail.map((d) => (isObj(d) ? `${Array.isArray(d.loc) ? d.loc.join('.') + ': ' : ''}${String(d.msg)}` : String(d))).join('; '),
        );
      }
    }
  } catch {
    // not JSON: fall through
  }
  // A proxy's HTML error page: its <title> says it best; never pass markup on.
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1];
  if (title) return tidy(title);
  return tidy(body.replace(/<[^>]*>/g, ' '));
}

export interface HttpErrorContext {
  hasApiKey?: boolean;
  /** Protocol name, for the "is this the right kind of server?" hint on 404/405. */
  protocol?: string;
  retryAfter?: string | null;
}

/** Retry-After is seconds or an HTTP date. */
function parseRetryAfter(v: string | null | undefined, now = Date.now()): number | undefined {
  if (!v) return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : Math.max(0, t - now);
}

export function httpError(status: number, body: string, host: string, ctx: HttpErrorContext = {}): EndpointError {
  const said = serverErrorMessage(body);
  const tail = said ? `: ${said}` : '';
  if (status === 401 || status === 403) {
    const fix = ctx.hasApiKey === false ? 'No API key is set: add the token in Settings.' : 'Check the token in Settings.';
    return new EndpointError('auth', `${host} rejected the API key (HTTP ${status})${tail}. ${fix}`, status);
  }
  if (status === 429) {
    const wait = parseRetryAfter(ctx.retryAfter);
    const when = wait !== undefined ? `Try again in ${Math.ceil(wait / 1000)} s.` : 'Try again shortly.';
    return new EndpointError('rate-limit', `${host} is rate limiting requests (HTTP 429)${tail}. ${when}`, status, wait);
  }
  if (status >= 500) {
    return new EndpointError('server', `${host} failed (HTTP ${status})${tail}.`, status, parseRetryAfter(ctx.retryAfter));
  }
  if (status === 404 || status === 405) {
    const proto = ctx.protocol ? ` for the ${ctx.protocol} protocol` : '';
    return new EndpointError(
      'rejected',
      `${host} has no such route (HTTP ${status})${tail}. Check the URL, the model name and the protocol${proto} in Settings.`,
      status,
    );
  }
  if (status === 413) return new EndpointError('rejected', `${host} refused the request as too large (HTTP 413)${tail}.`, status);
  return new EndpointError(
    'rejected',
    `${host} rejected the request (HTTP ${status})${tail}. Check the model name and FIM family in Settings.`,
    status,
  );
}

function causeCode(e: unknown): string | undefined {
  const c = (e as { cause?: { code?: unknown } })?.cause?.code;
  return typeof c === 'string' ? c : undefined;
}

/**
 * A request carrying an API key makes the browser ask first (a CORS preflight)
 * whether the server accepts the Authorization header. TGI's CORS layer
 * accepts only content-type, so from a browser a key can never reach it.
 */
const AUTH_PREFLIGHT_HINT =
  'this request carries an API key (Authorization header), which the server must allow in its CORS preflight; ' +
  "TGI's CORS layer allows only the content-type header, so a browser cannot send it a key: put a reverse proxy that adds CORS " +
  '(allowing Authorization) in front of the server, or use no key on a private network. Otherwise, ' +
  CORS_HINT;

export function networkError(host: string, cause: unknown, opts: { withAuthorization?: boolean } = {}): EndpointError {
  const code = causeCode(cause);
  const why =
    code === 'ECONNREFUSED'
      ? 'connection refused: is the server running on that port?'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'host name not found'
        : code === 'ECONNRESET'
          ? 'the connection was reset'
          : cause instanceof Error
            ? cause.cause instanceof Error
              ? `${cause.message}: ${cause.cause.message}`
              : cause.message // Node: "fetch failed: bad port"
            : String(cause);
  // Browsers report refused, DNS and CORS failures alike ("Failed to fetch"), so the CORS fix is always named;
  // with a key, the preflight is the likelier culprit and has its own fix.
  return new EndpointError(
    'network',
    `Cannot reach ${host} (${why}). If the server is up, ${opts.withAuthorization ? AUTH_PREFLIGHT_HINT : CORS_HINT}.`,
  );
}
