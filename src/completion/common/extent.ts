// How much to complete: the rest of a line, or a block. A request that only
// needs the rest of the line stops at its end, so the model does not spend
// tokens (and the user's wait) on lines nobody asked for. The rules, on the
// text around the cursor (after Cody's and Continue's multi-line detection,
// narrowed by what the HumanEval infilling sets show: `npm run bench extent`):
//  - code before the cursor on its line: the rest of that line, unless the
//    line opens a block (`def f(x):`, `if (a) {`, also `{|}`): then a block;
//  - only indentation before the cursor and code after it (`    |return x`):
//    the line (something goes in front of that code);
//  - otherwise (a blank line, or the start of a line with new lines going in
//    above the code): a block, ended by the model's own end of the middle or
//    the token limit. Deciding "one line" there cut short 748 of the 5,815
//    multi-line HumanEval middles, which start on such lines.
import { familyRules, languageSpec } from '../../languages/registry';
import type { LanguageId } from '../../vocabulary/types';

type CompletionExtent = 'line' | 'block';

interface ExtentDecision {
  extent: CompletionExtent;
  why: string;
}

/** The line without a trailing line comment (a rough cut: a `#` inside a string may cut early, which only errs towards "line"). */
function code(line: string, language: LanguageId): string {
  const marker = line.indexOf(languageSpec(language)?.lineComment ?? '//');
  return (marker >= 0 ? line.slice(0, marker) : line).trimEnd();
}

/** Whether the line opens a block: ends with `:` where blocks are indented (Python), with `{` elsewhere and in languages the registry does not know. */
function opensBlock(line: string, language: LanguageId): boolean {
  return code(line, language).endsWith(familyRules(language)?.blocks === 'indent' ? ':' : '{');
}

export function completionExtent(prefix: string, suffix: string, language: LanguageId): ExtentDecision {
  const before = prefix.slice(prefix.lastIndexOf('\n') + 1);
  const lineEnd = suffix.indexOf('\n');
  const after = lineEnd < 0 ? suffix : suffix.slice(0, lineEnd);
  if (before.trim() !== '') {
    if (opensBlock(before, language) && /^[\s)\]}]*;?\s*$/.test(after)) return { extent: 'block', why: 'the line opens a block' };
    return { extent: 'line', why: 'finishing a line' };
  }
  if (before !== '' && after.trim() !== '') return { extent: 'line', why: 'code after the cursor on its line' };
  return { extent: 'block', why: before === '' && after.trim() !== '' ? 'new lines above code' : 'a blank line' };
}
