// Fits prefix and suffix into the model's prompt budget, in tokens. The text
// nearest the cursor matters most, so the window grows outwards from it line
// by line (whole lines read better to a model than a cut in mid-line), and a
// 5,000-line file costs what its last few hundred lines cost.
//
// The prefix window's first line is anchored: it may only start at a line
// that begins at or after a multiple of `anchorStepChars` in the document.
// While the user types, the window's start stays put (it moves forward in
// steps of that many characters, not a line per keystroke), so the prompt a
// keystroke later starts with the same tokens and the model's KV cache of
// them is reused (src/completion/worker/prompt-cache.ts). The cost: up to one step of
// context left out, half a step on average.
//
// Each step still moves the start, and then the whole window is read again:
// a document that grows (suggestions accepted, lines typed) pays that read
// once per step of growth. A caller that knows where the last window began
// (`keepStart`, src/prompt/window-memory.ts) keeps that start while the text
// from it is no more than KEEP_OVER over its room and no less than a fresh
// cut would give: the start then moves once per KEEP_OVER of the room's
// growth, a few steps' worth, at the price of prompts up to that much over
// budget. A request given its own window's start gets that window again.

export interface ContextWindow {
  prefix: string;
  suffix: string;
  prefixTokens: number;
  suffixTokens: number;
  /** True when either side was cut. */
  truncated: boolean;
  /** Where the window's prefix begins in the prefix it was cut from. */
  prefixStart: number;
}

interface WindowOptions {
  /** Tokens available for prefix + suffix together. */
  budget: number;
  /**
   * Share of the budget the prefix gets first (the rest goes to the suffix,
   * unused share flows back). The suffix follows the prefix in the prompt, so
   * it is computed again after every keystroke: a small suffix share is what
   * makes reuse pay (see DEFAULT_PREFIX_SHARE).
   */
  prefixShare?: number;
  /** Granularity of the prefix window's start, in characters (0: no anchoring). Default: half the prefix budget in tokens. */
  anchorStepChars?: number;
  /** Where the last window of this document began in the prefix: kept while it fits (see KEEP_OVER). */
  keepStart?: number;
  countTokens: (text: string) => number;
}

/** How far over its room a kept start may take the prefix. */
export const KEEP_OVER = 0.25;

/**
 * 85% prefix / 15% suffix. Models use the suffix mostly for its first lines
 * (where the middle must join), and every suffix token is recomputed on each
 * request while prefix tokens are reused: at a 1,536-token budget the suffix
 * gets 230 tokens, so a request after a keystroke computes about a sixth of
 * the window instead of all of it.
 */
export const DEFAULT_PREFIX_SHARE = 0.85;

/** Text is never more than this many characters per token (bytes-level BPE worst case is 1). */
const MAX_CHARS_PER_TOKEN = 1;
/** ...and code rarely packs more than this, which bounds how much text we ever tokenize. */
const GENEROUS_CHARS_PER_TOKEN = 8;

/**
 * Take whole lines from one end of `text` while they fit in `budget` tokens.
 * `fromEnd`: the prefix grows backwards from the cursor; otherwise the suffix grows forwards.
 * The cursor line's own fragment is always kept (cut by characters only if it alone is too long).
 */
