// Git failures explained: what went wrong and what to do about it. A
// browser cannot tell a server that does not allow this page (CORS) from one
// that cannot be reached at all — both are a bare "Failed to fetch" — so
// that explanation names both, and the fix for CORS. A refusal by the page's
// own Content-Security-Policy is told apart earlier (guarded-http.ts).

/** Thrown for a refusal the app decides itself (local changes, a diverged branch). */
export class GitRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GitRefusal';
  }
}

const CORS_HELP =
  "Ask the server's administrator to allow this page's origin (CORS): docs/git.md has the settings for Gitea, GitLab and a reverse proxy.";

interface GitLibError {
  code?: string;
  data?: { statusCode?: number; reason?: string };
  message?: string;
}

/** A sentence for the user: what happened and what to do. */
export function explainGitError(e: unknown, server: string, origin: string | undefined): string {
  if (e instanceof GitRefusal) return e.message;
  const err = (e ?? {}) as GitLibError;
  if (err.code === 'HttpError' && (err.data?.statusCode === 401 || err.data?.statusCode === 403)) {
    return `The Git server ${server} refused the credentials (HTTP ${err.data.statusCode}). Check the token (and user name) in the Git panel: it may be wrong, expired, or lack read/write access to this repository.`;
  }
  if (err.code === 'HttpError' && err.data?.statusCode === 404) {
    return `The Git server ${server} has no repository at that address (HTTP 404). Check the repository URL; it usually ends in .git.`;
  }
  if (err.code === 'HttpError' && err.data?.statusCode === 413) {
    return `The Git server ${server} refused the request as too large (HTTP 413): its body limit is smaller than this push. The administrator raises it (nginx: client_max_body_size 512m; in the Git site, as in docs/git.md's deploy/git/git-http-backend.conf); until then, push fewer or smaller changes at a time.`;
  }
  if (err.code === 'HttpError' && (err.data?.statusCode === 502 || err.data?.statusCode === 504)) {
    return `The Git server ${server} answered HTTP ${err.data.statusCode}: its front (nginx) is up but got no answer from the Git program behind it. The administrator checks that fcgiwrap (or the Git server) is running and its socket is the one the site names (docs/git.md).`;
  }
  if (err.code === 'HttpError' && err.data?.statusCode === 405) {
    return `The Git server ${server} does not take this request here (HTTP 405): the address may be a web page rather than the repository's Git address (it usually ends in .git), or the server does not serve Git over HTTP.`;
  }
  if (err.code === 'HttpError' && err.data?.statusCode === 500) {
    return `The Git server ${server} failed (HTTP 500). Try again; if it persists, the administrator finds the cause in the server's error log (for git http-backend: a repository the server's user cannot read or write is the usual one).`;
  }
  if (err.code === 'HttpError' && err.data?.statusCode === 503) {
    return `The Git server ${server} is unavailable for now (HTTP 503: overloaded or under maintenance). Try again later.`;
  }
  if (err.code === 'HttpError') return `The Git server ${server} answered HTTP ${err.data?.statusCode ?? '?'}: ${err.message ?? ''}`.trim();
  if (err.code === 'PushRejectedError' && err.data?.reason === 'not-fast-forward') {
    return "Push rejected: the server's branch has commits yours does not (someone pushed first). Pull to bring them in, then push again.";
  }
  if (err.code === 'PushRejectedError') return `Push rejected by ${server}: ${err.data?.reason ?? err.message ?? ''}`;
  if (err.code === 'UserCanceledError') return `The Git server ${server} asked for credentials: enter a token in the Git panel.`;
  if (err.code === 'NotFoundError') return err.message ?? 'Not found.';
  if (isNetworkError(e)) {
    return `The Git server ${server} could not be reached, or it does not allow this page (${origin ?? 'this origin'}) to read its answers (CORS). Check the address and your connection. ${CORS_HELP}`;
  }
  return (e as Error)?.message ?? String(e);
}

/** fetch()'s failure before any answer: a refused connection or a CORS refusal. */
function isNetworkError(e: unknown): boolean {
  const m = (e as Error)?.message ?? '';
  return e instanceof TypeError || /Failed to fetch|NetworkError|fetch failed|ECONNREFUSED/i.test(m);
}
