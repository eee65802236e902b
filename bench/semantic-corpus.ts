// The Python semantic check on code nobody here wrote: Debian's standard
// library (testing/semantic/python-corpus.ts), both halves of its split by a
// hash of the path. Ground truths: lines that read an attribute, taken out
// and put back with the whole file around them (any finding is a false
// flag). Mutants: a method of a built-in value renamed to a slip (caught
// when the check names it). And each ground truth's check time, on files of
// up to 3,000 lines: what a check costs on a real file. The held-out half's
// false flags are counted, never listed: nothing is tuned on them.
import type { SyntaxWorkerApi } from '../src/checks';
import { percentile } from '../src/platform';
import { attributeLines, stdlibFiles, valueMutants, type CorpusFile, type Split } from '../testing/semantic/python-corpus';

/** One half's figures. */
export interface CorpusRow {
  files: number;
  groundTruths: number;
  falseFlags: number;
  /** The tuning half's false flags, as `file:row: line -> finding` (the held-out half lists none). */
  flagged?: string[];
  mutants: number;
  caught: number;
  /** Mutants by the type the generator gave the value: [made, caught]. */
  byType: Record<string, [number, number]>;
  checkP50?: number;
  checkP95?: number;
  /** The same checks' CPU time (the process's, all threads): on a loaded machine the wall time also counts waiting for a core. */
  cpuP50?: number;
  cpuP95?: number;
  /** Checks over the app's budget (50 ms). */
  overBudget: number;
}

/** A generous budget: this measures verdicts; the time is read beside it. */
const VERDICT_BUDGET_MS = 20_000;
const APP_BUDGET_MS = 50;

async function half(service: SyntaxWorkerApi, files: readonly CorpusFile[], split: Split, stride: number): Promise<CorpusRow> {
  const ms: number[] = [];
  const cpu: number[] = [];
  const flagged: string[] = [];
  let truths = 0;
  for (const f of files) {
    const uri = `file:///${f.name}`;
    await service.openDocument(uri, 'python', f.text, 1, { primeSemantics: true }); // as the app opens it with the check on
    for (const c of attributeLines(f, stride)) {
      const started = performance.now();
      const used = process.cpuUsage();
      const v = await service.checkSemantics({
        language: 'python',
        prefix: c.prefix,
        completion: c.line,
        suffix: c.suffix,
        budgetMs: VERDICT_BUDGET_MS,
      });
      const spent = process.cpuUsage(used);
      ms.push(performance.now() - started);
      cpu.push((spent.user + spent.system) / 1000);
      truths++;
      if (v.findings.length)
        flagged.push(`${c.file}:${c.row + 1}: ${c.line.trim()} -> ${v.findings.map((x) => `${x.name}: ${x.detail}`).join('; ')}`);
    }
    await service.closeDocument(uri);
  }
  let mutants = 0;
  let caught = 0;
  const byType: Record<string, [number, number]> = {};
  for (const f of files)
    for (const m of valueMutants(f)) {
      const v = await service.checkSemantics({
        language: 'python',
        prefix: m.prefix,
        completion: m.line,
        suffix: m.suffix,
        budgetMs: VERDICT_BUDGET_MS,
      });
      const hit = v.findings.some((x) => x.name === m.wrong);
      mutants++;
      caught += Number(hit);
      const t = (byType[m.type] ??= [0, 0]);
      t[0]++;
      t[1] += Number(hit);
    }
  return {
    files: files.length,
    groundTruths: truths,
    falseFlags: flagged.length,
    ...(split === 'tuning' && { flagged }),
    mutants,
    caught,
    byType,
    checkP50: percentile(ms, 50),
    checkP95: percentile(ms, 95),
    cpuP50: percentile(cpu, 50),
    cpuP95: percentile(cpu, 95),
    overBudget: ms.filter((x) => x > APP_BUDGET_MS).length,
  };
}

/** Both halves of the standard library in `dir`; every `stride`-th attribute line of a file is a ground truth. */
export async function stdlibCorpus(service: SyntaxWorkerApi, dir: string, stride = 15): Promise<Record<string, unknown>> {
  const files = stdlibFiles(dir);
  // Warm-up: the grammar's load is not a check's cost.
  await service.checkSemantics({ language: 'python', prefix: 'x = 1\n', completion: 'print(x)', suffix: '\n' });
  const lines = files.map((f) => f.text.split('\n').length);
  const out: Record<string, unknown> = {
    corpus: `Debian's Python standard library (${dir}): modules of ${Math.min(...lines)} to ${Math.max(...lines)} lines, split in two by a hash of the path`,
  };
  for (const split of ['tuning', 'held-out'] as const) {
    const row = await half(
      service,
      files.filter((f) => f.split === split),
      split,
      stride,
    );
    out[split] = row;
    const pct = (k: number, n: number) => (n ? `${((100 * k) / n).toFixed(1)}%` : 'n/a');
    console.log(
      `${split}: ${row.files} files, ${row.groundTruths} ground truths, ${row.falseFlags} false flags; value-method mutants ${row.caught}/${row.mutants} caught (${pct(row.caught, row.mutants)}); check p50 ${row.checkP50?.toFixed(1)} ms, p95 ${row.checkP95?.toFixed(1)} ms (CPU ${row.cpuP50?.toFixed(1)} / ${row.cpuP95?.toFixed(1)} ms), ${row.overBudget} over ${APP_BUDGET_MS} ms`,
    );
    for (const f of row.flagged ?? []) console.log(`  ${f}`);
  }
  return out;
}