function takeLines(
  text: string,
  budget: number,
  fromEnd: boolean,
  count: (t: string) => number,
  anchorStep = 0,
): { text: string; tokens: number } {
  if (budget <= 0 || !text) return { text: '', tokens: 0 };
  // Only the part that could possibly fit is ever tokenized.
  const reach = budget * GENEROUS_CHARS_PER_TOKEN;
  const region = fromEnd ? text.slice(-reach) : text.slice(0, reach);
  const whole = count(region);
  if (whole <= budget && region.length === text.length) return { text, tokens: whole };

  const lines = region.split('\n');
  // A region cut in mid-line (by `reach`) must not count its partial far line as whole.
  // (The cursor line itself is never dropped this way.)
  if (region.length < text.length && lines.length > 1) fromEnd ? lines.shift() : lines.pop();
  const ordered = fromEnd ? [...lines].reverse() : lines;
  const kept: string[] = [];
  const keptTokens: number[] = [];
  let tokens = 0;
  for (let i = 0; i < ordered.length; i++) {
    const piece = i === 0 ? ordered[i] : `${ordered[i]}\n`;
    const t = count(piece);
    if (tokens + t > budget) {
      if (i === 0) {
        // The cursor line alone is over budget: keep its cursor-near characters.
        const chars = Math.max(0, budget * MAX_CHARS_PER_TOKEN);
        const cut = fromEnd ? piece.slice(-chars) : piece.slice(0, chars);
        return { text: cut, tokens: count(cut) };
      }
      break;
    }
    kept.push(ordered[i]);
    keptTokens.push(t);
    tokens += t;
  }
  if (fromEnd && anchorStep > 0) {
    // Drop far lines until the window starts at or after the anchor (never the cursor line).
    let start = text.length - kept.reduce((n, l) => n + l.length + 1, -1);
    const anchor = Math.ceil(start / anchorStep) * anchorStep;
    while (kept.length > 1 && start < anchor) {
      start += kept.pop()!.length + 1;
      tokens -= keptTokens.pop()!;
    }
  }
  const inOrder = fromEnd ? kept.reverse() : kept;
  return { text: inOrder.join('\n'), tokens };
}

export function windowContext(prefix: string, suffix: string, opts: WindowOptions): ContextWindow {
  const share = opts.prefixShare ?? DEFAULT_PREFIX_SHARE;
  const prefixBudget = Math.floor(opts.budget * share);
  const anchorStep = opts.anchorStepChars ?? Math.max(64, Math.round(prefixBudget / 2));
  const suffixFirst = takeLines(suffix, opts.budget - prefixBudget, false, opts.countTokens);
  const room = opts.budget - suffixFirst.tokens;
  const fresh = takeLines(prefix, room, true, opts.countTokens, anchorStep);
  const p = (opts.keepStart !== undefined && kept(prefix, room, opts.keepStart, fresh, opts.countTokens)) || fresh;
  // The prefix may not need its share (the file starts near the cursor): give what is left to the suffix.
  // Not when the prefix was cut: what anchoring leaves unused must not move the suffix's end on every keystroke.
  const prefixWhole = p.text.length === prefix.length;
  const s = prefixWhole && p.tokens < prefixBudget ? takeLines(suffix, opts.budget - p.tokens, false, opts.countTokens) : suffixFirst;
  return {
    prefix: p.text,
    suffix: s.text,
    prefixTokens: p.tokens,
    suffixTokens: s.tokens,
    truncated: p.text.length < prefix.length || s.text.length < suffix.length,
    prefixStart: prefix.length - p.text.length,
  };
}

/** The prefix from `at` when that is a line start, at or before the fresh cut's, and the text from it is at most KEEP_OVER over the room. */
function kept(
  prefix: string,
  room: number,
  at: number,
  fresh: { text: string; tokens: number },
  countTokens: (text: string) => number,
): { text: string; tokens: number } | undefined {
  const freshStart = prefix.length - fresh.text.length;
  if (at < 0 || at > freshStart || (at > 0 && prefix[at - 1] !== '\n')) return undefined;
  // No counting a long document's tail: text past what the room could hold at the densest code is too long anyway.
  if (prefix.length - at > room * (1 + KEEP_OVER) * GENEROUS_CHARS_PER_TOKEN) return undefined;
  // The fresh cut's tokens are counted already: only the lines before it are new, counted as takeLines counts.
  const tokens = fresh.tokens + countTokens(prefix.slice(at, freshStart));
  return tokens <= room * (1 + KEEP_OVER) ? { text: prefix.slice(at), tokens } : undefined;
}
