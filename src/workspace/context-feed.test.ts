import { MAX_INDEXED_CHARS } from '../completion/common/workspace-context/workspace-index';
import { describe, expect, it } from 'vitest';
import { Workspace } from './workspace';
import { WorkspaceContextFeed } from './context-feed';

describe('WorkspaceContextFeed', () => {
  it("gives the types check the workspace's current texts, never a file too large to index", () => {
    const ws = new Workspace({
      files: [
        ['src/a.ts', 'export const a = 1;\n'],
        ['src/big.ts', `export const s = "${'x'.repeat(MAX_INDEXED_CHARS)}";\n`],
      ],
      folders: [],
    });
    const feed = new WorkspaceContextFeed(ws);
    expect(feed.files.text('src/a.ts')).toBe('export const a = 1;\n');
    ws.setContent('src/a.ts', 'export const a = 2;\n');
    expect(feed.files.text('src/a.ts')).toBe('export const a = 2;\n');
    expect(feed.files.text('src/big.ts')).toBeUndefined();
    expect(feed.files.text('src/none.ts')).toBeUndefined();
  });

  it('keeps the retrieval index in step with edits, creations, moves and deletes, and the recent lists too', () => {
    const ws = new Workspace({
      files: [
        ['app/main.py', 'from .util import helper\n'],
        ['app/util.py', 'def helper():\n    return 1\n'],
      ],
      folders: [],
    });
    const feed = new WorkspaceContextFeed(ws);
    expect(feed.index.definitionsOf('helper').map((d) => d.file)).toEqual(['app/util.py']);

    ws.setContent('app/util.py', 'def helper2():\n    return 2\n');
    expect(feed.index.definitionsOf('helper')).toEqual([]);
    expect(feed.index.definitionsOf('helper2').map((d) => d.file)).toEqual(['app/util.py']);
    expect(feed.recentlyEdited()).toEqual(['app/util.py']);

    ws.createFile('app/extra.py', 'class Extra:\n    pass\n');
    feed.noteViewed('app/extra.py');
    feed.noteViewed('app/main.py');
    expect(feed.recentlyViewed()).toEqual(['app/main.py', 'app/extra.py']);
    expect(feed.index.definitionsOf('Extra').map((d) => d.file)).toEqual(['app/extra.py']);

    expect(ws.move('app', 'src').ok).toBe(true);
    expect(feed.index.definitionsOf('helper2').map((d) => d.file)).toEqual(['src/util.py']);
    expect(feed.recentlyEdited()).toEqual(['src/util.py']);
    expect(feed.recentlyViewed()).toEqual(['src/main.py', 'src/extra.py']);

    ws.delete('src/extra.py');
    expect(feed.index.definitionsOf('Extra')).toEqual([]);
    expect(feed.recentlyViewed()).toEqual(['src/main.py']);

    // An external change (a diff applied) updates the index but is not the user's edit.
    ws.setContent('src/main.py', 'x = 1\n', 'external');
    expect(feed.recentlyEdited()).toEqual(['src/util.py']);
    feed.dispose();
    ws.setContent('src/util.py', 'def after():\n    pass\n');
    expect(feed.index.definitionsOf('after')).toEqual([]);
  });

  it('a keystroke in an open file only marks it changed: its text is read when retrieval asks', () => {
    const ws = new Workspace({ files: [['a.py', 'def one():\n    pass\n']], folders: [] });
    const feed = new WorkspaceContextFeed(ws);
    let text = 'def one():\n    pass\n';
    let reads = 0;
    ws.attach('a.py', () => {
      reads++;
      return text;
    });
    const before = feed.index.versionExcept('other.py');
    for (const ch of 'def two():\n    pass\n') {
      ws.edit('a.py', [{ offset: text.length, length: 0, text: ch }]);
      text += ch;
    }
    expect(reads).toBe(0);
    expect(feed.index.versionExcept('other.py')).toBeGreaterThan(before);
    expect(feed.index.definitionsOf('two').map((d) => d.file)).toEqual(['a.py']);
    expect(reads).toBe(1);
    feed.dispose();
  });

  it('a file too large to index is never read by retrieval, however often it is typed into', () => {
    const big = 'def big():\n    pass\n' + 'x = 1\n'.repeat(MAX_INDEXED_CHARS / 6 + 1);
    const ws = new Workspace({
      files: [
        ['big.py', big],
        ['util.py', 'def helper():\n    pass\n'],
      ],
      folders: [],
    });
    const feed = new WorkspaceContextFeed(ws);
    let text = big;
    let reads = 0;
    ws.attach(
      'big.py',
      () => {
        reads++;
        return text;
      },
      () => text.length,
    );
    for (const ch of 'def two():\n') {
      ws.edit('big.py', [{ offset: 0, length: 0, text: ch }]);
      text = ch + text;
    }
    expect(feed.index.definitionsOf('helper').map((d) => d.file)).toEqual(['util.py']);
    expect(feed.index.definitionsOf('big')).toEqual([]);
    expect(feed.index.text('big.py')).toBe('');
    expect(reads).toBe(0);
    // Cut back under the limit, it is read and indexed again.
    text = 'def small():\n    pass\n';
    ws.edit('big.py', [{ offset: 0, length: big.length, text }]);
    expect(feed.index.definitionsOf('small').map((d) => d.file)).toEqual(['big.py']);
    expect(reads).toBe(1);
    feed.dispose();
  });
});
