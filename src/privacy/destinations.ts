// Where code may go. Destinations are written as CSP source expressions so one
// list serves both the app's own egress check and the built app's
// Content-Security-Policy `connect-src`.

const SOURCE_EXPR = /^(https?):\/\/(\*\.)?([a-z0-9.-]+|\[[0-9a-f:]+\])(?::(\d+|\*))?\/?$/i;

export function isValidSourceExpression(expr: string): boolean {
  return SOURCE_EXPR.test(expr.trim());
}

/** Does `url` fall under the source expression `expr` (scheme, host with optional `*.`, port or `:*`)? */
function matchesSourceExpression(url: URL, expr: string): boolean {
  const m = SOURCE_EXPR.exec(expr.trim());
  if (!m) return false;
  const [, scheme, wildcard, host, port] = m;
  if (url.protocol !== `${scheme.toLowerCase()}:`) return false;
  const h = url.hostname.toLowerCase();
  const want = host.toLowerCase();
  const hostOk = wildcard ? h.endsWith(`.${want}`) : h === want;
  if (!hostOk) return false;
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  const actual = url.port || defaultPort;
  if (port === '*') return true;
  return actual === (port ?? defaultPort);
}

/** Problems with an endpoint URL a user can fix; empty when it is acceptable. */
export function endpointUrlProblems(raw: string, allowed: readonly string[], pageOrigin?: string): string[] {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return [`endpoint.url "${raw}" is not a URL (e.g. http://gpu-box:8000/v1)`];
  }
  const p: string[] = [];
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    p.push(`endpoint.url "${raw}" must start with http:// or https:// (e.g. http://gpu-box:8000/v1)`);
  if (url.username || url.password) p.push('endpoint.url must not contain a user name or password: put the token in the API key field');
  if (pageOrigin && url.origin === pageOrigin)
    p.push(`endpoint.url points at this page's own origin (${pageOrigin}), not at a model server`);
  if (!p.length && !allowed.some((a) => matchesSourceExpression(url, a))) {
    p.push(
      `endpoint.url ${url.origin} is not an allowed destination (privacy.allowedEndpoints: ${allowed.join(', ') || 'none'}); ask your administrator to add it`,
    );
  }
  return p;
}
