import { describe, expect, it } from 'vitest';
import { AutoSaver, WHOLE_TEXT_JOURNAL_CHARS } from './persistence';
import { LEGACY, readJournal, replayJournal } from './journal';
import { openWorkspace } from './open';
import { applyEdits, EditableText, type TextEdit } from './text-edits';
import { MemoryJournal, MemoryStorage } from '../../testing/workspace/memory-storage';
import { Workspace } from './workspace';

// Over 512 KB a file's whole-text copy is a long task (docs/performance.md).
const LARGE_WRITE_CHARS = 512 * 1024;

/** Small seeded generator (mulberry32): a failure names its seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const ALPHABET = [...'ab \n\té中😀"\\{'];
  const text = (max: number) => Array.from({ length: int(max + 1) }, () => ALPHABET[int(ALPHABET.length)]).join('');
  return { next, int, text };
}

/** One change event as Monaco gives it: non-overlapping ranges of the text before it, from the end of the text to its start. */
function randomEvent(r: ReturnType<typeof rng>, length: number): TextEdit[] {
  const n = 1 + r.int(r.next() < 0.7 ? 1 : 4);
  const cuts = Array.from({ length: 2 * n }, () => r.int(length + 1)).sort((a, b) => a - b);
  const edits: TextEdit[] = [];
  for (let i = 0; i < n; i++) {
    const [from, to] = [cuts[2 * i], cuts[2 * i + 1]];
    edits.push({ offset: from, length: r.next() < 0.6 ? 0 : to - from, text: r.text(r.next() < 0.1 ? 40 : 3) });
  }
  return edits.filter((e) => e.length || e.text).reverse();
}

/** What a reload would show: the journal replayed over a copy of the store, neither touched. */
async function reloaded(store: MemoryStorage, journal: MemoryJournal): Promise<Map<string, string>> {
  return new Map(replayJournal(await store.load(), readJournal(journal)).files);
}

/** A workspace with one open file whose live text is an editor-like model. */
function openFile(text: string) {
  const ws = new Workspace({ files: [['f.py', text]], folders: [] });
  const model = { text };
  ws.attach('f.py', () => model.text);
  const type = (edits: TextEdit[]) => {
    model.text = applyEdits(model.text, edits);
    ws.edit('f.py', edits);
  };
  return { ws, model, type };
}

describe("Monaco's change events", () => {
  it('applied in the order given, against the text before the event, give the model text (multi-cursor edits)', async () => {
    const base = '../../node_modules/monaco-editor/esm/vs/editor/common/';
    const { PieceTreeTextBufferBuilder } = await import(`${base}model/pieceTreeTextBuffer/pieceTreeTextBufferBuilder.js`);
    const { Range } = await import(`${base}core/range.js`);
    const r = rng(7);
    for (let round = 0; round < 200; round++) {
      // Monaco never splits a surrogate pair (it moves such a range's ends), so none here.
      const start = r.text(60).replace(/😀/g, '');
      const builder = new PieceTreeTextBufferBuilder();
      builder.acceptChunk(start);
      const buffer = builder.finish(true).create(1).textBuffer;
      // Several cursors typing or deleting at once, given in no particular order (Monaco sorts them).
      const ops = randomEvent(r, start.length)
        .sort(() => r.next() - 0.5)
        .map((e) => {
          const s = buffer.getPositionAt(e.offset);
          const t = buffer.getPositionAt(e.offset + e.length);
          return { range: new Range(s.lineNumber, s.column, t.lineNumber, t.column), text: e.text.replace(/😀/g, '') };
        });
      const result = buffer.applyEdits(ops, false, false);
      const edits = result.changes.map((c: { rangeOffset: number; rangeLength: number; text: string }) => ({
        offset: c.rangeOffset,
        length: c.rangeLength,
        text: c.text,
      }));
      const value = buffer.getLinesContent().join('\n');
      expect(applyEdits(start, edits), `round ${round}`).toBe(value);
      const big = new EditableText(start);
      expect(big.apply(edits)).toBe(true);
      expect(big.toString()).toBe(value);
    }
  });
});

