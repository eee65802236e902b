// Whether a request's text is all of its document: a check that must see
// every declaration (names, types) cannot judge a window of a longer one.
import type { SemanticRequest } from './types';

/**
 * Why the request cannot be judged: its prefix and suffix are a window of a
 * longer document, and what lies outside (the imports at the top, a
 * function further down) may declare any name. Undefined when the text is
 * the whole document (or the request does not say it is not).
 */
export function partialWindow(request: Pick<SemanticRequest, 'prefix' | 'suffix' | 'prefixStart' | 'documentLength'>): string | undefined {
  const start = request.prefixStart ?? 0;
  const length = request.prefix.length + request.suffix.length;
  const cut = start > 0 || (request.documentLength !== undefined && start + length < request.documentLength);
  return cut ? 'not checked: the text is a window of a longer document, whose other parts may declare any name' : undefined;
}
