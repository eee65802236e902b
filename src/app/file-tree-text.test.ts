import { describe, expect, it } from 'vitest';
import { buildTree } from '../workspace/tree';
import { deletedCountText, fileCountText, rowLabel } from './file-tree-text';

describe('file tree text', () => {
  it('a folder row says how many files it holds; a file row is its name', () => {
    const [one, src, top] = buildTree(['src/a.py', 'src/b.py', 'one/x.py', 'top.py']).children;
    expect(rowLabel(one)).toBe('one, folder, 1 file');
    expect(rowLabel(src)).toBe('src, folder, 2 files');
    expect(rowLabel(top)).toBe('top.py');
  });
  it('the count line says how many files, or how many the filter matches, with thousands separated', () => {
    expect(fileCountText(false, 0, 1)).toBe('1 file');
    expect(fileCountText(false, 0, 12345)).toBe('12,345 files');
    expect(fileCountText(true, 3, 1200)).toBe('3 of 1,200 files match');
  });
  it('the undo notice counts the files of a folder, and says nothing more for one file', () => {
    expect(deletedCountText({ files: [['a.py', '']], folders: [] })).toBe('');
    expect(deletedCountText({ files: [['d/a.py', '']], folders: ['d'] })).toBe(' (1 file)');
    expect(deletedCountText({ files: [], folders: ['d'] })).toBe(' (0 files)');
    expect(
      deletedCountText({
        files: [
          ['a', ''],
          ['b', ''],
        ],
        folders: [],
      }),
    ).toBe(' (2 files)');
  });
});
