import { describe, expect, it } from 'vitest';
import { pathProblem, normalizePath } from './paths';
import { buildTree, visibleRows } from './tree';
import { Workspace } from './workspace';
import { piecesOf, readAll } from './text-pieces';
import { AutoSaver } from './persistence';
import { LEGACY, readJournal, replayJournal } from './journal';
import { MemoryJournal, MemoryStorage } from '../../testing/workspace/memory-storage';
import { openWorkspace } from './open';

describe('paths', () => {
  it('normalises and refuses names storage and zip files refuse', () => {
    expect(normalizePath('/a//b/./c.py/')).toBe('a/b/c.py');
    expect(pathProblem('src/ok name.py')).toBeUndefined();
    // Each segment is judged as a name.
    expect(pathProblem('src/a:b/c.py')).toContain('"a:b"');
    expect(pathProblem('a:b')).toContain('":"');
    expect(pathProblem('x\u0000y')).toContain('control character');
    expect(pathProblem('..')).toBeDefined();
    expect(pathProblem('CON')).toContain('reserved');
    expect(pathProblem('trailing.')).toContain('ends with');
    expect(pathProblem('a'.repeat(300))).toContain('255 bytes');
    expect(pathProblem('bad\ud800')).toContain('Unicode');
    expect(pathProblem('ünïcødé.py')).toBeUndefined();
  });
});

describe('tree', () => {
  it('nests folders first, counts files, keeps empty folders', () => {
    const t = buildTree(['b.py', 'src/z.py', 'src/a/b.py'], ['empty']);
    expect(t.children.map((c) => c.name)).toEqual(['empty', 'src', 'b.py']);
    expect(t.children[1].children.map((c) => c.path)).toEqual(['src/a', 'src/z.py']);
    expect(t.children[1].fileCount).toBe(2);
    expect(t.fileCount).toBe(3);
  });

  it('lists the rows on screen in order: open folders only, a limit per folder, each with its parent', () => {
    const t = buildTree(['b.py', 'src/z.py', 'src/a/b.py', 'src/a/c.py'], ['empty']);
    const rows = (open: string[], limit?: number) => visibleRows(t, new Set(open), limit).map((r) => `${r.node.path}<${r.parent ?? ''}`);
    expect(rows([])).toEqual(['empty<', 'src<', 'b.py<']);
    expect(rows(['src'])).toEqual(['empty<', 'src<', 'src/a<src', 'src/z.py<src', 'b.py<']);
    expect(rows(['src', 'src/a'])).toEqual([
      'empty<',
      'src<',
      'src/a<src',
      'src/a/b.py<src/a',
      'src/a/c.py<src/a',
      'src/z.py<src',
      'b.py<',
    ]);
    expect(rows(['src/a'])).toEqual(['empty<', 'src<', 'b.py<']); // a closed folder hides an open one inside it
    expect(rows(['src', 'src/a'], 1)).toEqual(['empty<']);
  });
});

describe('Workspace', () => {
  it('creates, renames, moves folders with their files, deletes', () => {
    const ws = new Workspace({ files: [['a.py', 'x']], folders: [] });
    expect(ws.createFile('src/util/b.py', 'y')).toEqual({ ok: true });
    expect(ws.isFolder('src/util')).toBe(true);
    expect(ws.createFile('a.py')).toMatchObject({ ok: false, error: expect.stringContaining('already exists') });
    expect(ws.createFile('a.py/c.py')).toMatchObject({ ok: false, error: expect.stringContaining('is a file') });
    expect(ws.createFile('bad|name.py')).toMatchObject({ ok: false });
    expect(ws.move('src', 'lib')).toEqual({ ok: true });
    expect(ws.read('lib/util/b.py')).toBe('y');
    expect(ws.isFolder('src')).toBe(false);
    expect(ws.move('lib', 'lib/inner')).toMatchObject({ ok: false, error: expect.stringContaining('into itself') });
    expect(ws.move('a.py', 'lib/a2.py')).toEqual({ ok: true });
    expect(ws.delete('lib/util')).toEqual({ ok: true });
    expect(ws.paths()).toEqual(['lib/a2.py']);
    expect(ws.freeName('lib/a2.py')).toBe('lib/a2 (2).py');
  });

  it('a deleted folder comes back with its files, their latest text and its empty folders', () => {
    const ws = new Workspace({
      files: [
        ['src/a.py', 'x'],
        ['src/deep/b.py', 'y'],
        ['top.py', 't'],
      ],
      folders: ['src/empty'],
    });
    ws.attach('src/a.py', () => 'typed, not yet read');
    ws.edit('src/a.py', [{ offset: 0, length: 1, text: 'typed, not yet read' }]);
    const gone = ws.contentsOf('src');
    ws.delete('src');
    expect(ws.paths()).toEqual(['top.py']);
    const changes: string[] = [];
    ws.subscribe((c) => changes.push(c.kind));
    expect(ws.restore(gone)).toEqual({ ok: true });
    expect(changes).toEqual(['created']);
    expect(ws.read('src/a.py')).toBe('typed, not yet read');
    expect(ws.read('src/deep/b.py')).toBe('y');
    expect(ws.isFolder('src/empty')).toBe(true);
  });

  it("an open file's text for a save comes from its source's pieces, never built into one string; a closed file's is its text", () => {
    const ws = new Workspace({
      files: [
        ['a.py', 'x = 1\n'],
        ['b.py', 'y'],
      ],
      folders: [],
    });
    let built = 0;
    const model = ['x = 1\n', 'z = 2\n'];
    ws.attach(
      'a.py',
      () => (built++, model.join('')),
      () => model.join('').length,
      () => piecesOf(model.join('')), // stands for the model's own snapshot
    );
    ws.edit('a.py', [{ offset: 6, length: 0, text: 'z = 2\n' }]);
    const pieces = ws.readPieces('a.py')!;
    expect([pieces.length, readAll(pieces), built]).toEqual([12, 'x = 1\nz = 2\n', 0]);
    expect(readAll(ws.readPieces('b.py')!)).toBe('y');
    expect(ws.readPieces('nope.py')).toBeUndefined();
  });

  it('undoing a delete never overwrites a file created at the same path since', () => {
    const ws = new Workspace({
      files: [
        ['a.py', 'old'],
        ['b.py', 'b'],
      ],
      folders: [],
    });
    const gone = ws.contentsOf('a.py');
    ws.delete('a.py');
    ws.createFile('a.py', 'new');
    expect(ws.restore(gone)).toMatchObject({ ok: false, error: expect.stringContaining('"a.py"') });
    expect(ws.read('a.py')).toBe('new');
  });

  it('putMany adds empty folders, and says so when only folders changed', () => {
    const ws = new Workspace({ files: [['a.py', '']], folders: [] });
    const changes: string[] = [];
    ws.subscribe((c) => changes.push(c.kind));
    ws.putMany([], ['x/y', 'a.py/no']);
    expect(ws.folders().sort()).toEqual(['x', 'x/y']);
    expect(changes).toEqual(['folders']);
  });
});

