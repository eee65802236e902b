// Base64, base64url and hex strings decoded to the text they hold, or
// undefined for binary data and for anything that is no encoding: the
// decoding behind the secret guard's derived text (secret-encodings.ts) and
// its rule for plain text written encoded (secret-rules.ts).

/** Encoded strings shorter than this are not decoded (12 bytes: shorter than any token). */
const MIN_ENCODED = 16;
/** Longer ones are not decoded either (inline source maps, images, fonts). */
const MAX_ENCODED = 16 * 1024;

const B64_VALUE = new Int8Array(128).fill(-1);
'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'.split('').forEach((c, i) => (B64_VALUE[c.charCodeAt(0)] = i));
B64_VALUE['+'.charCodeAt(0)] = 62;
B64_VALUE['-'.charCodeAt(0)] = 62;
B64_VALUE['/'.charCodeAt(0)] = 63;
B64_VALUE['_'.charCodeAt(0)] = 63;

const isTextByte = (b: number) => (b >= 0x20 && b < 0x7f) || b === 0x09 || b === 0x0a || b === 0x0d;

/**
 * How many undecodable bytes a decoded string may hold and still be read as
 * text: none in short ones (12 random bytes are all printable once in 10^5),
 * one in twenty in longer ones (accented letters in UTF-8 prose).
 */
const badBytesAllowed = (bytes: number) => (bytes < 20 ? 0 : Math.floor(bytes / 20));

/**
 * `s[from, to)` as base64 (standard or url alphabet, no padding), decoded to
 * text when the bytes are mostly printable; undefined for binary data
 * (images, fonts, digests) and for text in no base64 at all. Gives up at the
 * first byte over the allowance, so binary costs a few quads, not a decode.
 */
function decodeBase64Text(s: string, from = 0, to = s.length): string | undefined {
  if ((to - from) % 4 === 1) to--;
  const bytes = Math.floor(((to - from) * 3) / 4);
  let bad = 0;
  const allowed = badBytesAllowed(bytes);
  const out: number[] = [];
  const push = (b: number) => {
    if (!isTextByte(b) && ++bad > allowed) return false;
    out.push(b);
    return true;
  };
  let i = from;
  for (; i + 4 <= to; i += 4) {
    const a = B64_VALUE[s.charCodeAt(i)],
      b = B64_VALUE[s.charCodeAt(i + 1)],
      c = B64_VALUE[s.charCodeAt(i + 2)],
      d = B64_VALUE[s.charCodeAt(i + 3)];
    if ((a | b | c | d) < 0) return undefined;
    if (!push((a << 2) | (b >> 4)) || !push(((b & 15) << 4) | (c >> 2)) || !push(((c & 3) << 6) | d)) return undefined;
  }
  if (to - i >= 2) {
    const a = B64_VALUE[s.charCodeAt(i)],
      b = B64_VALUE[s.charCodeAt(i + 1)];
    if ((a | b) < 0 || !push((a << 2) | (b >> 4))) return undefined;
    if (to - i === 3) {
      const c = B64_VALUE[s.charCodeAt(i + 2)];
      if (c < 0 || !push(((b & 15) << 4) | (c >> 2))) return undefined;
    }
  }
  return bytesToText(out);
}

const HEX_VALUE = new Int8Array(128).fill(-1);
'0123456789abcdef'.split('').forEach((c, i) => {
  HEX_VALUE[c.charCodeAt(0)] = i;
  HEX_VALUE[c.toUpperCase().charCodeAt(0)] = i;
});

/** `s[from, to)` as hex, decoded to text when mostly printable (a digest is binary and is not). */
function decodeHexText(s: string, from = 0, to = s.length): string | undefined {
  if ((to - from) % 2) return undefined;
  const bytes = (to - from) / 2;
  const allowed = badBytesAllowed(bytes);
  let bad = 0;
  const out: number[] = [];
  for (let i = from; i < to; i += 2) {
    const hi = HEX_VALUE[s.charCodeAt(i)],
      lo = HEX_VALUE[s.charCodeAt(i + 1)];
    if ((hi | lo) < 0) return undefined;
    const b = (hi << 4) | lo;
    if (!isTextByte(b) && ++bad > allowed) return undefined;
    out.push(b);
  }
  return bytesToText(out);
}

/** Bytes as text, one character per byte (credentials are ASCII; other bytes only need to stay apart). */
function bytesToText(bytes: number[]): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.slice(i, i + 8192));
  return s;
}

const HEX_ONLY = /^[0-9a-fA-F]+$/;
const STD_ONLY = /[+/]/;
const URL_ONLY = /[-_]/;

/**
 * The text an encoded string holds: hex when it is hex of even length that
 * decodes to text, else base64 or base64url (not both alphabets mixed: that
 * is a path or an identifier). Undefined for binary, or for anything that
 * is no encoding.
 */
export function decodeEncodedText(s: string): string | undefined {
  const core = s.replace(/=+$/, '');
  if (core.length < MIN_ENCODED || core.length > MAX_ENCODED) return undefined;
  if (HEX_ONLY.test(core)) {
    const text = core.length % 2 ? undefined : decodeHexText(core);
    if (text !== undefined) return text;
  }
  if (STD_ONLY.test(core) && URL_ONLY.test(core)) return undefined;
  return decodeBase64Text(core);
}

/**
 * Text that is plainly text once decoded: prose, markup or a JSON/YAML
 * document (it has spaces or starts like a document). A random value assigned
 * in base64 is no such text; base64 of a sentence is.
 */
export function encodesPlainText(value: string): boolean {
  const decoded = decodeEncodedText(value);
  return decoded !== undefined && (/\s/.test(decoded) || /^[{[<]/.test(decoded));
}
