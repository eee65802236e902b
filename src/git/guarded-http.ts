// The only way Git traffic leaves the page. Every request, whoever asked for
// it (a clone, or a fetch whose address came from the repository's own
// .git/config), is held against the configured Git server's origin before a
// byte is sent; credentials go to that origin and nowhere else, redirects
// included: a redirect is followed only when it stays on that origin.
import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import { GitRefusal } from './errors';
import type { GitCredentials } from './types';
import { httpOrigin } from './url';
import { pagePolicyRefusal, watchPagePolicy } from '../platform/page-policy';

export interface GuardedHttpOptions {
  /** The Git server's address (git.server), read at each request so a changed setting applies at once. */
  server: () => string | undefined;
  credentials: () => GitCredentials;
  /** The fetch to send with (the browser's, or Node's in the tests). */
  fetch?: typeof fetch;
}

const MAX_REDIRECTS = 5;

// Origins that answered 401 in this session: later requests to them carry the
// credentials from the start instead of being sent twice.
const askedForCredentials = new Set<string>();

/** Why nothing may be sent to `url`, or undefined when it may go. */
export function gitUrlProblem(url: string, server: string | undefined): string | undefined {
  const allowed = httpOrigin(server);
  if (!allowed) return 'No Git server is configured: the organisation sets git.server in config.json (docs/git.md). Nothing was sent.';
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "The repository's address is not an HTTP(S) address. Nothing was sent.";
  }
  if (u.username || u.password)
    return 'The address holds a user name or token: nothing was sent. Put the token in the Token field and use the address without it.';
  if (u.origin !== allowed)
    return `Git traffic goes only to the configured Git server, ${allowed}; this address is on ${u.origin}. Nothing was sent.`;
  return undefined;
}

export function basicAuth(c: GitCredentials): string | undefined {
  if (!c.token) return undefined;
  const bytes = new TextEncoder().encode(`${c.user || 'token'}:${c.token}`);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return `Basic ${btoa(bin)}`;
}

async function collect(body: GitHttpRequest['body']): Promise<Uint8Array | undefined> {
  if (!body) return undefined;
  const parts: Uint8Array[] = [];
  for await (const part of body as AsyncIterable<Uint8Array>) parts.push(part);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

async function* chunks(res: Response): AsyncIterableIterator<Uint8Array> {
  if (!res.body) return;
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      if (value) yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

function dropAuthorization(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'authorization'));
}

export function guardedHttp(o: GuardedHttpOptions): HttpClient {
  const send = o.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  return {
    async request(req: GitHttpRequest): Promise<GitHttpResponse> {
      const body = await collect(req.body);
      let url = req.url;
      let method = req.method ?? 'GET';
      let payload = body;
      for (let hop = 0; ; hop++) {
        const problem = gitUrlProblem(url, o.server());
        if (problem) throw new GitRefusal(hop ? `The Git server redirected to another address. ${problem}` : problem);
        const origin = new URL(url).origin;
        let headers = { ...(req.headers ?? {}) };
        const auth = basicAuth(o.credentials());
        if (askedForCredentials.has(origin) && auth && !Object.keys(headers).some((k) => k.toLowerCase() === 'authorization'))
          headers.Authorization = auth;
        if (!auth) headers = dropAuthorization(headers);
        const policy = watchPagePolicy(url);
        let res: Response;
        try {
          res = await send(url, {
            method,
            headers,
            body: payload as BodyInit | undefined,
            signal: req.signal as AbortSignal | undefined,
            // Followed here, after the check above: the browser would carry the body (a push's objects) to any origin.
            redirect: 'manual',
            credentials: 'omit',
          });
          policy.stop();
        } catch (e) {
          // The page's own policy refused the address: say so, not "unreachable or CORS".
          if (await policy.seen()) throw new GitRefusal(pagePolicyRefusal(url, 'git.server'));
          throw e;
        }
        if (res.type === 'opaqueredirect')
          throw new GitRefusal(
            `The Git server ${origin} answered with a redirect the page may not follow (a redirect could carry the token elsewhere). Use the address the server redirects to (\`git ls-remote <address>\` on the command line shows it). Nothing was sent there.`,
          );
        const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
        if (location) {
          if (hop >= MAX_REDIRECTS) throw new GitRefusal(`The Git server ${origin} redirected more than ${MAX_REDIRECTS} times.`);
          await res.body?.cancel();
          url = new URL(location, url).href;
          if (res.status === 303 || ((res.status === 301 || res.status === 302) && method !== 'GET')) {
            method = 'GET';
            payload = undefined;
          }
          continue;
        }
        if (res.status === 401) askedForCredentials.add(origin);
        const outHeaders: Record<string, string> = {};
        res.headers.forEach((v, k) => (outHeaders[k] = v));
        return {
          url: res.url || url,
          method,
          headers: outHeaders,
          body: chunks(res),
          statusCode: res.status,
          statusMessage: res.statusText,
        };
      }
    },
  };
}
