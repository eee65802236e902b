// The name map of the workspace's definitions: a request leaves out the file
// it is made in, so a keystroke there neither reads that file again nor scans
// it for definitions only to drop them.
import { describe, expect, it } from 'vitest';
import { WorkspaceIndex } from './workspace-index';

describe('WorkspaceIndex.definitionsOf', () => {
  it('leaves out the asking file, unread while it changes, and finds its new definitions for anyone else', () => {
    const index = new WorkspaceIndex([
      { path: 'a.py', text: 'def helper(x):\n    return x\n' },
      { path: 'b.py', text: 'def other(y):\n    return y\n' },
    ]);
    expect(index.definitionsOf('helper').map((d) => d.file)).toEqual(['a.py']);
    let reads = 0;
    const next = 'def other(y):\n    return y\n\ndef helper(z):\n    return z\n';
    index.changed('b.py', () => {
      reads++;
      return next;
    });
    // Asked from b.py: a.py's definition, and b.py is not read.
    expect(index.definitionsOf('helper', 'b.py').map((d) => d.file)).toEqual(['a.py']);
    expect(index.definitionsOf('other', 'b.py')).toEqual([]);
    expect(reads).toBe(0);
    // Asked from elsewhere: b.py's new text is read once, and its new definition is there.
    expect(
      index
        .definitionsOf('helper', 'a.py')
        .map((d) => [d.file, d.line])
        .sort(),
    ).toEqual([['b.py', 3]]);
    expect(reads).toBe(1);
    expect(
      index
        .definitionsOf('helper')
        .map((d) => d.file)
        .sort(),
    ).toEqual(['a.py', 'b.py']);
  });

  it('a deleted file’s definitions go, whoever asks', () => {
    const index = new WorkspaceIndex([
      { path: 'a.py', text: 'def helper(x):\n    return x\n' },
      { path: 'b.py', text: 'def helper(y):\n    return y\n' },
    ]);
    expect(index.definitionsOf('helper')).toHaveLength(2);
    index.delete('b.py');
    expect(index.definitionsOf('helper', 'a.py')).toEqual([]);
    expect(index.definitionsOf('helper').map((d) => d.file)).toEqual(['a.py']);
  });
});
