// One typed error for every way a server can fail, with a message a user can act on.

export type EndpointErrorKind =
  | 'network' // refused, DNS, or blocked by CORS (browsers cannot tell these apart)
  | 'timeout'
  | 'aborted'
  | 'auth'
  | 'rate-limit'
  | 'rejected' // 4xx other than auth and rate limit: the request itself was refused
  | 'server' // 5xx
  | 'malformed'; // answered, but not in the expected shape

export class EndpointError extends Error {
  constructor(
    readonly kind: EndpointErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'EndpointError';
  }
}

/** Pull the server's own words out of any of the error shapes servers use. */
export function serverErrorMessage(body: string): string | undefined {
  if (!body.trim()) return undefined;
  try {
    const j = JSON.parse(body) as unknown;
    if (j && typeof j === 'object') {
      const e = (j as Record<string, unknown>).error ?? (j as Record<string, unknown>).message ?? (j as Record<string, unknown>).detail;
      if (typeof e === 'string') return e; // {error:"..."}, {error, error_type}
      if (e && typeof e === 'object' && typeof (e as Record<string, unknown>).message === 'string') {
        return (e as Record<string, unknown>).message as string; // {error:{message,type,code}}
      }
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return body.slice(0, 200);
}

export function httpError(status: number, body: string, host: string): EndpointError {
  const said = serverErrorMessage(body);
  const tail = said ? `: ${said}` : '';
  if (status === 401 || status === 403) {
    return new EndpointError('auth', `${host} rejected the API key (HTTP ${status})${tail}. Check the token in Settings.`, status);
  }
  if (status === 429) return new EndpointError('rate-limit', `${host} is rate limiting requests (HTTP 429)${tail}. Try again shortly.`, status);
  if (status >= 500) return new EndpointError('server', `${host} failed (HTTP ${status})${tail}.`, status);
  return new EndpointError('rejected', `${host} rejected the request (HTTP ${status})${tail}. Check the model name and FIM family in Settings.`, status);
}

export function networkError(host: string, cause: unknown): EndpointError {
  const why = cause instanceof Error ? cause.message : String(cause);
  return new EndpointError(
    'network',
    `Cannot reach ${host} (${why}). Is the server running, and does it allow this page's origin ` +
      '(vLLM --allowed-origins, llama.cpp --cors, OLLAMA_ORIGINS)?',
  );
}
