// The search panel's words and the cut of a long matching line, kept apart from its markup so
// that the counting and cutting rules are tested in Node.
import type { TextMatch } from '../workspace/search';

const matches = (n: number) => (n === 1 ? 'match' : 'matches');
const files = (n: number) => (n === 1 ? 'file' : 'files');

/** The status line under a search: how many matches in how many files, "+" when the list stopped early. */
export function searchSummary(total: number, fileCount: number, truncated: boolean): string {
  const more = truncated ? '+' : '';
  const rest = truncated ? ' (narrow the search to see the rest)' : '';
  return `${total}${more} ${matches(total)} in ${fileCount} ${files(fileCount)}${rest}`;
}

/** The question Replace all asks before it changes anything. */
export function replaceAllQuestion(total: number, fileCount: number): string {
  return `Replace ${total} ${matches(total)} in ${fileCount} ${files(fileCount)}? One Ctrl+Z undoes it in every file.`;
}

/** What Replace all did; across files, one undo in any of them undoes it in all. */
export function replacedAllText(total: number, fileCount: number): string {
  const undo = fileCount > 1 ? ' Ctrl+Z in any of them undoes it in all.' : '';
  return `Replaced ${total} ${matches(total)} in ${fileCount} ${files(fileCount)}.${undo}`;
}

/** Characters kept before and after a match, so that a minified line still shows where the match is. */
const BEFORE = 40;
const AFTER = 80;

/** The matching line cut around the match; an empty match is shown as a space so that it can be seen. */
export function matchLineParts(match: TextMatch): { cut: boolean; before: string; hit: string; after: string } {
  const start = match.column - 1;
  const end = Math.min(match.lineText.length, start + match.length);
  const from = Math.max(0, start - BEFORE);
  return {
    cut: from > 0,
    before: match.lineText.slice(from, start),
    hit: match.lineText.slice(start, end) || ' ',
    after: match.lineText.slice(end, end + AFTER),
  };
}
