// Side by side: the live check's time per case on the edit-state corpus,
// the base commit's code (BASE worktree) against this worktree's, in one
// process, alternating per language (base, new, new, base): each case's
// best of its two runs per code, and the single runs' p50.
//   git worktree add <dir> <commit> (with a node_modules), then
//   BASE=<dir> npx tsx bench/syntax/side-by-side.ts [language...]
// Prints wall-clock and CPU-time p50 per code (CPU time moves less with
// the machine's load) and how many verdicts differ.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { corpusStates, loadCorpus } from '../../testing/syntax/edit-states-corpus';
import { createNodeValidator, LiveDocuments } from '../../src/syntax';
import { percentile } from '../stats';

const BASE = process.env.BASE;
if (!BASE) throw new Error('BASE=/path/to/a/worktree/of/the/base/commit is required (see the comment at the top)');
// Modules loaded from another checkout at run time: no static types to give them.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Code = { name: string; live: any; node: any };
const codes: Code[] = [
  { name: 'base', live: await import(`${BASE}/src/syntax/live-documents.ts`), node: await import(`${BASE}/src/syntax/node-runtime.ts`) },
  { name: 'new', live: { LiveDocuments }, node: { createNodeValidator } },
];
const only = parseArgs({ allowPositionals: true, strict: true }).positionals;
const tasks = loadCorpus().filter((t) => !only.length || only.includes(t.language));
const languages = [...new Set(tasks.map((t) => t.language))];
const docsOf = new Map<Code, any>();
/* eslint-enable @typescript-eslint/no-explicit-any */
for (const c of codes) docsOf.set(c, new c.live.LiveDocuments(c.node.createNodeValidator()));
let version = 0;

async function pass(code: Code, language: string): Promise<{ ms: number[]; cpu: number[]; verdicts: string[] }> {
  const docs = docsOf.get(code);
  const ms: number[] = [];
  const cpu: number[] = [];
  const verdicts: string[] = [];
  for (const t of tasks) {
    if (t.language !== language) continue;
    for (const s of corpusStates(t)) {
      const v0 = ++version;
      await docs.openDocument('state', language, s.prefix + s.suffix, v0);
      for (const middle of [...t.good, ...t.bad.map((b) => b.middle)]) {
        const c0 = process.cpuUsage();
        const started = performance.now();
        const v = await docs.validate(
          { language, prefix: s.prefix, completion: middle, suffix: s.suffix, documentId: 'state', version: v0 },
          Infinity,
        );
        ms.push(performance.now() - started);
        const c1 = process.cpuUsage(c0);
        cpu.push((c1.user + c1.system) / 1000);
        verdicts.push(!v.checked ? 'u' : v.valid ? 'v' : 'i');
      }
    }
  }
  return { ms, cpu, verdicts };
}

console.log(
  `load average at start ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  '| language | cases | base p50 (best of 2) | new p50 (best of 2) | ratio | base p50 / p95 (single runs) | new p50 / p95 (single runs) | cpu p50 base / new | verdicts differing | load |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const language of languages) {
  const [b1, n1, n2, b2] = [
    await pass(codes[0], language),
    await pass(codes[1], language),
    await pass(codes[1], language),
    await pass(codes[0], language),
  ];
  const best = (x: number[], y: number[]) => x.map((v, i) => Math.min(v, y[i]));
  const bb = best(b1.ms, b2.ms);
  const nb = best(n1.ms, n2.ms);
  const diff = b1.verdicts.filter((v, i) => v !== n1.verdicts[i]).length;
  const single = (x: number[], y: number[]) =>
    `${((percentile(x, 50) + percentile(y, 50)) / 2).toFixed(2)} / ${((percentile(x, 95) + percentile(y, 95)) / 2).toFixed(2)}`;
  console.log(
    `| ${language} | ${bb.length} | ${percentile(bb, 50).toFixed(2)} ms | ${percentile(nb, 50).toFixed(2)} ms | ${(percentile(bb, 50) / percentile(nb, 50)).toFixed(2)}x | ${single(b1.ms, b2.ms)} | ${single(n1.ms, n2.ms)} | ${percentile(best(b1.cpu, b2.cpu), 50).toFixed(2)} / ${percentile(best(n1.cpu, n2.cpu), 50).toFixed(2)} | ${diff} | ${loadavg()[0].toFixed(2)} |`,
  );
}
