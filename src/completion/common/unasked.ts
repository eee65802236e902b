// Whether to complete at the cursor without being asked. People asked the
// tools we learn from (Copilot, Continue, Tabby, llama.vscode) not to be
// interrupted while writing a comment or a string: there a suggestion is
// prose the model guesses, and a rejected one costs attention. Alt+\ still
// asks anywhere.
import { copyLexState, exactLexerFor, freshLexState, lex, type LexState } from '../../languages/lexer';
import type { LanguageId } from '../../vocabulary/types';

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
  const lexer = exactLexerFor(language);
  if (!lexer) return undefined;
  const text = from > 0 ? prefix.slice(from) : prefix;
  const head = text.slice(0, text.lastIndexOf('\n') + 1);
  let st: LexState;
  if (before?.language === language && before.head === head) st = copyLexState(before.state);
  else {
    st = freshLexState();
    lex(lexer, head, st, false);
    before = { language, head, state: copyLexState(st) };
  }
  lex(lexer, text, st, false);
  return st.mode === 'line-comment' || st.mode === 'block-comment'
    ? 'comment'
    : st.mode === 'string' || st.mode === 'template'
      ? 'string'
      : undefined;
}

/**
 * The lexer's state after the text before the cursor's line, kept from the
 * last call: while the user types on a line that text stays the same, so a
 * keystroke lexes the cursor's line, not the whole look-back.
 */
let before: { language: LanguageId; head: string; state: LexState } | undefined;
