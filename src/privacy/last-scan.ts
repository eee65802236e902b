// The last look before a request leaves: the exact body to be sent, decoded
// as the server will decode it (its JSON strings), scanned once more with
// the same rules. Whatever the gate and the protocol's body builder did,
// a body in which a credential can be read is not sent.
import { findSecrets, type SecretFinding } from './secret-guard';

/** What redaction leaves in place of a credential (secret-guard.ts: redactSecrets). */
const MARKER = /REDACTED_[A-Z0-9_]+/g;
/** A character a token is made of: one touching a marker is a piece of the credential the redaction missed (a `/` or `=` before it is a path or an assignment). */
const TOKEN_BEFORE = /[A-Za-z0-9_~-]/;
const TOKEN_AFTER = /[A-Za-z0-9+/_~-]/;

/** Every string in a decoded JSON value, in document order. */
function stringsOf(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, out);
  return out;
}

/**
 * A finding that is only a redaction marker and what surrounds it (a URL
 * rule reading `user:REDACTED_...@host`): the credential is gone. One whose
 * marker has token characters beside it holds a part the redaction left.
 */
export function onlyMarkers(span: string): boolean {
  let any = false;
  for (const m of span.matchAll(MARKER)) {
    any = true;
    const before = span[m.index - 1];
    const after = span[m.index + m[0].length];
    if ((before && TOKEN_BEFORE.test(before)) || (after && TOKEN_AFTER.test(after))) return false;
  }
  return any;
}

/** The first credential readable in `body` (a JSON request body), if any: then nothing may be sent. */
export async function credentialInBody(body: string): Promise<SecretFinding | undefined> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(body);
  } catch {
    decoded = body;
  }
  const text = stringsOf(decoded, []).join('\n\n');
  for (const f of await findSecrets(text)) if (!onlyMarkers(text.slice(f.start, f.end))) return f;
  return undefined;
}
