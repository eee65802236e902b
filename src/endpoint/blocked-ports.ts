// Ports browsers never connect to: the Fetch standard's "bad ports" (each
// belongs to another protocol, so a page must not be able to speak HTTP to
// it). Chromium reports such a request as a plain network error, the same as
// a refused connection or a CORS refusal; Node's fetch refuses it too. Known
// here, the error can say what is really wrong, and nothing is attempted.
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117,
  119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636,
  989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** The port of an http(s) URL that browsers refuse to connect to; undefined when the port is usable. */
export function blockedPortOf(url: string): number | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  return BAD_PORTS.has(port) ? port : undefined;
}
