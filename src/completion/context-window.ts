// Fits prefix and suffix into the model's prompt budget, in tokens. The text
// nearest the cursor matters most, so the window grows outwards from it line
// by line (whole lines read better to a model than a cut in mid-line), and a
// 5,000-line file costs what its last few hundred lines cost.

export interface ContextWindow {
  prefix: string;
  suffix: string;
  prefixTokens: number;
  suffixTokens: number;
  /** True when either side was cut. */
  truncated: boolean;
}

export interface WindowOptions {
  /** Tokens available for prefix + suffix together. */
  budget: number;
  /** Share of the budget the prefix gets first (the rest goes to the suffix, unused share flows back). */
  prefixShare?: number;
  countTokens: (text: string) => number;
}

/** Text is never more than this many characters per token (bytes-level BPE worst case is 1). */
const MAX_CHARS_PER_TOKEN = 1;
/** ...and code rarely packs more than this, which bounds how much text we ever tokenize. */
const GENEROUS_CHARS_PER_TOKEN = 8;

/**
 * Take whole lines from one end of `text` while they fit in `budget` tokens.
 * `fromEnd`: the prefix grows backwards from the cursor; otherwise the suffix grows forwards.
 * The cursor line's own fragment is always kept (cut by characters only if it alone is too long).
 */
function takeLines(text: string, budget: number, fromEnd: boolean, count: (t: string) => number): { text: string; tokens: number } {
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
    tokens += t;
  }
  const inOrder = fromEnd ? kept.reverse() : kept;
  return { text: inOrder.join('\n'), tokens };
}

export function windowContext(prefix: string, suffix: string, opts: WindowOptions): ContextWindow {
  const share = opts.prefixShare ?? 0.75;
  const prefixBudget = Math.floor(opts.budget * share);
  const suffixFirst = takeLines(suffix, opts.budget - prefixBudget, false, opts.countTokens);
  const p = takeLines(prefix, opts.budget - suffixFirst.tokens, true, opts.countTokens);
  // The prefix may not need its share: give what is left back to the suffix.
  const s = p.tokens < prefixBudget ? takeLines(suffix, opts.budget - p.tokens, false, opts.countTokens) : suffixFirst;
  return {
    prefix: p.text, suffix: s.text, prefixTokens: p.tokens, suffixTokens: s.tokens,
    truncated: p.text.length < prefix.length || s.text.length < suffix.length,
  };
}
