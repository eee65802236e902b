// A request that this page's Content-Security-Policy refuses never leaves
// the browser, yet fetch() fails with the same bare network error as a server
// that refuses the page (CORS) or cannot be reached. The browser tells the
// difference only in a `securitypolicyviolation` event, fired in a later task
// (in a worker too, on its global scope). Each network client watches for it
// around its request and, when the page's own policy was the cause, says so
// with the setting and the command that allow the address.

export interface PolicyWatch {
  /** Whether the policy refused the address; waits one task for the event, then stops watching. */
  seen(): Promise<boolean>;
  stop(): void;
}

const NOT_WATCHED: PolicyWatch = { seen: async () => false, stop: () => undefined };

/** Watches for the page's policy refusing a connection to `url`'s origin (enforced, connect-src or default-src). */
export function watchPagePolicy(url: string): PolicyWatch {
  const target = globalThis as {
    addEventListener?: EventTarget['addEventListener'];
    removeEventListener?: EventTarget['removeEventListener'];
  };
  if (typeof target.addEventListener !== 'function') return NOT_WATCHED;
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return NOT_WATCHED;
  }
  let blocked = false;
  const onViolation = (ev: Event) => {
    const v = ev as SecurityPolicyViolationEvent;
    if (v.disposition !== 'enforce' || !/^connect-src$|^default-src$/.test(v.effectiveDirective)) return;
    try {
      if (new URL(v.blockedURI).origin === origin) blocked = true;
    } catch {
      // a blockedURI that is not a URL ('inline', 'eval') is not ours
    }
  };
  target.addEventListener('securitypolicyviolation', onViolation);
  const stop = () => target.removeEventListener?.('securitypolicyviolation', onViolation);
  return {
    seen: async () => {
      if (!blocked) await new Promise((r) => setTimeout(r, 0));
      stop();
      return blocked;
    },
    stop,
  };
}

/**
 * What to tell the user when the page's policy refused `url`: the origin,
 * that it is the page's policy (not the server, not CORS), the setting that
 * allows it (`setting`, e.g. "endpoint.url") and the rebuild that applies it.
 */
export function pagePolicyRefusal(url: string, setting: string): string {
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch {
    // name what was asked for as it was written
  }
  return (
    `This page's Content-Security-Policy (connect-src) does not allow ${origin}: the browser refused to connect and nothing was sent ` +
    `(the page's own policy, not the server or CORS). To allow it, set ${setting} in public/config.json and rebuild: ` +
    '`npm run build` writes the policy into the page and, through `npm run deploy:configs`, into the host configurations under deploy/.'
  );
}
