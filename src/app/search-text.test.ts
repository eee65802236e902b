import { describe, expect, it } from 'vitest';
import { compileQuery, searchFiles } from '../workspace/search';
import { matchLineParts, replaceAllQuestion, replacedAllText, searchSummary } from './search-text';

describe('search panel text', () => {
  it('the summary counts matches and files, and says when the list stopped early', () => {
    expect(searchSummary(1, 1, false)).toBe('1 match in 1 file');
    expect(searchSummary(2000, 3, true)).toBe('2000+ matches in 3 files (narrow the search to see the rest)');
  });
  it('Replace all asks first, and afterwards says one undo reaches every file', () => {
    expect(replaceAllQuestion(1, 1)).toBe('Replace 1 match in 1 file? One Ctrl+Z undoes it in every file.');
    expect(replacedAllText(1, 1)).toBe('Replaced 1 match in 1 file.');
    expect(replacedAllText(5, 2)).toBe('Replaced 5 matches in 2 files. Ctrl+Z in any of them undoes it in all.');
  });
  it('a long line is cut around its match, a short one shown whole', () => {
    const find = (text: string, q: string, regex = false) =>
      searchFiles([['a.txt', text]], compileQuery(q, { regex, matchCase: false, wholeWord: false })).files[0].matches[0];
    expect(matchLineParts(find('let total = 1', 'total'))).toEqual({ cut: false, before: 'let ', hit: 'total', after: ' = 1' });
    const long = `${'x'.repeat(100)}needle${'y'.repeat(100)}`;
    const parts = matchLineParts(find(long, 'needle'));
    expect(parts).toMatchObject({ cut: true, before: 'x'.repeat(40), hit: 'needle' });
    expect(parts.after).toBe('y'.repeat(80));
  });
  it('an empty match is shown as a space, so that the mark can be seen', () => {
    expect(matchLineParts({ offset: 0, length: 0, line: 1, column: 1, lineText: 'abc' }).hit).toBe(' ');
  });
});
