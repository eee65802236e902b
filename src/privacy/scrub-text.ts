// Text a server sent back (an error body, a message) is shown in the badge
// and stored in the ledger, localStorage and the export. A server may echo
// what it received: the API key ("Invalid API key: Bearer sk-..."), an
// Authorization header, code with a credential in it. They are removed
// here, before anything shows or stores the text.
import { findSecrets, ownFindings, redactSecrets } from './secret-guard';

/** A piece of the key this long or longer is the key (a server may echo it cut or masked in the middle). */
const MIN_KEY_FRAGMENT = 8;
const KEY_MARKER = 'REDACTED_API_KEY';

/** `text` with every occurrence of the whole `key` replaced (a completion's text: code, where a shorter piece may be a coincidence). */
export function withoutWholeKey(text: string, key: string | undefined): string {
  return key && text.includes(key) ? text.split(key).join(KEY_MARKER) : text;
}

/** `text` with every run of it that is a piece of `key` (at least MIN_KEY_FRAGMENT long, or the whole key) replaced. */
function withoutKey(text: string, key: string): string {
  if (key.length < MIN_KEY_FRAGMENT) return withoutWholeKey(text, key);
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (i + MIN_KEY_FRAGMENT <= text.length && key.includes(text.slice(i, i + MIN_KEY_FRAGMENT))) {
      let j = i + MIN_KEY_FRAGMENT;
      while (j < text.length && key.includes(text.slice(i, j + 1))) j++;
      out += KEY_MARKER;
      i = j;
    } else out += text[i++];
  }
  return out;
}

/** `Authorization: <anything>`, `"authorization": "..."`: the header's value, whatever its scheme. */
const AUTH_HEADER = /\b((?:Proxy-)?Authori[sz]ation)(["']?\s*[:=]\s*["']?)(?:(Bearer|Basic|Token|Digest|ApiKey|Key)\s+)?([^\s"',;}]+)/gi;
/** `Bearer <token>`, `Basic <base64>` anywhere (a server quoting the header without its name). */
const AUTH_SCHEME = /\b(Bearer|Basic)\s+([A-Za-z0-9._~+/=-]{6,})/g;

/** What can be removed without the rules that need a scan: the key, Authorization values, and the own detectors' finds. */
export function scrubQuick(text: string, apiKey?: string): string {
  let out = apiKey ? withoutKey(text, apiKey) : text;
  out = out.replace(AUTH_HEADER, (_m, name: string, sep: string, scheme?: string) => `${name}${sep}${scheme ? `${scheme} ` : ''}REDACTED`);
  // A word after "Basic" in prose ("Basic authentication") is no credential: a value with a digit or of token length is.
  out = out.replace(AUTH_SCHEME, (m, scheme: string, v: string) => (/\d/.test(v) || v.length >= 20 ? `${scheme} REDACTED` : m));
  const found = ownFindings(out).sort((a, b) => a.start - b.start);
  const merged: typeof found = [];
  for (const f of found) {
    const last = merged[merged.length - 1];
    if (last && f.start < last.end) last.end = Math.max(last.end, f.end);
    else merged.push({ ...f });
  }
  return merged.length
    ? redactSecrets(
        out,
        merged.map((f) => ({ ...f, line: 0 })),
      )
    : out;
}

/** A server's text as it may be shown and stored: the quick removals, then everything the secret guard finds. */
export async function scrubServerText(text: string, apiKey?: string): Promise<string> {
  const out = scrubQuick(text, apiKey);
  const found = await findSecrets(out);
  return found.length ? redactSecrets(out, found) : out;
}
