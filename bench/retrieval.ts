// `npm run bench retrieval`: does workspace retrieval find the file that
// defines the name a completion needs? No model: on real multi-file projects
// (bench/retrieval/projects.ts), each hole is a line that uses a name defined
// in one other file; recall@k is how often that file is among the first k
// snippets chosen, against the baseline of the k files opened most recently
// (a seeded random opening order, the same list retrieval is given).
// Then the budget split: at each share of the prompt budget given to
// snippets, how often the defining file's snippet makes it into the prompt
// and how many tokens the snippets take.
import type { BenchSuite } from './suite';
import { tokenCounter } from './extent';
import { buildLocalPrompt } from '../src/prompt';
import { chooseSnippets, WorkspaceIndex } from '../src/completion';
import { findHoles, groundTruthDefinitions, loadProjects, recentlyOpened, type Hole } from './retrieval/projects';

const KS = [1, 3, 5] as const;
/** Files in the "recently opened" list (retrieval's and the baseline's). */
const RECENT = 10;
const SEED = 20261201;
const BUDGET = 1536;
const SHARES = [0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.6] as const;

const pct = (n: number, of: number) => (of ? (100 * n) / of : 0);
const fmt = (x: number) => `${x.toFixed(1)}%`;

/** Shares in percent, keyed `@k`. */
type AtK = Record<string, number>;

/** The suite's results: recall@k against the baseline, over all projects and the held-out ones, and the budget split by snippet share. */
export type RetrievalSummary = {
  holes: number;
  projects: number;
  recent: number;
  recall: AtK;
  baseline: AtK;
  heldOut: { holes: number; recall: AtK; baseline: AtK };
  retrievalMsMean: number;
  tokenizer: string;
  budget: number;
  split: Record<string, { definingInPrompt: number; snippetTokens: number; windowTokens: number }>;
  perProject: { project: string; heldOut: boolean; files: number; holes: number; recall: number[]; baseline: number[] }[];
};

interface Row {
  project: string;
  heldOut: boolean;
  holes: number;
  ours: number[];
  baseline: number[];
  files: number;
}