describe('EditableText', () => {
  it('matches plain string edits across chunk boundaries, and refuses edits that do not fit', () => {
    const r = rng(3);
    let plain = 'x'.repeat(200_000);
    const chunked = new EditableText(plain);
    for (let i = 0; i < 500; i++) {
      const edits = randomEvent(r, plain.length).map((e) =>
        i % 50 === 0 ? { ...e, length: Math.min(plain.length - e.offset, 70_000) } : e,
      );
      const fit = edits.every((e, k) => k === 0 || e.offset + e.length <= edits[k - 1].offset);
      if (!fit) continue;
      plain = applyEdits(plain, edits);
      expect(chunked.apply(edits)).toBe(true);
    }
    expect(chunked.toString()).toBe(plain);
    expect(chunked.apply([{ offset: plain.length + 1, length: 0, text: 'x' }])).toBe(false);
    expect(chunked.toString()).toBe(plain);
  });
});

describe('journaled edits', () => {
  it('random edit sequences, flushes (some in flight, some failing) and reloads at any point give the exact text', async () => {
    for (let seed = 1; seed <= 40; seed++) {
      const r = rng(seed);
      const store = new MemoryStorage();
      const journal = new MemoryJournal();
      const first = await openWorkspace(store, journal, undefined, { files: [['f.py', r.text(50)]], folders: [] });
      first.saver.dispose();
      const { ws, model, type } = openFile(first.workspace.read('f.py')!);
      const saver = new AutoSaver(ws, store, journal, { delayMs: 60_000, lastSeq: 1_000 });
      let inFlight: Promise<void> | undefined;
      let release: (() => void) | undefined;
      for (let step = 0; step < 120; step++) {
        const roll = r.next();
        if (roll < 0.7) type(randomEvent(r, model.text.length));
        else if (roll < 0.78 && !inFlight) {
          // A store write held in flight while more edits arrive.
          store.hold = new Promise((res) => {
            release = res;
          });
          inFlight = saver.flush();
        } else if (roll < 0.86 && inFlight) {
          store.hold = undefined;
          release!();
          await inFlight;
          inFlight = undefined;
        } else if (roll < 0.92 && !inFlight) {
          store.failWith = r.next() < 0.5 ? new Error('disk on fire') : undefined;
          await saver.flush();
          store.failWith = undefined;
        } else {
          const seen = await reloaded(store, journal);
          expect(seen.get('f.py'), `seed ${seed} step ${step}`).toBe(model.text);
        }
      }
      if (inFlight) {
        store.hold = undefined;
        release!();
        await inFlight;
      }
      expect((await reloaded(store, journal)).get('f.py'), `seed ${seed}`).toBe(model.text);
      // And the app's own load path.
      const again = await openWorkspace(store, journal);
      expect(again.workspace.read('f.py'), `seed ${seed}`).toBe(model.text);
      expect(again.saver.state.state).toBe('saved');
      expect(journal.items.size, 'compacted after the store write').toBe(0);
      again.saver.dispose();
      saver.dispose();
    }
  });

  it('a store write in flight: the edits after it stay in the journal, those it covered are removed', async () => {
    const { ws, model, type } = openFile('hello');
    const store = new MemoryStorage();
    const journal = new MemoryJournal();
    const saver = new AutoSaver(ws, store, journal, { delayMs: 60_000 });
    type([{ offset: 5, length: 0, text: ' world' }]);
    let release!: () => void;
    store.hold = new Promise((res) => {
      release = res;
    });
    const flushing = saver.flush();
    type([{ offset: 0, length: 1, text: 'H' }]);
    type([{ offset: 11, length: 0, text: '!' }]);
    release();
    await flushing;
    expect(store.text('f.py')).toBe('hello world');
    expect(journal.items.size).toBe(2);
    expect(saver.state.state).toBe('saving');
    expect((await reloaded(store, journal)).get('f.py')).toBe('Hello world!');
    await saver.flush();
    expect(store.text('f.py')).toBe(model.text);
    expect(journal.items.size).toBe(0);
    expect(saver.state.state).toBe('saved');
    saver.dispose();
  });

  it('a failed store write keeps the journal; later edits add to it; the next write catches up', async () => {
    const { ws, model, type } = openFile('abc');
    const store = new MemoryStorage();
    const journal = new MemoryJournal();
    const saver = new AutoSaver(ws, store, journal, { delayMs: 60_000 });
    saver.markAllDirty();
    await saver.flush();
    type([{ offset: 3, length: 0, text: 'd' }]);
    store.failWith = Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
    await saver.flush();
    expect(saver.state).toMatchObject({ state: 'error', message: expect.stringContaining('storage is full') });
    type([{ offset: 0, length: 1, text: '' }]);
    expect((await reloaded(store, journal)).get('f.py')).toBe('bcd');
    store.failWith = undefined;
    await saver.flush();
    expect(store.text('f.py')).toBe(model.text);
    expect(journal.items.size).toBe(0);
    expect(saver.state.state).toBe('saved');
    saver.dispose();
  });

  it('a keystroke in a 5 MB file writes a few bytes to the journal, and the file is not read', async () => {
    const big = 'x = 1\n'.repeat(900_000);
    const ws = new Workspace({ files: [['big.py', big]], folders: [] });
    let reads = 0;
    const model = { text: big };
    ws.attach('big.py', () => {
      reads++;
      return model.text;
    });
    const store = new MemoryStorage();
    const journal = new MemoryJournal();
    const saver = new AutoSaver(ws, store, journal, { delayMs: 60_000 });
    const edit = { offset: 3_000_000, length: 0, text: 'y' };
    model.text = applyEdits(model.text, [edit]);
    ws.edit('big.py', [edit]);
    expect(journal.charsWritten).toBeLessThan(40);
    expect(reads).toBe(0);
    expect((await reloaded(store, journal)).has('big.py')).toBe(false); // the store has no base yet: the edit waits for it
    await saver.flush();
    expect(reads).toBe(1);
    expect(store.text('big.py')).toBe(model.text);
    saver.dispose();
  });

  it('the journal refusing a change (quota): later edits are not journaled against a gap, the store write waits for the pause, and catches up', async () => {
    const { ws, model, type } = openFile('0123456789');
    const store = new MemoryStorage();
    store.files.set('f.py', { text: '0123456789', seq: 0 });
    const journal = new MemoryJournal();
    const saver = new AutoSaver(ws, store, journal, { delayMs: 40 });
    type([{ offset: 10, length: 0, text: 'a' }]);
    const journaled = model.text;
    journal.quota = 0;
    type([{ offset: 11, length: 0, text: 'b'.repeat(50) }]);
    journal.quota = Infinity;
    type([{ offset: 0, length: 1, text: '' }]);
    expect(saver.journalIncomplete).toBe(true);
    expect(saver.state.state).toBe('saving');
    expect(store.writes).toBe(0);
    // A reload now shows the last text the journal could hold, never edits applied to the wrong text.
    expect((await reloaded(store, journal)).get('f.py')).toBe(journaled);
    await new Promise((r) => setTimeout(r, 120));
    expect(store.writes).toBe(1);
    expect(store.text('f.py')).toBe(model.text);
    expect(saver.journalIncomplete).toBe(false);
    expect(saver.state.state).toBe('saved');
    type([{ offset: 0, length: 0, text: 'z' }]);
    expect((await reloaded(store, journal)).get('f.py')).toBe(model.text);
    saver.dispose();
  });

  it('a large file waits for a longer pause before its store write while the journal holds its edits, and the usual one when it does not', async () => {
    const big = 'x = 1\n'.repeat(LARGE_WRITE_CHARS / 6 + 10);
    const { ws, model, type } = openFile(big);
    const store = new MemoryStorage();
    store.files.set('f.py', { text: big, seq: 0 });
    const journal = new MemoryJournal();
    const saver = new AutoSaver(ws, store, journal, { delayMs: 20, largeDelayMs: 400 });
    type([{ offset: 0, length: 0, text: 'a' }]);
    await new Promise((r) => setTimeout(r, 150));
    expect(store.writes).toBe(0);
    expect((await reloaded(store, journal)).get('f.py')).toBe(model.text);
    await new Promise((r) => setTimeout(r, 400));
    expect(store.writes).toBe(1);
    expect(store.text('f.py')).toBe(model.text);

    // The journal refuses: only the store will have the change, so it is written after the usual pause.
    journal.quota = 0;
    type([{ offset: 0, length: 0, text: 'b' }]);
    await new Promise((r) => setTimeout(r, 150));
    expect(store.writes).toBe(2);
    expect(store.text('f.py')).toBe(model.text);
    saver.dispose();
  });

  it('files imported in bulk (a clone) beyond the journal quota go to the store only: typing keeps its journal, and a reload is exact', async () => {
    const { ws, model, type } = openFile('typed');
    ws.createFile('repo/a.py', 'old a');
    const store = new MemoryStorage();
    const journal = new MemoryJournal();
    const saver = new AutoSaver(ws, store, journal, { delayMs: 60_000 });
    saver.markAllDirty();
    await saver.flush();
    // Like localStorage's budget: the imported files together are many times what the journal may hold.
    journal.quota = 20_000;
    const files: [string, string][] = Array.from({ length: 100 }, (_, i) => [`repo/f${i}.py`, `${i}\n`.repeat(1000)]);
    ws.putMany([...files, ['repo/a.py', 'new a']], [], { imported: true });
    expect(journal.charsWritten).toBeLessThan(2_000);
    // The user types on: the edits are journaled (a reload before the store write keeps them), the journal has room.
    type([{ offset: 0, length: 0, text: 'still ' }]);
    expect(saver.journalIncomplete).toBe(true);
    let seen = await reloaded(store, journal);
    expect(seen.get('f.py')).toBe('still typed');
    // Before the store write a reload shows the workspace as it was before the import, never half of it applied.
    expect(seen.get('repo/a.py')).toBe('old a');
    expect(seen.has('repo/f0.py')).toBe(false);
    // The first edit to a small imported file before the store write journals its whole text (never the edit
    // against the old text): what was typed survives a reload, the file as the user saw it.
    ws.edit('repo/a.py', [{ offset: 0, length: 0, text: '#' }]);
    expect((await reloaded(store, journal)).get('repo/a.py')).toBe('#new a');
    ws.edit('repo/a.py', [{ offset: 1, length: 0, text: '!' }]);
    expect((await reloaded(store, journal)).get('repo/a.py')).toBe('#!new a');
    // The other imported files are still not in the journal.
    expect((await reloaded(store, journal)).has('repo/f0.py')).toBe(false);
    await saver.flush();
    expect(saver.journalIncomplete).toBe(false);
    expect(saver.state.state).toBe('saved');
    seen = await reloaded(store, journal);
    expect(seen.get('repo/a.py')).toBe('#!new a');
    expect(seen.get('repo/f99.py')).toBe(files[99][1]);
    expect(seen.get('f.py')).toBe(model.text);
    expect(journal.items.size).toBe(0);
    // Once stored, typing in an imported file is journaled again.
    ws.edit('repo/f0.py', [{ offset: 0, length: 0, text: '>' }]);
    expect((await reloaded(store, journal)).get('repo/f0.py')).toBe('>' + files[0][1]);
    saver.dispose();
  });

  it('a large file that arrived in bulk: a keystroke journals a few bytes, applied on a reload once the store has the arrival, never to the text before it', async () => {
    const { ws } = openFile('typed');
    ws.createFile('repo/big.py', 'old big\n');
    const store = new MemoryStorage();
    const journal = new MemoryJournal();
    const saver = new AutoSaver(ws, store, journal, { delayMs: 60_000 });
    saver.markAllDirty();
    await saver.flush();
    const big = 'x = 1\n'.repeat(WHOLE_TEXT_JOURNAL_CHARS / 6 + 10);
    ws.putMany([['repo/big.py', big]], [], { imported: true });
    let reads = 0;
    const model = { text: big };
    ws.attach(
      'repo/big.py',
      () => {
        reads++;
        return model.text;
      },
      () => model.text.length,
    );
    const type = (edit: TextEdit) => {
      model.text = applyEdits(model.text, [edit]);
      ws.edit('repo/big.py', [edit]);
    };
    const before = journal.charsWritten;
    type({ offset: 6, length: 0, text: 'y = 2\n' });
    expect(journal.charsWritten - before).toBeLessThan(60);
    expect(reads).toBe(0);
    // The store does not have the arrival: a reload shows the file from before it, without the edit applied to it.
    expect((await reloaded(store, journal)).get('repo/big.py')).toBe('old big\n');

    // The arrival's store write is in flight while the typing goes on; once it lands, a reload has every key.
    let release!: () => void;
    store.hold = new Promise((r) => (release = r));
    const inFlight = saver.flush();
    type({ offset: 0, length: 0, text: '# ' });
    type({ offset: model.text.length, length: 0, text: 'end\n' });
    expect(journal.charsWritten - before).toBeLessThan(200);
    expect((await reloaded(store, journal)).get('repo/big.py')).toBe('old big\n');
    release();
    await inFlight;
    store.hold = undefined;
    expect(store.writes).toBe(2);
    expect((await reloaded(store, journal)).get('repo/big.py')).toBe(model.text);
    // From here on it is a file like any other.
    type({ offset: 0, length: 0, text: '>' });
    expect((await reloaded(store, journal)).get('repo/big.py')).toBe(model.text);
    await saver.flush();
    expect(store.text('repo/big.py')).toBe(model.text);
    expect(journal.items.size).toBe(0);
    saver.dispose();
  });

  it('a small imported file whose whole text the journal refuses: its edits wait for the arrival in the store, and the whole text is not tried again on every key', async () => {
    const { ws } = openFile('typed');
    const store = new MemoryStorage();
    const journal = new MemoryJournal();
    const saver = new AutoSaver(ws, store, journal, { delayMs: 60_000 });
    await saver.flush();
    const text = 'z = 3\n'.repeat(1000);
    ws.putMany([['repo/c.py', text]], [], { imported: true });
    journal.quota = 1_000;
    const [written, tried] = [journal.charsWritten, journal.charsAttempted];
    ws.edit('repo/c.py', [{ offset: 0, length: 0, text: '1' }]);
    ws.edit('repo/c.py', [{ offset: 0, length: 0, text: '2' }]);
    expect(journal.charsWritten - written).toBeLessThan(100);
    expect(journal.charsAttempted - tried).toBeGreaterThan(text.length);
    expect(journal.charsAttempted - tried).toBeLessThan(2 * text.length);
    expect((await reloaded(store, journal)).has('repo/c.py')).toBe(false);
    let release!: () => void;
    store.hold = new Promise((r) => (release = r));
    const inFlight = saver.flush();
    ws.edit('repo/c.py', [{ offset: 0, length: 0, text: '3' }]);
    release();
    await inFlight;
    store.hold = undefined;
    expect((await reloaded(store, journal)).get('repo/c.py')).toBe(`321${text}`);
    saver.dispose();
  });

  it('an edit that names a bulk arrival is applied over a text at least that new, and skipped over an older one', () => {
    const journal = new MemoryJournal();
    journal.write('5:a.py', JSON.stringify({ e: [[0, 0, '#']], a: 4 }));
    journal.write('6:a.py', JSON.stringify({ e: [[1, 0, '!']] }));
    const contents = readJournal(journal);
    const replay = (seq: number) => new Map(replayJournal({ files: [['a.py', 'text', seq]], folders: [], foldersSeq: 0 }, contents).files);
    expect(replay(4).get('a.py')).toBe('#!text');
    expect(replay(3).get('a.py')).toBe('text');
    expect(replayJournal({ files: [['a.py', 'text', 3]], folders: [], foldersSeq: 0 }, contents).touched).toEqual(['a.py']);
    journal.write('7:a.py', JSON.stringify({ e: [[0, 0, 'x']], a: 'late' }));
    expect(readJournal(journal).entries.map((e) => e.seq)).toEqual([5, 6]);
  });

  it('creates, renames, deletes and external changes are whole texts; a reload after any of them is exact', async () => {
    const { ws, model, type } = openFile('one');
    const store = new MemoryStorage();
    const journal = new MemoryJournal();
    const saver = new AutoSaver(ws, store, journal, { delayMs: 60_000 });
    await saver.flush();
    type([{ offset: 3, length: 0, text: ' two' }]);
    ws.createFile('src/new.py', 'new');
    ws.move('f.py', 'src/moved.py');
    type([{ offset: 0, length: 0, text: '>' }]); // not seen: the workspace moved the live source with the file
    ws.edit('src/moved.py', [{ offset: 0, length: 0, text: '>' }]);
    model.text = '>' + model.text;
    ws.setContent('src/new.py', 'replaced', 'external');
    ws.delete('src/new.py');
    ws.createFile('src/new.py', 'again');
    let seen = await reloaded(store, journal);
    expect([...seen].sort()).toEqual([
      ['src/moved.py', '>one two'],
      ['src/new.py', 'again'],
    ]);
    expect(replayJournal(await store.load(), readJournal(journal)).folders).toContain('src');
    await saver.flush();
    seen = await reloaded(store, journal);
    expect(seen.get('src/moved.py')).toBe(model.text);
    expect(journal.items.size).toBe(0);
    saver.dispose();
  });
});