describe('AutoSaver', () => {
  it('journals every change at once and flushes to the store', async () => {
    const ws = new Workspace({ files: [['a.py', '']], folders: [] });
    const store = new MemoryStorage();
    const journal = new MemoryJournal();
    const saver = new AutoSaver(ws, store, journal, { delayMs: 10_000 });
    const pending = () => replayJournal(undefined, readJournal(journal)).files;
    ws.setContent('a.py', 'typed');
    expect(pending()).toEqual([['a.py', 'typed']]);
    expect(saver.state.state).toBe('saving');
    ws.move('a.py', 'b.py');
    expect(pending()).toEqual([['b.py', 'typed']]);
    await saver.flush();
    expect([...store.files].map(([p, f]) => [p, f.text])).toEqual([['b.py', 'typed']]);
    expect(journal.items.size).toBe(0);
    expect(saver.state.state).toBe('saved');
    saver.dispose();
  });

  it('reports a quota error, keeps the change, retries with the next one', async () => {
    const ws = new Workspace({ files: [['a.py', '']], folders: [] });
    const store = new MemoryStorage();
    const saver = new AutoSaver(ws, store, new MemoryJournal(), { delayMs: 10_000 });
    store.failWith = Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
    ws.setContent('a.py', 'one');
    await saver.flush();
    expect(saver.state).toMatchObject({ state: 'error', message: expect.stringContaining('storage is full') });
    store.failWith = undefined;
    ws.setContent('a.py', 'two');
    await saver.flush();
    expect(store.text('a.py')).toBe('two');
    expect(saver.state.state).toBe('saved');
    saver.dispose();
  });

  it('a journal too small for a change says so, and the store write still waits for the pause', async () => {
    const ws = new Workspace({ files: [['big.txt', '']], folders: [] });
    const journal = new MemoryJournal();
    journal.failWith = new Error('QuotaExceededError');
    const store = new MemoryStorage();
    const saver = new AutoSaver(ws, store, journal, { delayMs: 50 });
    ws.setContent('big.txt', 'x'.repeat(100));
    expect(saver.journalIncomplete).toBe(true);
    expect(saver.state.state).toBe('saving');
    await new Promise((r) => setTimeout(r, 10));
    expect(store.writes).toBe(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(store.text('big.txt')).toBe('x'.repeat(100));
    expect(saver.state.state).toBe('saved');
    expect(saver.journalIncomplete).toBe(false);
    saver.dispose();
  });
});

describe('openWorkspace', () => {
  it('replays the journal over the store, imports legacy files once, else samples', async () => {
    const store = new MemoryStorage();
    const journal = new MemoryJournal();
    let removed = false;
    const legacy = {
      read: () => [{ path: 'main.py', content: 'old' }],
      remove: () => {
        removed = true;
      },
    };
    const first = await openWorkspace(store, journal, legacy);
    expect(first.origin).toBe('legacy');
    expect(removed).toBe(true);
    expect(store.text('main.py')).toBe('old');
    journal.write(LEGACY, JSON.stringify({ files: { 'main.py': 'newer', 'gone.py': null } }));
    const second = await openWorkspace(store, journal, legacy);
    expect(second.origin).toBe('store');
    expect(second.workspace.read('main.py')).toBe('newer');
    expect(store.text('main.py')).toBe('newer');
    expect(journal.items.size).toBe(0);
    const fresh = await openWorkspace(new MemoryStorage(), new MemoryJournal());
    expect(fresh.origin).toBe('samples');
    expect(fresh.workspace.paths()).toContain('python/main.py');
  });
  it('replayJournal applies a legacy record: deletes and overrides', () => {
    const r = replayJournal(
      {
        files: [
          ['a', '1', 0],
          ['b', '2', 0],
        ],
        folders: ['x'],
        foldersSeq: 0,
      },
      { entries: [], legacy: { files: { a: null, b: '3' } } },
    );
    expect({ files: r.files, folders: r.folders }).toEqual({ files: [['b', '3']], folders: ['x'] });
  });
});
