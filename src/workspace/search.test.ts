import { describe, expect, it } from 'vitest';
import { compileQuery, replacementEdits, searchFiles, type SearchOptions } from './search';
import { applyEdits } from './text-edits';

const plain: SearchOptions = { regex: false, matchCase: false, wholeWord: false };
const q = (query: string, o: Partial<SearchOptions> = {}) => compileQuery(query, { ...plain, ...o });
const find = (text: string, query: string, o: Partial<SearchOptions> = {}) => {
  const c = q(query, o);
  if (!c.ok) throw new Error(c.error);
  return searchFiles([['f.txt', text]], c).files[0]?.matches ?? [];
};
const replaceAll = (text: string, query: string, by: string, o: Partial<SearchOptions> = {}) =>
  applyEdits(text, replacementEdits(text, q(query, o), by));

describe('search', () => {
  it('finds text literally, case-insensitive by default, with lines and columns', () => {
    const m = find('let a = 1;\nconst A = a.b;\n', 'a');
    expect(m.map((x) => [x.line, x.column])).toEqual([
      [1, 5],
      [2, 7],
      [2, 11],
    ]);
    expect(m[1].lineText).toBe('const A = a.b;');
    expect(find('a.b axb', 'a.b')).toHaveLength(1);
  });

  it('match case', () => {
    expect(find('Foo foo FOO', 'foo', { matchCase: true }).map((x) => x.column)).toEqual([5]);
  });

  it('whole word, also for a query that starts with a non-word character', () => {
    expect(find('add adder add_1 (add)', 'add', { wholeWord: true }).map((x) => x.column)).toEqual([1, 18]);
    expect(find('x.$el $el2 $el', '$el', { wholeWord: true }).map((x) => x.column)).toEqual([3, 12]);
  });

  it('regular expressions, with ^ per line in a multi-line file and matches across lines', () => {
    expect(find('def f():\n    return 1\ndef g():\n', '^def (\\w+)', { regex: true }).map((x) => x.line)).toEqual([1, 3]);
    const across = find('a(\n  b)\nc', '\\(\\s+b\\)', { regex: true });
    expect(across).toEqual([{ offset: 1, length: 6, line: 1, column: 2, lineText: 'a(' }]);
  });

  it('an invalid regular expression is an error to show, not a throw', () => {
    const c = q('foo(', { regex: true });
    expect(c.ok).toBe(false);
    expect(!c.ok && c.error).toMatch(/^Not a valid regular expression: .*foo\(/);
    expect(searchFiles([['a.ts', 'foo(']], c)).toEqual({ files: [], truncated: false });
  });

  it('CRLF files: right lines and columns, the line text without its \\r, line breaks kept by a replace', () => {
    const text = 'one\r\ntwo one\r\nthree';
    expect(find(text, 'one').map((x) => [x.line, x.column, x.lineText])).toEqual([
      [1, 1, 'one'],
      [2, 5, 'two one'],
    ]);
    expect(replaceAll(text, 'one', '1')).toBe('1\r\ntwo 1\r\nthree');
  });

  it('zero-length matches end: ^, lookahead, x*', () => {
    expect(find('a\nb\nc', '^', { regex: true }).map((x) => x.line)).toEqual([1, 2, 3]);
    expect(find('abc', '(?=b)', { regex: true })).toHaveLength(1);
    expect(find('abc', 'x*', { regex: true })).toHaveLength(4);
    expect(replaceAll('a\nb', '^', '# ', { regex: true })).toBe('# a\n# b');
    expect(replaceAll('', '^', '# ', { regex: true })).toBe('# ');
  });

  it('replace: groups with a regular expression, literal text without one, one match at a time', () => {
    expect(replaceAll('foo(1) bar(2)', '(\\w+)\\((?<n>\\d)\\)', '$<n>:$1 $$ $&', { regex: true })).toBe('1:foo $ foo(1) 2:bar $ bar(2)');
    expect(replaceAll('a.b a.b', 'a.b', '$1$&')).toBe('$1$& $1$&');
    const text = 'x x x';
    const c = q('x');
    expect(applyEdits(text, replacementEdits(text, c, 'y', 2))).toBe('x y x');
    expect(replacementEdits(text, c, 'y', 1)).toEqual([]);
  });

  it('edits come last first, so applying them one after the other is right', () => {
    const edits = replacementEdits('ab ab ab', q('ab'), 'xyz');
    expect(edits.map((e) => e.offset)).toEqual([6, 3, 0]);
  });

  it('searchFiles groups per file, leaves out files without a match, and stops at the limit', () => {
    const files: [string, string][] = [
      ['a.py', 'x\nx'],
      ['b.py', 'y'],
      ['c.py', 'x x'],
    ];
    const r = searchFiles(files, q('x'));
    expect(r.files.map((f) => [f.path, f.matches.length])).toEqual([
      ['a.py', 2],
      ['c.py', 2],
    ]);
    const cut = searchFiles(files, q('x'), 3);
    expect(cut.truncated).toBe(true);
    expect(cut.files.map((f) => f.matches.length)).toEqual([2, 1]);
    expect(searchFiles(files, q('x'), 4).truncated).toBe(false);
  });
});
