// `npm run bench semantic`: the semantic check's cost per completion beside
// the syntax check's, both through the syntax worker's API (the code the
// worker runs), on every Python task of the benchmark development sets with
// its ground-truth middle. Each check once warm-up, then timed; p50 and p95
// per set. First, ground truths, built-in value mutants and the check's
// time on whole real files: Debian's standard library (./semantic-corpus.ts).
// The last line is the JSON of the results.
import { loadavg } from 'node:os';
import type { BenchSuite } from './suite';
import { percentile } from '../src/platform';
import { createNodeSyntaxService } from '../src/checks';
import { benchPresent, BENCH_DIR, loadHumanEval, loadSafim, SAFIM_SETS, type FimTask } from '../testing/syntax/bench-tasks';
import { stdlibDir } from '../testing/semantic/python-corpus';
import { stdlibCorpus } from './semantic-corpus';

/** One set's checks; a percentile is absent when the set had no tasks. */
export interface SemanticRow {
  tasks: number;
  syntaxP50?: number;
  semanticP50?: number;
  semanticP95?: number;
  unchecked: number;
}

const fmt = (ms: number | undefined) => (ms === undefined ? 'n/a' : `${ms.toFixed(2)} ms`);

export const suite: BenchSuite = {
  name: 'semantic',
  description: 'semantic check p50 per completion beside the syntax check, Python, ground-truth middles',
  async run() {
    const service = createNodeSyntaxService();
    // Code nobody here wrote, measured whether or not the benchmark data is there.
    const dir = stdlibDir();
    const corpus = dir ? { stdlib: await stdlibCorpus(service, dir) } : {};
    if (!benchPresent()) {
      console.log(`benchmark data not found in ${BENCH_DIR}: skipped`);
      return { skipped: `no benchmark data in ${BENCH_DIR}`, ...corpus };
    }
    const sets: [string, FimTask[]][] = [
      ['humaneval-single', loadHumanEval('single')],
      ['humaneval-multi', loadHumanEval('multi')],
      ...SAFIM_SETS.map((s) => [`safim-${s}`, loadSafim(s).filter((t) => t.language === 'python')] as [string, FimTask[]]),
    ];
    const warm = sets[0][1][0];
    await service.validate({ language: 'python', prefix: warm.prefix, completion: warm.middle, suffix: warm.suffix });
    await service.checkSemantics({ language: 'python', prefix: warm.prefix, completion: warm.middle, suffix: warm.suffix });
    const results: Record<string, unknown> = { ...corpus };
    const all = { syntax: [] as number[], semantic: [] as number[], unchecked: 0 };
    console.log('| set | tasks | syntax p50 | semantic p50 | semantic p95 | semantic not checked |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const [name, tasks] of sets) {
      const syntax: number[] = [];
      const semantic: number[] = [];
      let unchecked = 0;
      for (const t of tasks) {
        const req = { language: 'python', prefix: t.prefix, completion: t.middle, suffix: t.suffix };
        let started = performance.now();
        await service.validate(req);
        syntax.push(performance.now() - started);
        started = performance.now();
        const v = await service.checkSemantics(req);
        semantic.push(performance.now() - started);
        if (!v.checked) unchecked++;
      }
      all.syntax.push(...syntax);
      all.semantic.push(...semantic);
      all.unchecked += unchecked;
      const row: SemanticRow = {
        tasks: tasks.length,
        syntaxP50: percentile(syntax, 50),
        semanticP50: percentile(semantic, 50),
        semanticP95: percentile(semantic, 95),
        unchecked,
      };
      results[name] = row;
      console.log(
        `| ${name} | ${tasks.length} | ${fmt(row.syntaxP50)} | ${fmt(row.semanticP50)} | ${fmt(row.semanticP95)} | ${unchecked} |`,
      );
    }
    const overall: SemanticRow = {
      tasks: all.semantic.length,
      syntaxP50: percentile(all.syntax, 50),
      semanticP50: percentile(all.semantic, 50),
      semanticP95: percentile(all.semantic, 95),
      unchecked: all.unchecked,
    };
    results.overall = overall;
    results.loadAverage = loadavg();
    const target = overall.semanticP50 !== undefined && overall.semanticP50 <= 2;
    console.log(
      `| all | ${overall.tasks} | ${fmt(overall.syntaxP50)} | ${fmt(overall.semanticP50)} | ${fmt(overall.semanticP95)} | ${overall.unchecked} |`,
    );
    console.log(
      `\nsemantic p50 ${fmt(overall.semanticP50)} (target <= 2 ms: ${target ? 'ok' : 'MISSED'}); load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(JSON.stringify(results));
    return results;
  },
};
