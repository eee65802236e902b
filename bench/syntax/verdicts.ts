// Every verdict of the edit-state corpus and the dev benchmark tasks,
// through the live path and the whole-text check, one JSON line per case
// (no timings), for a case-by-case diff between two codes:
//   ROOT=/path/to/base/worktree npx tsx bench/syntax/verdicts.ts /tmp/base.jsonl
//   npx tsx bench/syntax/verdicts.ts /tmp/new.jsonl && cmp /tmp/base.jsonl /tmp/new.jsonl
// Parses in one go (sliceMs Infinity): a paused parse can recover
// differently, which would make the comparison depend on the load.
import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import type { SyntaxVerdict } from '../../src/vocabulary';
import { corpusStates, loadCorpus } from '../../testing/syntax/edit-states-corpus';
import { loadAllTasks, loadSafimCsharp } from '../../testing/syntax/bench-tasks';

const { positionals } = parseArgs({ allowPositionals: true, strict: true });
if (positionals.length !== 1) throw new Error('usage: [ROOT=/path/to/a/worktree] npx tsx bench/syntax/verdicts.ts OUT.jsonl');
const ROOT = process.env.ROOT ?? new URL('../..', import.meta.url).pathname;
const { LiveDocuments } = await import(`${ROOT}/src/syntax/live-documents.ts`);
const { createNodeValidator } = await import(`${ROOT}/src/syntax/node-runtime.ts`);
const out = createWriteStream(positionals[0]);
const opts = { sliceMs: Infinity };
const liveValidator = createNodeValidator(opts);
const docs = new LiveDocuments(liveValidator);
const full = createNodeValidator(opts);
let version = 0;
const line = (key: string, v: SyntaxVerdict) =>
  out.write(
    JSON.stringify({ key, c: v.checked, v: v.valid, e: v.errors, p: v.preexistingErrors, r: v.uncheckedReason, o: v.checkedOn }) + '\n',
  );

async function both(key: string, language: string, prefix: string, suffix: string, middles: string[]): Promise<void> {
  const id = ++version;
  await docs.openDocument('doc', language, prefix + suffix, id);
  for (const [i, completion] of middles.entries())
    line(`live ${key} ${i}`, await docs.validate({ language, prefix, completion, suffix, documentId: 'doc', version: id }, Infinity));
  for (const [i, completion] of middles.entries()) line(`full ${key} ${i}`, await full.validate({ language, prefix, completion, suffix }));
}

let n = 0;
for (const [ti, t] of loadCorpus().entries()) {
  for (const [si, s] of corpusStates(t).entries()) {
    const middles = [...t.good, ...t.bad.map((b) => b.middle)];
    await both(`corpus ${t.language} ${ti}.${si}`, t.language, s.prefix, s.suffix, middles);
    n += middles.length;
  }
}
console.log(`corpus: ${n} cases`);
const bench = [...loadAllTasks(), ...loadSafimCsharp()];
for (const t of bench) await both(`bench ${t.set} ${t.id}`, t.language, t.prefix, t.suffix, [t.middle]);
console.log(`bench: ${bench.length} tasks`);
out.end();
