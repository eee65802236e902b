// Credentials written in another spelling: string escapes (`\u0067`, `\x67`,
// `\u{67}`, `\147`), percent-encoding (`%5F`), HTML character references
// (`&#95;`, `&#x5f;`, `&lowbar;`) and base64, base64url or hex strings. The guard scans a
// derived text in which these are undone, with the same rules, and maps what
// it finds back to the text as written: a decoded string is one secret as a
// whole (its encoded form is what must not leave), an escaped one covers
// exactly the escapes and characters it spans. Plain string code, no DOM and
// no Node API: it runs in the browser bundle and in Node alike.

import { decodeEncodedText } from './encoded-text';

/** At most this much decoded or normalised text per scanned text, and this many candidates decoded. */
const MAX_DERIVED_CHARS = 64 * 1024;
const MAX_DECODED_CANDIDATES = 256;
/** Characters of context kept on each side of an escape (on its own line): enough for `password = "...`. */
const ESCAPE_CONTEXT = 256;
/** A stretch stops growing past this (a line of escapes in a bundle is read in stretches, up to MAX_DERIVED_CHARS). */
const MAX_STRETCH = 4 * 1024;

/**
 * An encoded string that can hold text. Base64 of printable bytes has the
 * first character of every four in `I-Z a-f` (`C`, `D` for a tab or a line
 * break): the first four quads must, which leaves out nearly every
 * identifier at the regex's first characters. Hex of text has every other
 * digit in 0, 2-7. The decoder then checks all of it.
 */
const ENCODED_RUN = String.raw`((?:[CDI-Za-f][A-Za-z0-9+/_-]{3}){4}[A-Za-z0-9+/_-]*={0,2}|(?:[02-7][0-9a-fA-F]){8}[0-9a-fA-F]*)(?![A-Za-z0-9+/_-])`;
/**
 * Where encoded strings start: after a quote, `=`, `:`, `>`, `,` (a data
 * URI's `base64,`, a CSV field), `<` (`<<<` in a shell), `x` (`0x` before
 * hex) or at a line's start (a YAML list item's too), spaces allowed
 * between. Encoded strings after any other space (in prose) are left out:
 * looking at every run of letters cost four times as much.
 */
const CANDIDATE = new RegExp(String.raw`[\n"'\x60=>:,<x][ \t]*(?:-[ \t]+)?${ENCODED_RUN}`, 'g');
/** At the very start of the text, and after `echo` (`echo Z2hw... | base64 -d`), found by its word. */
const CANDIDATE_AT_START = new RegExp(String.raw`[ \t]*(?:-[ \t]+)?${ENCODED_RUN}`, 'y');
const CANDIDATE_AFTER_ECHO = new RegExp(String.raw`echo[ \t]+(?:-[a-zA-Z]+[ \t]+)*${ENCODED_RUN}`, 'y');

/** Encoded strings in `text` that may hold text, as [start, end) of each, in order. */
function encodedCandidates(text: string): [number, number][] {
  const found = new Map<number, number>();
  const take = (m: RegExpExecArray | null) => {
    if (m) found.set(m.index + m[0].length - m[1].length, m.index + m[0].length);
  };
  CANDIDATE_AT_START.lastIndex = 0;
  take(CANDIDATE_AT_START.exec(text));
  CANDIDATE.lastIndex = 0;
  for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) take(m);
  for (let at = text.indexOf('echo'); at >= 0; at = text.indexOf('echo', at + 4)) {
    CANDIDATE_AFTER_ECHO.lastIndex = at;
    take(CANDIDATE_AFTER_ECHO.exec(text));
  }
  return [...found].sort((a, b) => a[0] - b[0]);
}

// ---------------------------------------------------------------------------
// Escapes

/**
 * `\u{67}`, `\u0067`, `\U00000067`, `\x67`, `\147`, or an escaped backslash
 * (kept as it is); `%67` (URL); `&#103;`, `&#x67;`, `&lowbar;` (HTML, the
 * semicolon optional after a number as browsers read it).
 */
const ESCAPE =
  /\\(?:u\{([0-9a-fA-F]{1,6})\}|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|x([0-9a-fA-F]{2})|([0-3][0-7]{2})|\\)|%([0-9a-fA-F]{2})|&#(\d{1,7});?|&#[xX]([0-9a-fA-F]{1,6});?|&([A-Za-z]{2,16});/g;

/** HTML's named references for the ASCII characters a credential can hold. */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  sol: '/',
  colon: ':',
  semi: ';',
  equals: '=',
  period: '.',
  comma: ',',
  lowbar: '_',
  UnderBar: '_',
  num: '#',
  percnt: '%',
  plus: '+',
  excl: '!',
  quest: '?',
  commat: '@',
  dollar: '$',
  lpar: '(',
  rpar: ')',
  lsqb: '[',
  lbrack: '[',
  rsqb: ']',
  rbrack: ']',
  lcub: '{',
  lbrace: '{',
  rcub: '}',
  rbrace: '}',
  ast: '*',
  midast: '*',
  verbar: '|',
  vert: '|',
  VerticalLine: '|',
  grave: '`',
  DiacriticalGrave: '`',
  Hat: '^',
};

interface Escape {
  start: number;
  end: number;
  char: string;
}

/**
 * The next escape in `text` from ESCAPE.lastIndex that spells a character a
 * credential can hold: printable ASCII other than quotes and the backslash.
 * `\x1b[31m`, `\u00e9`, `\0` and the ranges of a Unicode regex spell none,
 * so their lines are not rescanned.
 */
