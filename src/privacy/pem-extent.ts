// A private key is one credential from its BEGIN line to its END line,
// however long. A long text is scanned in pieces (chunks.ts), and a piece
// cut inside a key sees its BEGIN line and some body, or some body and its
// END line, or body lines only; a window of a file may start or end inside
// one. So every private-key finding is widened, over the whole text, across
// the key body lines next to it, and body lines cut by the text's own edge
// are a key of their own: no line of a key is left out, whatever its size.

interface Span {
  kind: string;
  start: number;
  end: number;
}

/** A line of a PEM key: base64 (in a comment, a string literal or a YAML block too), or an encrypted key's headers. */
const BODY_LINE = /^[ \t]*(?:#|\/\/|\*|;)?[ \t]*["'`]?[A-Za-z0-9+/]{16,}={0,2}["'`]?[ \t]*[,+]?[ \t]*(?:\\n)?\\?["'`]?[ \t]*\r?$/;
const HEADER_LINE = /^[ \t]*(?:Proc-Type|DEK-Info|Comment|Version|Encryption|Public-Lines|Private-Lines|Private-MAC):.*$|^[ \t]*\r?$/;
const BEGIN_LINE = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;
const END_LINE = /-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/;
/** Body lines cut by the text's edge count only in a run this long, each at least this wide (PEM writes 64 columns, OpenSSH 70). */
const EDGE_RUN_LINES = 2;
const EDGE_LINE_WIDTH = 40;

const lineStart = (text: string, at: number) => (at <= 0 ? 0 : text.lastIndexOf('\n', at - 1) + 1);
const lineEnd = (text: string, at: number) => {
  const nl = text.indexOf('\n', at);
  return nl < 0 ? text.length : nl;
};

/**
 * Walk back from `at` over whole key lines; the start of the first one (its
 * BEGIN marker, where it has one). Text before `at` on its own line other
 * than spaces means the key starts there.
 */
function keyStartBefore(text: string, at: number): number {
  let start = lineStart(text, at);
  if (!/^[ \t]*$/.test(text.slice(start, at))) return at;
  while (start > 0) {
    const prev = lineStart(text, start - 1);
    const line = text.slice(prev, start - 1);
    const begin = BEGIN_LINE.exec(line);
    if (begin) return prev + begin.index;
    if (!BODY_LINE.test(line) && !HEADER_LINE.test(line)) break;
    start = prev;
  }
  return start;
}

/**
 * Walk on from `at` over whole key lines; the end of the last one (its END
 * marker, where it has one). Text after `at` on its own line other than
 * spaces and quotes means the key ends there.
 */
function keyEndAfter(text: string, at: number): number {
  let end: number;
  if (at > 0 && text.charCodeAt(at - 1) === 10) end = at - 1;
  else {
    end = lineEnd(text, at);
    if (!/^[ \t\r"'`]*$/.test(text.slice(at, end))) return at;
  }
  while (end < text.length) {
    const next = lineEnd(text, end + 1);
    const line = text.slice(end + 1, next);
    const endMarker = END_LINE.exec(line);
    if (endMarker) return end + 1 + endMarker.index + endMarker[0].length;
    if (!BODY_LINE.test(line)) break;
    end = next;
  }
  return Math.max(at, end);
}

/** Each private-key finding widened over the key lines around it, in `text`'s offsets. */
export function widenKeys<T extends Span>(text: string, found: readonly T[]): T[] {
  return found.map((f) => {
    if (f.kind !== 'private-key') return f;
    const span = text.slice(f.start, f.end);
    const start = BEGIN_LINE.test(span.slice(0, 80)) ? f.start : Math.min(f.start, keyStartBefore(text, f.start));
    const end = END_LINE.test(span.slice(-80)) ? f.end : Math.max(f.end, keyEndAfter(text, f.end));
    return start === f.start && end === f.end ? f : { ...f, start, end };
  });
}

const edgeLine = (line: string) => BODY_LINE.test(line) && line.replace(/[^A-Za-z0-9+/=]/g, '').length >= EDGE_LINE_WIDTH;

/**
 * Key body lines at the very start or end of `text`, with no BEGIN or END
 * line on their side: the text is a window cut inside a key.
 */
export function keysCutByEdges(text: string): Span[] {
  const out: Span[] = [];
  const lines = text.split('\n');
  let first = 0;
  while (first < lines.length && !lines[first].trim()) first++;
  let last = lines.length - 1;
  while (last >= first && !lines[last].trim()) last--;
  let n = first;
  while (n <= last && edgeLine(lines[n])) n++;
  if (n - first >= EDGE_RUN_LINES) out.push({ kind: 'private-key', start: 0, end: keyEndAfter(text, lines.slice(0, n).join('\n').length) });
  let m = last;
  while (m >= n && edgeLine(lines[m])) m--;
  if (last - m >= EDGE_RUN_LINES) {
    const from = lines.slice(0, m + 1).join('\n').length + 1;
    out.push({ kind: 'private-key', start: keyStartBefore(text, from), end: text.length });
  }
  return out;
}
