// Credentials in the formats tools keep in their own files (.npmrc, .netrc,
// .git-credentials, .pgpass, Docker's and kubectl's configs) and on their
// command lines (curl, wget, any `--password`), found by content in any
// file: a copy named `npmrc.ci`, a line pasted into a CI script or a
// snippet of a file with an innocent name holds the same secret. The
// preset's npm rule reads `_authToken` only in a file named `.npmrc`, and
// there its range stops short of the token's end.
import { decodesTo, hasClasses, isName, isWordy, passwordLike, PLACEHOLDER, shannonEntropy, type Detector } from './value-shapes';

/** `$TOKEN`, `${NPM_TOKEN}`, `%PASSWORD%`, `$(cat file)`: a reference to a secret kept elsewhere. */
const isReference = (v: string) => /^(?:\$|%[A-Za-z_]+%|\{\{|<)/.test(v);

/** A value a tool's own credential field holds: anything that is no placeholder, reference or name. */
const fieldValue = (v: string) => !PLACEHOLDER.test(v) && !isReference(v) && !isName(v) && !/^[A-Z_]+$/.test(v);

/** A token on its own, with no name to say so: long, random, letters and digits. */
const tokenLike = (v: string) => v.length >= 20 && /\d/.test(v) && /[A-Za-z]/.test(v) && shannonEntropy(v) >= 3.5 && !isWordy(v);

/**
 * The spans of shell command lines that run curl, wget or HTTPie: from the
 * command to the end of its line, following `\` continuations.
 */
function httpCommandLines(text: string): [number, number][] {
  const out: [number, number][] = [];
  const command = /(?:^|[\s;&|(`'"=])(?:curl|wget|http|https|xh)(?:\.exe)?[ \t]/g;
  for (let m = command.exec(text); m; m = command.exec(text)) {
    let end = text.indexOf('\n', m.index + 1);
    while (end > 0 && /\\\r?$/.test(text.slice(Math.max(0, end - 2), end))) end = text.indexOf('\n', end + 1);
    if (end < 0) end = text.length;
    const last = out[out.length - 1];
    if (last && m.index <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([m.index, end]);
    command.lastIndex = end;
  }
  return out;
}

export const TOOL_DETECTORS: Detector[] = [
  // npm: `_authToken=`, `//registry.corp/:_authToken=<uuid>` (the legacy form), `_auth=` (base64 of user:password),
  // `_password=` (base64), and yarn's `npmAuthToken:` / `npmAuthIdent:`, in whatever file they were copied to.
  {
    kind: 'npm-token',
    keyword: /_authToken|_auth\b|_password\b|npmAuth(?:Token|Ident)\b/g,
    re: /(_authToken|_auth|_password|npmAuthToken|npmAuthIdent)["']?[ \t]*[=:][ \t]*["']?([^\s"'#;,]{8,})/y,
    group: 2,
    accept: (v, _before, m) => {
      if (!fieldValue(v)) return false;
      if (m[1] === '_auth') return decodesTo(v, /^[\x20-\x7e]+:[\x20-\x7e]+$/);
      if (m[1] === '_password') return /^[A-Za-z0-9+/]+={0,2}$/.test(v) && decodesTo(v, /^[\x20-\x7e]{4,}$/);
      // An assignment in code (`this._authToken = newToken;`) names a variable: a token has digits.
      return /\d/.test(v) && !/\.\w+\(?$/.test(v);
    },
  },
  // curl/wget/HTTPie user flags: `-u admin:secret`, `--user=admin:secret`, `-uadmin:secret`, `--proxy-user`,
  // `-a` (HTTPie). The whole `user:password` goes (the user part of `-u TOKEN:` is the token).
  {
    kind: 'cli-credentials',
    regions: httpCommandLines,
    re: /(?:^|[\s'"])(?:-u|-U|-a|--user|--proxy-user|--auth|--http-user|--ftp-user)(?:[ \t]*=?[ \t]*|(?=[^\s-]))(["']?)([^\s"']+)\1/g,
    group: 2,
    accept: (v) => {
      const colon = v.indexOf(':');
      if (colon < 0) return tokenLike(v);
      const password = v.slice(colon + 1);
      return password ? password.length >= 3 && fieldValue(password) : tokenLike(v.slice(0, colon));
    },
  },
  // `--password secret`, `--http-password=secret`, `--oauth2-bearer <token>` on a curl/wget line: the value is a secret whatever it looks like.
  {
    kind: 'cli-credentials',
    regions: httpCommandLines,
    re: /(?:^|\s)--(?:password|passwd|http-password|ftp-password|proxy-password|pass|oauth2-bearer|bearer|token)(?:=|[ \t]+)(["']?)([^\s"']+)\1/g,
    group: 2,
    accept: (v) => v.length >= 3 && fieldValue(v),
  },
  // Any other command line (`mysql --password=...`, `vault login --token ...`, `docker login --password ...`):
  // there the value must look like a password, as in an assignment.
  {
    kind: 'cli-credentials',
    keyword: /--(?:[a-z]+-)*(?:password|passwd|token|secret|api-?key)\b/gi,
    re: /--(?:[a-z]+-)*(?:password|passwd|token|secret|api-?key)(?:=|[ \t]+)(["']?)([^\s"']{6,})\1(?=\s|$)/iy,
    group: 2,
    accept: (v) => fieldValue(v) && !v.startsWith('-') && (passwordLike(v) || tokenLike(v)),
  },
  // `docker login -p secret`, `docker login --password-stdin` excepted (it reads the secret from elsewhere).
  {
    kind: 'cli-credentials',
    keyword: /\bdocker[ \t]+login\b/g,
    re: /docker[ \t]+login\b[^\n]*?[ \t]-p[ \t]*(["']?)([^\s"']{4,})\1/y,
    group: 2,
    accept: fieldValue,
  },
  // .netrc: `login TOKEN password x-oauth-basic`: the token is the login.
  {
    kind: 'netrc-password',
    when: (t) => /\b(?:machine|default)\s+\S/.test(t),
    re: /\blogin[ \t\r\n]+([^\s"'`]{20,})/g,
    group: 1,
    accept: tokenLike,
  },
  // A URL whose user part is a token (`https://<token>@github.com`, a `.git-credentials` line without a password).
  {
    kind: 'url-credentials',
    re: /\b[a-z][a-z0-9+.-]{1,20}:\/\/([A-Za-z0-9._~%+-]{20,})@[\w.-]+/g,
    group: 1,
    accept: tokenLike,
  },
  // Docker's config.json: identity and registry tokens beside (or instead of) `auth`.
  { kind: 'docker-auth', re: /"(?:identitytoken|registrytoken)"\s*:\s*"([^"\s]{8,})"/gi, group: 1, accept: fieldValue },
  // kubeconfig users: `token:` (a bearer or bootstrap token), `client-key-data:` (a base64 PEM key), an auth
  // provider's `id-token`, `refresh-token`, `access-token`, `client-secret`, as YAML keys of their own.
  {
    kind: 'kubeconfig-credential',
    keyword: /(?:^|\n)[ \t]*(?:-[ \t]+)?["']?(?:token|client-key-data|id-token|refresh-token|access-token|client-secret)["']?[ \t]*:/g,
    re: /\n?[ \t]*(?:-[ \t]+)?["']?(token|client-key-data|id-token|refresh-token|access-token|client-secret)["']?[ \t]*:[ \t]*(["']?)([A-Za-z0-9._~+/=:-]{8,})\2[ \t]*(?=\r?\n|$|#)/y,
    group: 3,
    accept: (v, _before, m) => {
      if (!fieldValue(v) || isWordy(v)) return false;
      if (m[1] === 'client-key-data') return /^[A-Za-z0-9+/]+={0,2}$/.test(v);
      return /\d/.test(v) && (v.length >= 16 || /^[a-z0-9]{6}\.[a-z0-9]{16}$/.test(v) || hasClasses(v));
    },
  },
];
