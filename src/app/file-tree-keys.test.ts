import { describe, expect, it } from 'vitest';
import { buildTree, visibleRows } from '../workspace/tree';
import { rowAfterRemoval, treeKeyCommand, typeAheadRow, type TreeKey } from './file-tree-keys';

// src/ (open) holds a.py and lib/ (closed); beside it README.md and setup.py.
const tree = buildTree(['src/a.py', 'src/lib/b.py', 'README.md', 'setup.py']);
const open = new Set(['src']);
const visible = visibleRows(tree, open);
const paths = visible.map((r) => r.node.path);
const at = (path: string) => paths.indexOf(path);
const key = (k: string, mods: Partial<TreeKey> = {}): TreeKey => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});
const press = (k: string, path: string, mods?: Partial<TreeKey>) => treeKeyCommand(key(k, mods), visible, at(path), open.has(path));

describe('file tree keys', () => {
  it('the rows on screen are the ones the keys walk', () => {
    expect(paths).toEqual(['src', 'src/lib', 'src/a.py', 'README.md', 'setup.py']);
  });
  it('up and down move one row and stop at the ends; Home and End jump', () => {
    expect(press('ArrowDown', 'src')).toEqual({ kind: 'focus', path: 'src/lib' });
    expect(press('ArrowDown', 'setup.py')).toEqual({ kind: 'none' });
    expect(press('ArrowUp', 'src')).toEqual({ kind: 'none' });
    expect(press('ArrowUp', 'README.md')).toEqual({ kind: 'focus', path: 'src/a.py' });
    expect(press('Home', 'setup.py')).toEqual({ kind: 'focus', path: 'src' });
    expect(press('End', 'src')).toEqual({ kind: 'focus', path: 'setup.py' });
  });
  it('right opens a closed folder, then goes into it; left closes, then goes up', () => {
    expect(press('ArrowRight', 'src/lib')).toEqual({ kind: 'toggle', path: 'src/lib' });
    expect(press('ArrowRight', 'src')).toEqual({ kind: 'focus', path: 'src/lib' });
    expect(press('ArrowRight', 'README.md')).toEqual({ kind: 'none' });
    expect(press('ArrowLeft', 'src')).toEqual({ kind: 'toggle', path: 'src' });
    expect(press('ArrowLeft', 'src/a.py')).toEqual({ kind: 'focus', path: 'src' });
    expect(press('ArrowLeft', 'README.md')).toEqual({ kind: 'none' });
  });
  it('Enter and Space activate, F2 renames, Delete deletes, Ctrl/Cmd+Z undoes', () => {
    expect(press('Enter', 'README.md')).toMatchObject({ kind: 'activate', node: { path: 'README.md' } });
    expect(press(' ', 'src')).toMatchObject({ kind: 'activate', node: { path: 'src' } });
    expect(press('F2', 'setup.py')).toEqual({ kind: 'rename', path: 'setup.py' });
    expect(press('Delete', 'src/lib')).toEqual({ kind: 'delete', path: 'src/lib' });
    expect(press('z', 'src', { ctrlKey: true })).toEqual({ kind: 'undo-delete' });
    expect(press('Z', 'src', { metaKey: true })).toEqual({ kind: 'undo-delete' });
    expect(press('z', 'src', { ctrlKey: true, shiftKey: true })).toBeUndefined();
  });
  it('a letter goes to the next row starting with it, wrapping around; other keys stay the page’s', () => {
    expect(press('s', 'src')).toEqual({ kind: 'focus', path: 'setup.py' });
    expect(press('l', 'src')).toEqual({ kind: 'focus', path: 'src/lib' });
    expect(press('S', 'README.md')).toEqual({ kind: 'focus', path: 'setup.py' });
    expect(press('s', 'setup.py')).toEqual({ kind: 'focus', path: 'src' });
    expect(press('q', 'src')).toEqual({ kind: 'none' });
    expect(press('s', 'src', { ctrlKey: true })).toBeUndefined();
    expect(press('Tab', 'src')).toBeUndefined();
    expect(typeAheadRow(visible, at('src/a.py'), 'r')?.node.path).toBe('README.md');
  });
  it('after a delete, focus goes to the row below what went away, or above it at the end', () => {
    expect(rowAfterRemoval(visible, 'src')).toBe('README.md');
    expect(rowAfterRemoval(visible, 'src/a.py')).toBe('README.md');
    expect(rowAfterRemoval(visible, 'setup.py')).toBe('README.md');
    expect(rowAfterRemoval(visible.slice(0, 1), 'src')).toBeUndefined();
  });
});
