// The autosave's main-thread cost per keystroke in a large file, without a
// browser: a workspace with one open file (its live text an editor-like
// model), the saver with an in-memory journal that takes strings as
// localStorage does, and a store that never finishes a write during the run
// (the keystrokes come faster than the debounce). Prints the time per
// keystroke and the characters journaled per keystroke.
//
//   npx tsx testing/workspace/saver-bench.ts [megabytes] [keys]
import { parseArgs } from 'node:util';
import { AutoSaver, EditableText, Workspace } from '../../src/workspace';
import { MemoryJournal, MemoryStorage } from './memory-storage';

const { positionals } = parseArgs({ allowPositionals: true, strict: true });
const megabytes = Number(positionals[0] ?? 5);
const keys = Number(positionals[1] ?? 200);

const line = 'def handler(request, *args):  # "quoted" \\ text\n';
const big = line.repeat(Math.ceil((megabytes * 1_000_000) / line.length));
const ws = new Workspace({ files: [['big.py', big]], folders: [] });
// Chunked like Monaco's piece tree, so the model's own edit costs little and is not timed.
const model = new EditableText(big);
ws.attach('big.py', () => model.toString());
const journal = new MemoryJournal();
const store = new MemoryStorage();
store.hold = new Promise(() => {});
const saver = new AutoSaver(ws, store, journal, { delayMs: 60_000, maxDelayMs: 60_000 });

let offset = Math.floor(big.length / 2);
let spent = 0;
for (let i = 0; i < keys; i++) {
  const edit = { offset: offset++, length: 0, text: 'x' };
  model.apply([edit]);
  const t = performance.now();
  ws.edit('big.py', [edit]);
  spent += performance.now() - t;
}
console.log(
  `${(big.length / 1e6).toFixed(1)} MB, ${keys} keystrokes: ${(spent / keys).toFixed(4)} ms per keystroke in the workspace and saver, ${(journal.charsWritten / keys).toFixed(0)} characters journaled per keystroke`,
);
saver.dispose();
