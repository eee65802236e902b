// Typing through a suggestion: when the user types the very characters the
// ghost text shows, the rest of it stays on screen, with no new request and
// no new routing decision (the badge keeps the suggestion's provenance).
// Pure, so Node tests reach it; the inline-completions provider uses it.

export interface ShownSuggestion<R> {
  /** The editor model the suggestion is in. */
  document: string;
  /** The text before and after the cursor when it was shown (a window of the document in a large file). */
  prefix: string;
  suffix: string;
  /** When prefix and suffix are a window of the document: the offset where `prefix` starts. */
  start?: number;
  /** The whole suggestion. */
  text: string;
  result: R;
}

/**
 * What is left of `shown` after the user typed on from where it was shown,
 * or undefined when the new text does not follow the suggestion (another
 * document, another place, a character that differs, the text around it
 * changed) or nothing is left of it. `start` places `prefix` in the document,
 * as `shown.start` does: the two windows may start at different places.
 */
export function typedThrough<R>(
  shown: ShownSuggestion<R> | undefined,
  document: string,
  prefix: string,
  suffix: string,
  windowStart?: number,
): { rest: string; result: R } | undefined {
  if (!shown || shown.document !== document) return undefined;
  const start = windowStart ?? 0;
  const shownStart = shown.start ?? 0;
  const shownCursor = shownStart + shown.prefix.length;
  const cursor = start + prefix.length;
  if (cursor <= shownCursor || shownCursor < start) return undefined;
  // The text after the cursor is the same (as far as both windows reach, when either is a window).
  const windowed = windowStart !== undefined || shown.start !== undefined;
  const sameAfter = !windowed
    ? suffix === shown.suffix
    : suffix.length <= shown.suffix.length
      ? shown.suffix.startsWith(suffix)
      : suffix.startsWith(shown.suffix);
  if (!sameAfter) return undefined;
  // The text before where it was shown is the same, where both windows hold it.
  const from = Math.max(start, shownStart);
  if (prefix.slice(from - start, shownCursor - start) !== shown.prefix.slice(from - shownStart)) return undefined;
  const typed = prefix.slice(shownCursor - start);
  if (!shown.text.startsWith(typed) || typed.length >= shown.text.length) return undefined;
  return { rest: shown.text.slice(typed.length), result: shown.result };
}
