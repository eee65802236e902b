// The decoded text of a growing token sequence, one token at a time: what
// `decode(ids)` gives after each generated token, without decoding the whole
// sequence again at every step (the early-stop check runs on every step).
//
// Decoding a token alone is wrong in general: a byte-level BPE token may hold
// half of a UTF-8 character (alone it decodes to U+FFFD, or it completes the
// previous token's half), and SentencePiece decoders drop the leading space
// of whichever token comes first. So the decoder decodes a short window
// ids[start..] and diffs it against the same window's text before the new
// tokens (the approach of Hugging Face's and vLLM's streaming detokenisers):
//  - the window starts at a clean point, where no character is split, so the
//    bytes before it cannot change what the window decodes to;
//  - the diff is taken against text decoded from the same start, so an effect
//    that only touches the start of a decode (SentencePiece's leading space,
//    a Strip decoder, a byte-order mark that starts a byte run) is the same
//    on both sides and cancels out; the window's tokens before the new ones
//    must decode to something, so that effect has happened there already;
//  - a window text that ends in U+FFFD may be a character still incomplete:
//    its end is not a clean point, and the window keeps it until it is.
// That is exact only for decoders whose steps act per token or only at the
// start of the text (`decodesByWindow`); any other tokenizer decodes the
// whole sequence once per step, which is exact by definition (and linear, not
// the quadratic per-step cost of decoding every prefix).

/** The tokenizer's own decode of a non-empty id list, special tokens skipped. */
export type DecodeIds = (ids: number[]) => string;

export interface PrefixDecoder {
  /** Appends `id` and returns the decoded text of every id so far: exactly `decode(allIds)`. */
  push(id: number): string;
  /**
   * How many leading characters the latest text is known to share with the
   * one before (a lower bound, 0 when unknown): lets a caller compare only
   * the end of a text that grows by a few characters a step.
   */
  readonly kept: number;
}

const REPLACEMENT = '\uFFFD';
/** Tokens the window may hold before its start moves up to a later clean point. */
const MAX_WINDOW = 8;

/** One full decode per step: the fallback, exact for any tokenizer. */
class FullDecoder implements PrefixDecoder {
  readonly kept = 0;
  private readonly ids: number[] = [];
  constructor(private readonly decode: DecodeIds) {}
  push(id: number): string {
    this.ids.push(id);
    return this.decode(this.ids);
  }
}

/** A short window decoded per step and diffed (see the top of the file). */
class WindowDecoder implements PrefixDecoder {
  /** `head`'s length: the text before a push and the text after it both start with `head`. */
  kept = 0;
  private readonly ids: number[] = [];
  /** Window start: a clean point; 0 or a point with decoded text between it and `read`. */
  private start = 0;
  /** The latest clean point: `head` is the exact text of ids[0..read). */
  private read = 0;
  private head = '';
  /** The text of ids[start..read) decoded alone. */
  private readText = '';
  /** Set if a window ever disagrees with what a clean point promises: decode in full from then on. */
  private inFull = false;

  constructor(private readonly decode: DecodeIds) {}

  push(id: number): string {
    this.ids.push(id);
    if (this.inFull) return this.decode(this.ids);
    const window = this.decode(this.ids.slice(this.start));
    if (!window.startsWith(this.readText)) {
      // Cannot happen for the decoders `decodesByWindow` admits; never guess.
      this.inFull = true;
      this.kept = 0;
      return this.decode(this.ids);
    }
    this.kept = this.head.length;
    const full = this.head + window.slice(this.readText.length);
    if (!window.endsWith(REPLACEMENT)) this.advance(window, full);
    return full;
  }

  /** The end of the ids is a clean point: read from there on, sliding the window start if it grew long. */
  private advance(window: string, full: string): void {
    const end = this.ids.length;
    let readText = window;
    if (end - this.start > MAX_WINDOW && this.read > this.start) {
      // The previous clean point becomes the start if its tokens up to here
      // decode to something (else a leading-space strip could land on a later token).
      const tail = this.decode(this.ids.slice(this.read));
      if (tail !== '') {
        this.start = this.read;
        readText = tail;
      }
    }
    this.read = end;
    this.head = full;
    this.readText = readText;
  }
}

export function prefixDecoder(decode: DecodeIds, byWindow: boolean): PrefixDecoder {
  return byWindow ? new WindowDecoder(decode) : new FullDecoder(decode);
}

interface DecoderJson {
  type?: string;
  decoders?: DecoderJson[];
  stop?: number;
}

/**
 * Steps allowed in a decoder Sequence, in this order: per-token rewrites,
 * then byte runs (<0xNN> tokens to UTF-8), then the join, then a strip at the
 * start. What a per-token step does to a token does not depend on where the
 * decode started; the others are exact at clean points (see the top).
 */
const SEQUENCE_RANK: Record<string, number> = { Replace: 0, Metaspace: 0, ByteFallback: 1, Fuse: 2, Strip: 3 };

function sequenceByWindow(decoders: readonly DecoderJson[]): boolean {
  let rank = 0;
  let last = '';
  for (const d of decoders) {
    const r = d.type !== undefined ? SEQUENCE_RANK[d.type] : undefined;
    if (r === undefined || r < rank || (r > 0 && d.type === last)) return false;
    // A strip at the end would change text that later tokens follow.
    if (d.type === 'Strip' && (d.stop ?? 0) !== 0) return false;
    rank = r;
    last = d.type!;
  }
  return true;
}

/**
 * Whether `tokenizer`'s decode is exact by window (see the top). Reads the
 * tokenizer's JSON as transformers.js keeps it; anything unknown says no.
 */
export function decodesByWindow(tokenizer: { _tokenizerJSON?: unknown; _tokenizerConfig?: unknown }): boolean {
  const json = tokenizer._tokenizerJSON as { decoder?: DecoderJson | null; model?: { end_of_word_suffix?: unknown } } | undefined;
  const config = tokenizer._tokenizerConfig as { clean_up_tokenization_spaces?: unknown } | undefined;
  // The clean-up is a regex over the whole text (" ." -> ".") that reaches across any boundary.
  if (!json || !config || (config.clean_up_tokenization_spaces ?? true)) return false;
  // An end-of-word suffix becomes a space, then the whole text is trimmed.
  if (json.model?.end_of_word_suffix) return false;
  const d = json.decoder;
  // ByteLevel: bytes to UTF-8 (runs split at added tokens); Metaspace: per token, first token's space dropped.
  if (d?.type === 'ByteLevel' || d?.type === 'Metaspace') return true;
  return d?.type === 'Sequence' && Array.isArray(d.decoders) && sequenceByWindow(d.decoders);
}
