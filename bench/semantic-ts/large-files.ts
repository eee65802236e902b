// The types check on long files nobody here wrote: the TypeScript sources
// installed packages ship (one per package, 800 to 3,300 lines), each file
// checked the way typing in it asks: one check after another in the same
// document, a code line taken out and put back (a ground truth: any flag is
// a false flag), then the same line with a property read's second letter
// dropped (a mutant the types check should catch). The package's own folder
// is the workspace (its relative imports), this repository's node_modules
// the packages. p50/p95 per check against the targets, in the same run.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createTypescriptTypesChecker } from '../../src/semantic/typescript-types';
import type { PackageFiles } from '../../src/semantic/package-types';
import { jsInput } from '../../testing/semantic/js-input';
import { onePerPackage } from '../../testing/semantic/package-sources';
import { summarize } from '../stats';
import { folderFiles } from './folder-files';
import { timedCheck as timed } from './timed-check';

/** The targets for a types check on files up to 3,000 lines. */
export const LARGE_FILE_TARGETS = { p50Ms: 10, p95Ms: 50 };

const MIN_LINES = 800;
const MAX_LINES = 3300;
/** Checked lines per file, spread over it. */
const LINES_PER_FILE = 12;

interface LargeFile {
  path: string;
  root: string;
  lines: string[];
}

function largeFiles(repo: string): LargeFile[] {
  const modules = join(repo, 'node_modules');
  return onePerPackage({
    limit: 8,
    maxDepth: 6,
    skipDirs: ['.bin', 'test', 'tests', '__tests__', 'dist', 'esm', 'cjs'],
    candidate: (name, size) => /\.tsx?$/.test(name) && !/\.d\.[cm]?tsx?$|\.test\.tsx?$/.test(name) && size > 20_000,
    pick: (path) => {
      const lines = readFileSync(path, 'utf8').split('\n');
      if (lines.length < MIN_LINES || lines.length > MAX_LINES) return undefined;
      const [first, second] = relative(modules, path).split('/');
      const root = join(modules, first.startsWith('@') ? `${first}/${second}` : first);
      return { path, root, lines };
    },
  });
}

/** The line with its first long enough property read's name losing its second letter (`a.bar` -> `a.br`). */
function memberMutant(line: string): string | undefined {
  const m = /\.([A-Za-z_$][\w$]{3,})\b(?!\s*[:=][^=])/.exec(line.replace(/(["'`]).*?\1|\/\/.*$/g, (s) => ' '.repeat(s.length)));
  if (!m) return undefined;
  const at = m.index + 1;
  return line.slice(0, at) + m[1][0] + m[1].slice(2) + line.slice(at + m[1].length);
}

export interface LargeFileRow {
  files: { path: string; lines: number }[];
  truth: { wall: ReturnType<typeof summarize>; cpu: ReturnType<typeof summarize> };
  all: { wall: ReturnType<typeof summarize>; cpu: ReturnType<typeof summarize> };
  falseFlags: string[];
  mutants: { n: number; caught: number };
  targets: typeof LARGE_FILE_TARGETS;
}

export async function largeFileTypes(repo: string, packages: PackageFiles | undefined): Promise<LargeFileRow> {
  const files = largeFiles(repo);
  const truthWall: number[] = [];
  const truthCpu: number[] = [];
  const allWall: number[] = [];
  const allCpu: number[] = [];
  const falseFlags: string[] = [];
  const mutants = { n: 0, caught: 0 };
  for (const f of files) {
    const checker = createTypescriptTypesChecker(folderFiles(f.root), { packages });
    const file = relative(f.root, f.path);
    const language = f.path.endsWith('.tsx') ? 'tsx' : 'typescript';
    const code = f.lines.map((line, i) => ({ line, i })).filter(({ line }) => line.trim().length >= 12 && !/^\s*(\/\/|\*|\/\*)/.test(line));
    const picked = code.filter((_, k) => k % Math.max(1, Math.floor(code.length / LINES_PER_FILE)) === 0);
    // The first check of a file parses it and reads its imports (what opening it does): not one of the measured checks.
    const check = async (i: number, completion: string) => {
      const text = `${f.lines.slice(0, i).join('\n')}\n«${completion}»\n${f.lines.slice(i + 1).join('\n')}`;
      const input = await jsInput(language, text, { file });
      const t = await timed(checker.check, input);
      input.tree.delete();
      input.baseline.tree.delete();
      return t;
    };
    await check(picked[0].i, picked[0].line);
    for (const { line, i } of picked) {
      const t = await check(i, line);
      truthWall.push(t.ms);
      truthCpu.push(t.cpu);
      allWall.push(t.ms);
      allCpu.push(t.cpu);
      for (const x of t.findings) falseFlags.push(`${relative(repo, f.path)}:${i + 1}: ${line.trim()} -> ${x.name}: ${x.detail}`);
      const mutated = memberMutant(line);
      if (mutated === undefined) continue;
      const m = await check(i, mutated);
      allWall.push(m.ms);
      allCpu.push(m.cpu);
      mutants.n++;
      mutants.caught += Number(m.findings.length > 0);
    }
  }
  return {
    files: files.map((f) => ({ path: relative(repo, f.path), lines: f.lines.length })),
    truth: { wall: summarize(truthWall), cpu: summarize(truthCpu) },
    all: { wall: summarize(allWall), cpu: summarize(allCpu) },
    falseFlags,
    mutants,
    targets: LARGE_FILE_TARGETS,
  };
}