describe('migration', () => {
  it('a store from before sequence numbers and a legacy journal record load, and are rewritten in the new format', async () => {
    const store = new MemoryStorage();
    store.files.set('a.py', { text: 'stored a', seq: 0 });
    store.files.set('b.py', { text: 'stored b', seq: 0 });
    store.folders = ['empty'];
    const journal = new MemoryJournal();
    journal.write(LEGACY, JSON.stringify({ files: { 'a.py': 'journaled a', 'b.py': null, 'c.py': 'new c' }, folders: ['empty', 'other'] }));
    const opened = await openWorkspace(store, journal);
    expect(opened.origin).toBe('store');
    expect(opened.workspace.snapshot().files.sort()).toEqual([
      ['a.py', 'journaled a'],
      ['c.py', 'new c'],
    ]);
    expect(opened.workspace.isFolder('other')).toBe(true);
    expect(journal.items.size).toBe(0);
    expect(store.files.get('a.py')).toEqual({ text: 'journaled a', seq: expect.any(Number) });
    expect(store.files.has('b.py')).toBe(false);
    // The next session's edits build on it.
    opened.workspace.edit('a.py', [{ offset: 0, length: 0, text: '#' }]);
    expect((await reloaded(store, journal)).get('a.py')).toBe('#journaled a');
    opened.saver.dispose();
  });

  it('a legacy record is kept until a store write succeeds', async () => {
    const store = new MemoryStorage();
    store.files.set('a.py', { text: 'stored', seq: 0 });
    const journal = new MemoryJournal();
    journal.write(LEGACY, JSON.stringify({ files: { 'a.py': 'journaled' } }));
    store.failWith = new Error('no');
    const opened = await openWorkspace(store, journal);
    expect(opened.saver.state.state).toBe('error');
    expect(journal.items.has(LEGACY)).toBe(true);
    opened.workspace.edit('a.py', [{ offset: 9, length: 0, text: '!' }]);
    expect((await reloaded(store, journal)).get('a.py')).toBe('journaled!');
    store.failWith = undefined;
    await opened.saver.flush();
    expect(store.text('a.py')).toBe('journaled!');
    expect(journal.items.size).toBe(0);
    opened.saver.dispose();
  });

  it('a journal entry the store already covers (the page closed before compaction) is not applied again, and is removed', async () => {
    const store = new MemoryStorage();
    store.files.set('a.py', { text: 'ab', seq: 5 });
    const journal = new MemoryJournal();
    journal.write('4:a.py', JSON.stringify({ e: [[1, 0, 'X']] }));
    journal.write('6:a.py', JSON.stringify({ e: [[2, 0, 'c']] }));
    const opened = await openWorkspace(store, journal);
    expect(opened.workspace.read('a.py')).toBe('abc');
    expect(journal.items.size).toBe(0);
    // New numbers continue after the highest seen.
    opened.workspace.edit('a.py', [{ offset: 0, length: 0, text: '>' }]);
    expect([...journal.items.keys()]).toEqual([expect.stringMatching(/^(\d+):a\.py$/)]);
    expect(Number([...journal.items.keys()][0].split(':')[0])).toBeGreaterThan(6);
    opened.saver.dispose();
  });
});
