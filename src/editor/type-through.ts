// Typing through a suggestion: when the user types the very characters the
// ghost text shows, the rest of it stays on screen, with no new request and
// no new routing decision (the badge keeps the suggestion's provenance).
// Pure, so Node tests reach it; the inline-completions provider uses it.

export interface ShownSuggestion<R> {
  /** The editor model the suggestion is in. */
  document: string;
  /** The text before and after the cursor when it was shown. */
  prefix: string;
  suffix: string;
  /** The whole suggestion. */
  text: string;
  result: R;
}

/**
 * What is left of `shown` after the user typed on from where it was shown,
 * or undefined when the new text does not follow the suggestion (another
 * document, another place, a character that differs, the suffix changed) or
 * nothing is left of it.
 */
export function typedThrough<R>(shown: ShownSuggestion<R> | undefined, document: string, prefix: string, suffix: string): { rest: string; result: R } | undefined {
  if (!shown || shown.document !== document || suffix !== shown.suffix) return undefined;
  if (prefix.length <= shown.prefix.length || !prefix.startsWith(shown.prefix)) return undefined;
  const typed = prefix.slice(shown.prefix.length);
  if (!shown.text.startsWith(typed) || typed.length >= shown.text.length) return undefined;
  return { rest: shown.text.slice(typed.length), result: shown.result };
}