function nextTelltaleEscape(text: string): Escape | undefined {
  for (let m = ESCAPE.exec(text); m; m = ESCAPE.exec(text)) {
    const code = codeOf(m);
    // Quotes are telltale only where they are not a string escape's everyday `\"` (in URLs and HTML they are part of a value).
    const quote = code === 0x22 || code === 0x27 || code === 0x60;
    if (code > 0x20 && code < 0x7f && code !== 0x5c && (!quote || m[0][0] !== '\\')) {
      return { start: m.index, end: m.index + m[0].length, char: String.fromCharCode(code) };
    }
  }
  return undefined;
}

/** The character code an escape spells; -1 for an escaped backslash or an unknown name. */
function codeOf(m: RegExpExecArray): number {
  const hex = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[6] ?? m[8];
  if (hex !== undefined) return parseInt(hex, 16);
  if (m[5] !== undefined) return parseInt(m[5], 8);
  if (m[7] !== undefined) return parseInt(m[7], 10);
  if (m[9] !== undefined) return NAMED_ENTITIES[m[9]]?.charCodeAt(0) ?? -1;
  return -1;
}

/** Where the line holding `at` starts, or `at - reach` when it starts further back (a minified line is megabytes long). */
function lineStartWithin(text: string, at: number, reach: number): number {
  const stop = Math.max(0, at - reach);
  for (let i = at - 1; i >= stop; i--) if (text.charCodeAt(i) === 10) return i + 1;
  return stop;
}

/** Where the line holding `at` ends, or `at + reach` when it ends further on. */
function lineEndWithin(text: string, at: number, reach: number): number {
  const stop = Math.min(text.length, at + reach);
  for (let i = at; i < stop; i++) if (text.charCodeAt(i) === 10) return i;
  return stop;
}

// ---------------------------------------------------------------------------
// The derived text

/** One part of the derived text: a decoded string, or a stretch of a line with its escapes undone. */
type SegmentBody =
  { decoded: true; sourceStart: number; sourceEnd: number } | { decoded: false; starts: Int32Array; ends: Int32Array; escaped: Uint8Array };
type Segment = SegmentBody & { at: number; end: number };

export interface Derived {
  /** Decoded strings and normalised stretches of lines, each apart from the next by a blank line. */
  text: string;
  /**
   * A range found in `text`, in the source's offsets: a decoded string's
   * whole encoded form; an escaped stretch's characters with their escapes.
   * Undefined for a finding in an escaped stretch that touches no escape
   * (the source's own scan sees it as it is).
   */
  toSource(start: number, end: number): [number, number] | undefined;
}

const SEPARATOR = '\n\n';

/**
 * The text the guard scans a second time: each encoded string in `source`
 * that decodes to text, and each line stretch around a telltale escape with
 * the escapes undone. Undefined when there is none (most code).
 */
export function deriveText(source: string): Derived | undefined {
  const segments: Segment[] = [];
  const parts: string[] = [];
  let length = 0;
  const add = (part: string, segment: SegmentBody) => {
    if (parts.length) {
      parts.push(SEPARATOR);
      length += SEPARATOR.length;
    }
    segments.push({ ...segment, at: length, end: length + part.length });
    parts.push(part);
    length += part.length;
  };

  let decodedCandidates = 0;
  for (const [start, end] of encodedCandidates(source)) {
    if (length >= MAX_DERIVED_CHARS || decodedCandidates >= MAX_DECODED_CANDIDATES) break;
    const decoded = decodeEncodedText(source.slice(start, end));
    if (decoded === undefined) continue;
    decodedCandidates++;
    add(decoded, { decoded: true, sourceStart: start, sourceEnd: end });
  }

  ESCAPE.lastIndex = 0;
  let next = /[\\%&]/.test(source) ? nextTelltaleEscape(source) : undefined;
  while (next && length < MAX_DERIVED_CHARS) {
    // A stretch: the escape's line, ESCAPE_CONTEXT either side, grown while the next escape is near.
    const members = [next];
    const from = lineStartWithin(source, next.start, ESCAPE_CONTEXT);
    let to = lineEndWithin(source, next.end, ESCAPE_CONTEXT);
    for (next = nextTelltaleEscape(source); next && next.start < to && to - from < MAX_STRETCH; next = nextTelltaleEscape(source)) {
      members.push(next);
      to = lineEndWithin(source, next.end, ESCAPE_CONTEXT);
    }
    add(...normalised(source, from, to, members));
  }
  if (!segments.length) return undefined;

  return {
    text: parts.join(''),
    toSource(start, end) {
      let lo = 0;
      let hi = segments.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (segments[mid].at <= start) lo = mid;
        else hi = mid - 1;
      }
      const seg = segments[lo];
      if (start < seg.at || start >= seg.end) return undefined;
      if (seg.decoded) return [seg.sourceStart, seg.sourceEnd];
      const s = start - seg.at;
      const e = Math.min(end, seg.end) - seg.at;
      if (!seg.escaped.subarray(s, e).includes(1)) return undefined;
      return [seg.starts[s], seg.ends[e - 1]];
    },
  };
}

/** `source[from, to)` with `escapes` (all inside it) undone, and where each character came from. */
function normalised(source: string, from: number, to: number, escapes: Escape[]): [string, SegmentBody] {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  const escaped: number[] = [];
  let at = from;
  const copy = (until: number) => {
    text += source.slice(at, until);
    for (let k = at; k < until; k++) {
      starts.push(k);
      ends.push(k + 1);
      escaped.push(0);
    }
  };
  for (const e of escapes) {
    copy(e.start);
    text += e.char;
    starts.push(e.start);
    ends.push(e.end);
    escaped.push(1);
    at = e.end;
  }
  copy(to);
  return [text, { decoded: false, starts: Int32Array.from(starts), ends: Int32Array.from(ends), escaped: Uint8Array.from(escaped) }];
}
