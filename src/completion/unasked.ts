// Whether to complete at the cursor without being asked. People asked the
// tools we learn from (Copilot, Continue, Tabby, llama.vscode) not to be
// interrupted while writing a comment or a string: there a suggestion is
// prose the model guesses, and a rejected one costs attention. Alt+\ still
// asks anywhere.
import { lexicalPlaceAfter } from '../languages/lexer';
import type { LanguageId } from '../vocabulary/types';

/**
 * How far back the lexer reads: from a line start at most this many
 * characters before the cursor, so a keystroke in a large file costs what a
 * small one does. A comment or string opened further up (a docstring of
 * more than 20,000 characters, or the start of a line that long) is taken
 * for code: a suggestion is offered.
 */
const LOOK_BACK = 20_000;

export function insideCommentOrString(language: LanguageId, prefix: string): 'comment' | 'string' | undefined {
  const from = prefix.length <= LOOK_BACK ? 0 : prefix.indexOf('\n', prefix.length - LOOK_BACK) + 1;
  // No line starts within reach (the cursor is deep in a very long line): its start is out of reach too, so it is code.
  if (from === 0 && prefix.length > LOOK_BACK) return undefined;
  const place = lexicalPlaceAfter(language, from > 0 ? prefix.slice(from) : prefix);
  return place === 'comment' || place === 'string' ? place : undefined;
}
