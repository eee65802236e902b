// `npm run eval -- semantic`: the semantic check on every ground truth of
// the development sets (each finding is a false flag: a bug to fix and
// test) and on semantic mutants of them (eval/semantic-mutants.ts: the share
// caught). Python only here; other languages are counted as not checked.
import { basename } from 'node:path';
import { checkSemantics, hasSemanticChecker, validatorParse, type SemanticVerdict } from '../src/semantic';
import type { LanguageId } from '../src/vocabulary';
import { createNodeValidator } from '../src/syntax';
import { loadBenchmarkFile, type TaskFilter } from './data/load';
import type { Task } from './data/types';
import { MUTANT_KINDS, semanticMutants, type MutantKind } from './semantic-mutants';

/**
 * Generous: the harness measures what the check sees, the bench measures its time. With the editor's
 * budget a busy machine would turn verdicts into "timed out", and a stored run would depend on the load.
 */
export const HARNESS_BUDGET_MS = 5_000;

export interface SemanticSetResult {
  file: string;
  language: string;
  groundTruths: number;
  /** Ground truths the check could not check (with why, counted). */
  unchecked: Record<string, number>;
  falseFlags: { key: string; findings: string[] }[];
  mutants: Record<MutantKind, { n: number; caught: number; missed: { key: string; name: string; original: string; why: string }[] }>;
}

function emptyMutants(): SemanticSetResult['mutants'] {
  return Object.fromEntries(MUTANT_KINDS.map((k) => [k, { n: 0, caught: 0, missed: [] }])) as unknown as SemanticSetResult['mutants'];
}

/** What the harness reads of a task: a development set's, or a line of a Python module (semantic-classes.ts). */
type SemanticTask = Pick<Task, 'key' | 'language' | 'prefix' | 'groundTruth' | 'suffix'>;

export async function semanticHarness(
  paths: readonly string[],
  o: { filter?: TaskFilter; languages?: readonly string[]; extra?: { label: string; tasks: readonly SemanticTask[] }[] } = {},
): Promise<SemanticSetResult[]> {
  const validator = createNodeValidator();
  const parse = validatorParse(validator);
  const check = (req: Parameters<typeof checkSemantics>[0]) => checkSemantics({ budgetMs: HARNESS_BUDGET_MS, ...req }, parse);
  const sets: { label: string; tasks: readonly SemanticTask[] }[] = [];
  for (const file of paths) sets.push({ label: file, tasks: await loadBenchmarkFile(file, o.filter) });
  sets.push(...(o.extra ?? []));
  const results: SemanticSetResult[] = [];
  for (const { label: file, tasks: all } of sets) {
    const tasks = all.filter((t) => hasSemanticChecker(t.language as LanguageId) && (!o.languages || o.languages.includes(t.language)));
    const byLanguage = new Map<string, SemanticSetResult>();
    for (const task of tasks) {
      const language = task.language as LanguageId;
      let r = byLanguage.get(language);
      if (!r) {
        r = { file, language, groundTruths: 0, unchecked: {}, falseFlags: [], mutants: emptyMutants() };
        byLanguage.set(language, r);
      }
      const verdict = await check({ language, prefix: task.prefix, completion: task.groundTruth, suffix: task.suffix });
      r.groundTruths++;
      if (!verdict.checked) {
        const why = verdict.uncheckedReason ?? 'unknown';
        r.unchecked[why] = (r.unchecked[why] ?? 0) + 1;
      } else if (verdict.findings.length) {
        r.falseFlags.push({ key: task.key, findings: verdict.findings.map((f) => `${f.kind} ${f.name} at ${f.row + 1}:${f.column + 1}`) });
      }
      const text = task.prefix + task.groundTruth + task.suffix;
      const tree = await parse.parse(language, text, Infinity);
      if (!tree) continue;
      let mutants;
      try {
        mutants = semanticMutants(text, task.prefix.length, task.prefix.length + task.groundTruth.length, tree);
      } finally {
        tree.delete();
      }
      for (const m of mutants) {
        const v = await check({ language, prefix: task.prefix, completion: m.completion, suffix: task.suffix });
        const slot = r.mutants[m.kind];
        slot.n++;
        if (caught(v, m.name)) slot.caught++;
        else
          slot.missed.push({
            key: task.key,
            name: m.name,
            original: m.original,
            why: v.checked ? `found: ${v.findings.map((f) => f.name).join(', ') || 'nothing'}` : `not checked: ${v.uncheckedReason}`,
          });
      }
    }
    results.push(...byLanguage.values());
  }
  return results;
}

function caught(v: SemanticVerdict, name: string): boolean {
  return v.checked && v.findings.some((f) => f.name === name);
}

const pct = (a: number, n: number) => (n ? `${((100 * a) / n).toFixed(1)}%` : 'n/a');

export function formatSemantic(results: readonly SemanticSetResult[]): string {
  const head = [
    '| set | language | ground truths | false flags | not checked |',
    ...MUTANT_KINDS.map((k) => ` ${k} caught |`),
    ' all mutants caught |',
  ].join('');
  const lines = [head, '|' + ' --- |'.repeat(5 + MUTANT_KINDS.length + 1)];
  const total = { gt: 0, ff: 0, un: 0, n: 0, c: 0 };
  const perKind = Object.fromEntries(MUTANT_KINDS.map((k) => [k, { n: 0, c: 0 }])) as Record<MutantKind, { n: number; c: number }>;
  for (const r of results) {
    const un = Object.values(r.unchecked).reduce((a, b) => a + b, 0);
    const n = MUTANT_KINDS.reduce((a, k) => a + r.mutants[k].n, 0);
    const c = MUTANT_KINDS.reduce((a, k) => a + r.mutants[k].caught, 0);
    Object.assign(total, {
      gt: total.gt + r.groundTruths,
      ff: total.ff + r.falseFlags.length,
      un: total.un + un,
      n: total.n + n,
      c: total.c + c,
    });
    for (const k of MUTANT_KINDS) {
      perKind[k].n += r.mutants[k].n;
      perKind[k].c += r.mutants[k].caught;
    }
    const kinds = MUTANT_KINDS.map((k) => ` ${r.mutants[k].caught}/${r.mutants[k].n} (${pct(r.mutants[k].caught, r.mutants[k].n)}) |`).join(
      '',
    );
    lines.push(
      `| ${basename(r.file)} | ${r.language} | ${r.groundTruths} | ${r.falseFlags.length} | ${un} |${kinds} ${c}/${n} (${pct(c, n)}) |`,
    );
  }
  const kinds = MUTANT_KINDS.map((k) => ` ${perKind[k].c}/${perKind[k].n} (${pct(perKind[k].c, perKind[k].n)}) |`).join('');
  lines.push(`| **all** | | ${total.gt} | ${total.ff} | ${total.un} |${kinds} ${total.c}/${total.n} (${pct(total.c, total.n)}) |`);
  for (const r of results) {
    for (const f of r.falseFlags) lines.push(`- false flag ${f.key}: ${f.findings.join('; ')}`);
    for (const [why, n] of Object.entries(r.unchecked)) lines.push(`- not checked in ${basename(r.file)} (${n}): ${why}`);
  }
  for (const r of results)
    for (const k of MUTANT_KINDS)
      for (const m of r.mutants[k].missed.slice(0, 10)) lines.push(`- missed ${k} ${m.key}: ${m.original} -> ${m.name} (${m.why})`);
  return lines.join('\n');
}
