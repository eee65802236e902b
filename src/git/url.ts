// Git addresses: their origin, and the user name and token some people paste
// into them (`https://user:token@host/…`). A token in an address would be
// shown, logged and stored wherever the address goes, so it is taken out
// before the address goes anywhere.

/** The address's origin (`https://git.corp.example`), or undefined when it is not an HTTP(S) address. */
export function httpOrigin(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

export interface SplitUrl {
  /** The address without user name and password. */
  url: string;
  user?: string;
  token?: string;
}

/** Takes the userinfo out of an address: the address without it, and the user name and password it held. */
export function splitUserinfo(url: string): SplitUrl {
  const trimmed = url.trim();
  let u: URL;
  try {
    u = new URL(trimmed);
  } catch {
    return { url: withoutUserinfo(trimmed) };
  }
  if (!u.username && !u.password) return { url: trimmed };
  const user = decodeURIComponent(u.username) || undefined;
  const token = decodeURIComponent(u.password) || undefined;
  u.username = '';
  u.password = '';
  return { url: u.href, user, token };
}

/** Any text with the userinfo of every address in it removed: for what is shown, logged or stored. */
export function withoutUserinfo(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s@?#]*@/gi, '$1');
}
