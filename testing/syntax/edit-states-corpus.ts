// The labelled corpus of edit states (scripts/make-edit-states.ts made it
// with real compilers; data/edit-states.jsonl.gz), read and run through
// the validator. Shared by the test (edit-states.test.ts) and the bench
// (`npm run bench syntax`), which print the same per-language table.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { SyntaxRequest, SyntaxVerdict } from '../../src/vocabulary';
import { applyPlant, CORPUS_LANGUAGES, type CorpusLanguage } from './edit-states';

const CORPUS_FILE = fileURLToPath(new URL('./data/edit-states.jsonl.gz', import.meta.url));

export interface CorpusTask {
  language: CorpusLanguage;
  /** Where the program comes from: a benchmark task id, or a file path and line. */
  source: string;
  prefix: string;
  middle: string;
  suffix: string;
  /** Middles the real tool accepts (the truth first). */
  good: string[];
  /** Middles the real tool rejects. */
  bad: { kind: string; middle: string }[];
  /** Unrelated errors the real tool confirms, at offsets of prefix + suffix. */
  plants: { kind: string; at: number; text: string }[];
}

export function corpusPresent(): boolean {
  return existsSync(CORPUS_FILE);
}

export function loadCorpus(): CorpusTask[] {
  return gunzipSync(readFileSync(CORPUS_FILE))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as CorpusTask);
}

/** Counts for one language and one state (clean or broken documents). */
export interface Tally {
  goodCases: number;
  falseRejections: number;
  goodNotChecked: number;
  badCases: number;
  caught: number;
  badNotChecked: number;
}

const empty = (): Tally => ({ goodCases: 0, falseRejections: 0, goodNotChecked: 0, badCases: 0, caught: 0, badNotChecked: 0 });

export interface CorpusResult {
  tallies: Record<string, { clean: Tally; broken: Tally }>;
  /** ms per check, per language (the full-text check). */
  ms: Record<string, number[]>;
  /** The first false rejections, to read. */
  rejected: string[];
}

/** A task's documents: the clean one, then one per planted error. */
export function corpusStates(t: CorpusTask): { kind: string; prefix: string; suffix: string }[] {
  return [
    { kind: 'clean', prefix: t.prefix, suffix: t.suffix },
    ...t.plants.map((p) => ({ kind: p.kind, ...applyPlant(t.prefix, t.suffix, p) })),
  ];
}

/** Every case of the corpus: each good and bad middle in the clean document and with each plant. */
export async function runCorpus(
  tasks: readonly CorpusTask[],
  validate: (req: SyntaxRequest) => Promise<SyntaxVerdict>,
): Promise<CorpusResult> {
  const tallies: CorpusResult['tallies'] = {};
  const ms: CorpusResult['ms'] = {};
  const rejected: string[] = [];
  for (const t of tasks) {
    const row = (tallies[t.language] ??= { clean: empty(), broken: empty() });
    for (const s of corpusStates(t)) {
      const tally = s.kind === 'clean' ? row.clean : row.broken;
      for (const middle of t.good) {
        const v = await validate({ language: t.language, prefix: s.prefix, completion: middle, suffix: s.suffix });
        (ms[t.language] ??= []).push(v.ms);
        tally.goodCases++;
        if (!v.checked) tally.goodNotChecked++;
        else if (!v.valid) {
          tally.falseRejections++;
          if (rejected.length < 30)
            rejected.push(
              `${t.language} ${s.kind} ${t.source}: ${JSON.stringify(middle).slice(0, 80)} ${JSON.stringify(v.errors).slice(0, 160)}`,
            );
        }
      }
      for (const b of t.bad) {
        const v = await validate({ language: t.language, prefix: s.prefix, completion: b.middle, suffix: s.suffix });
        (ms[t.language] ??= []).push(v.ms);
        tally.badCases++;
        if (!v.checked) tally.badNotChecked++;
        else if (!v.valid) tally.caught++;
      }
    }
  }
  return { tallies, ms, rejected };
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');

/** The per-language table (Markdown), as docs/results.md shows it. */
export function corpusTable(result: CorpusResult): string {
  const out = [
    '| language | state | good cases | false rejections | good not checked | bad cases | caught | bad not checked |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const language of CORPUS_LANGUAGES) {
    const row = result.tallies[language];
    if (!row) continue;
    for (const state of ['clean', 'broken'] as const) {
      const t = row[state];
      out.push(
        `| ${language} | ${state} | ${t.goodCases} | ${t.falseRejections} | ${t.goodNotChecked} | ${t.badCases} | ${t.caught} (${pct(t.caught, t.badCases)}) | ${t.badNotChecked} |`,
      );
    }
  }
  return out.join('\n');
}