export const suite: BenchSuite = {
  name: 'retrieval',
  description: 'recall@k of the defining file among the chosen snippets vs the most recently opened files; the prompt budget split',
  async run() {
    const tokens = await tokenCounter();
    const rows: Row[] = [];
    const holes: { hole: Hole; chosen: { file: string; text: string }[] }[] = [];
    let retrievalMs = 0;
    for (const [pi, project] of loadProjects().entries()) {
      const truth = await groundTruthDefinitions(project);
      const found = findHoles(project, truth, SEED + pi);
      const index = new WorkspaceIndex(project.files);
      const row: Row = {
        project: project.name,
        heldOut: project.heldOut,
        holes: found.length,
        ours: KS.map(() => 0),
        baseline: KS.map(() => 0),
        files: project.files.length,
      };
      for (const [hi, hole] of found.entries()) {
        const recent = recentlyOpened(project, hole.file, RECENT, SEED * 31 + pi * 1000 + hi);
        const t0 = performance.now();
        const chosen = chooseSnippets(index, { file: hole.file, prefix: hole.prefix, suffix: hole.suffix, recentlyViewed: recent });
        retrievalMs += performance.now() - t0;
        KS.forEach((k, i) => {
          if (chosen.slice(0, k).some((s) => s.file === hole.definedIn)) row.ours[i]++;
          if (recent.slice(0, k).includes(hole.definedIn)) row.baseline[i]++;
        });
        holes.push({ hole, chosen });
      }
      rows.push(row);
    }
    const sum = (project: string, of: Row[]): Row =>
      of.reduce(
        (t, r) => ({
          ...t,
          holes: t.holes + r.holes,
          files: t.files + r.files,
          ours: t.ours.map((x, i) => x + r.ours[i]),
          baseline: t.baseline.map((x, i) => x + r.baseline[i]),
        }),
        { project, heldOut: false, holes: 0, files: 0, ours: KS.map(() => 0), baseline: KS.map(() => 0) },
      );
    const total = sum('all', rows);
    const tuned = sum(
      'tuned on (all but held out)',
      rows.filter((r) => !r.heldOut),
    );
    const heldOut = sum(
      'held out',
      rows.filter((r) => r.heldOut),
    );

    console.log(
      `${total.holes} holes in ${rows.length} projects; baseline: the ${RECENT} most recently opened files (seeded random order); retrieval gets the same list\n`,
    );
    console.log(
      `| project | files | holes | ${KS.map((k) => `recall@${k}`).join(' | ')} | ${KS.map((k) => `baseline@${k}`).join(' | ')} |`,
    );
    console.log(`| --- | --- | --- | ${KS.map(() => '---').join(' | ')} | ${KS.map(() => '---').join(' | ')} |`);
    // A project where no line uses another file's name (sqlite3, dbm) has no holes: it is listed in the JSON only.
    for (const r of [...rows.filter((x) => x.holes > 0), tuned, heldOut, total]) {
      console.log(
        `| ${r.project}${r.heldOut ? ' (held out)' : ''} | ${r.files} | ${r.holes} | ${r.ours.map((x) => fmt(pct(x, r.holes))).join(' | ')} | ${r.baseline.map((x) => fmt(pct(x, r.holes))).join(' | ')} |`,
      );
    }
    console.log(`\nretrieval: ${(retrievalMs / Math.max(1, total.holes)).toFixed(1)} ms a request (mean, index warm)`);

    // The split: the same holes, the chosen snippets given 10% .. 60% of the budget.
    console.log(`\nbudget ${BUDGET} tokens (${tokens.what}), qwen2.5-coder repository format:\n`);
    console.log('| snippet share | defining file in the prompt | snippet tokens (mean) | window tokens (mean) |');
    console.log('| --- | --- | --- | --- |');
    const split: Record<string, { definingInPrompt: number; snippetTokens: number; windowTokens: number }> = {};
    for (const share of SHARES) {
      let inPrompt = 0;
      let snippetTokens = 0;
      let windowTokens = 0;
      for (const { hole, chosen } of holes) {
        const p = buildLocalPrompt({
          family: 'qwen2.5-coder',
          prefix: hole.prefix,
          suffix: hole.suffix,
          budget: BUDGET,
          countTokens: tokens.count,
          context: { file: hole.file, snippets: chosen, share },
        });
        if (p.snippets.some((s) => s.file === hole.definedIn)) inPrompt++;
        snippetTokens += p.snippets.reduce((n, s) => n + s.tokens, 0);
        windowTokens += (p.window?.prefixTokens ?? 0) + (p.window?.suffixTokens ?? 0);
      }
      const n = Math.max(1, holes.length);
      split[String(share)] = {
        definingInPrompt: pct(inPrompt, holes.length),
        snippetTokens: snippetTokens / n,
        windowTokens: windowTokens / n,
      };
      console.log(
        `| ${share * 100}% | ${fmt(pct(inPrompt, holes.length))} | ${(snippetTokens / n).toFixed(0)} | ${(windowTokens / n).toFixed(0)} |`,
      );
    }
    const summary: RetrievalSummary = {
      holes: total.holes,
      projects: rows.length,
      recent: RECENT,
      recall: Object.fromEntries(KS.map((k, i) => [`@${k}`, +pct(total.ours[i], total.holes).toFixed(1)])),
      baseline: Object.fromEntries(KS.map((k, i) => [`@${k}`, +pct(total.baseline[i], total.holes).toFixed(1)])),
      heldOut: {
        holes: heldOut.holes,
        recall: Object.fromEntries(KS.map((k, i) => [`@${k}`, +pct(heldOut.ours[i], heldOut.holes).toFixed(1)])),
        baseline: Object.fromEntries(KS.map((k, i) => [`@${k}`, +pct(heldOut.baseline[i], heldOut.holes).toFixed(1)])),
      },
      retrievalMsMean: +(retrievalMs / Math.max(1, total.holes)).toFixed(2),
      tokenizer: tokens.what,
      budget: BUDGET,
      split,
      perProject: rows.map((r) => ({
        project: r.project,
        heldOut: r.heldOut,
        files: r.files,
        holes: r.holes,
        recall: r.ours.map((x) => +pct(x, r.holes).toFixed(1)),
        baseline: r.baseline.map((x) => +pct(x, r.holes).toFixed(1)),
      })),
    };
    console.log(
      JSON.stringify({
        holes: summary.holes,
        recall: summary.recall,
        baseline: summary.baseline,
        heldOut: summary.heldOut,
        split: Object.fromEntries(Object.entries(split).map(([s, v]) => [s, +v.definingInPrompt.toFixed(1)])),
      }),
    );
    return summary;
  },
};
