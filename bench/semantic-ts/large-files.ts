// The semantic check on long files nobody here wrote: the TypeScript and,
// apart, the JavaScript sources installed packages ship (one per package,
// 800 to 3,300 lines, none a bundler's output), each file checked the way
// typing in it asks: one check after another in the same document, a code
// line taken out and put back (a ground truth: any flag, by the names check
// or the types check, is a false flag), then the same line with a property
// read's second letter dropped (a mutant either check should catch). The
// package's own folder is the workspace (its relative imports), this
// repository's node_modules the packages. The types check's p50/p95 per
// check against the targets, in the same run.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createTypescriptTypesChecker, javascriptNamesChecker, type PackageFiles } from '../../src/semantic';
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

/** A corpus of long files: which installed package sources it takes, and the language each is checked as. */
interface Corpus {
  label: string;
  candidate: (name: string) => boolean;
  language: (path: string) => string;
}

export const TYPESCRIPT_CORPUS: Corpus = {
  label: "installed packages' TypeScript sources",
  candidate: (name) => /\.tsx?$/.test(name) && !/\.d\.[cm]?tsx?$|\.test\.tsx?$/.test(name),
  language: (path) => (path.endsWith('.tsx') ? 'tsx' : 'typescript'),
};

export const JAVASCRIPT_CORPUS: Corpus = {
  label: "installed packages' JavaScript sources",
  candidate: (name) => /\.[cm]?js$/.test(name) && !/\.min\.js$|\.test\.[cm]?js$/.test(name),
  language: () => 'javascript',
};

/** A line no person wrote: a bundler's or minifier's output. */
const GENERATED_LINE = 400;

function largeFiles(repo: string, corpus: Corpus): LargeFile[] {
  const modules = join(repo, 'node_modules');
  // A package installed again under another's node_modules is the same code: one copy, by its innermost name.
  const innermost = (path: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(path)?.[1];
  const seen = new Set<string>();
  return onePerPackage({
    limit: 8,
    maxDepth: 6,
    skipDirs: ['.bin', 'test', 'tests', '__tests__', 'dist', 'esm', 'cjs', 'umd', 'bundle', 'min', 'generated'],
    candidate: (name, size) => corpus.candidate(name) && size > 20_000,
    pick: (path) => {
      // Hidden folders hold tools' output (a bundler's prebuilt dependencies), not a package's sources.
      const name = innermost(path);
      if (
        relative(modules, path)
          .split('/')
          .some((d) => d.startsWith('.')) ||
        !name ||
        seen.has(name)
      )
        return undefined;
      const lines = readFileSync(path, 'utf8').split('\n');
      if (lines.length < MIN_LINES || lines.length > MAX_LINES || lines.some((l) => l.length > GENERATED_LINE)) return undefined;
      seen.add(name);
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

type Timing = { wall: ReturnType<typeof summarize>; cpu: ReturnType<typeof summarize> };

export interface LargeFileRow {
  corpus: string;
  files: { path: string; lines: number }[];
  /** The types check's time per check: ground truths, and all checks (mutants too). */
  truth: Timing;
  all: Timing;
  /** The names check's (tree-sitter scopes), on all checks. */
  names: Timing;
  /** Ground truths either check flagged. */
  falseFlags: string[];
  /** Property mutants, and those either check caught. */
  mutants: { n: number; caught: number; byTypes: number; byNames: number };
  targets: typeof LARGE_FILE_TARGETS;
}

/** Wall and CPU times of a series of checks. */
class Times {
  readonly wall: number[] = [];
  readonly cpu: number[] = [];
  add(t: { ms: number; cpu: number }): void {
    this.wall.push(t.ms);
    this.cpu.push(t.cpu);
  }
  summary(): Timing {
    return { wall: summarize(this.wall), cpu: summarize(this.cpu) };
  }
}

export async function largeFileChecks(repo: string, packages: PackageFiles | undefined, corpus: Corpus): Promise<LargeFileRow> {
  const files = largeFiles(repo, corpus);
  const [truth, all, names] = [new Times(), new Times(), new Times()];
  const falseFlags: string[] = [];
  const mutants = { n: 0, caught: 0, byTypes: 0, byNames: 0 };
  for (const f of files) {
    const checker = createTypescriptTypesChecker(folderFiles(f.root), { packages });
    const file = relative(f.root, f.path);
    const language = corpus.language(f.path);
    const code = f.lines.map((line, i) => ({ line, i })).filter(({ line }) => line.trim().length >= 12 && !/^\s*(\/\/|\*|\/\*)/.test(line));
    const picked = code.filter((_, k) => k % Math.max(1, Math.floor(code.length / LINES_PER_FILE)) === 0);
    const check = async (i: number, completion: string) => {
      const text = `${f.lines.slice(0, i).join('\n')}\n«${completion}»\n${f.lines.slice(i + 1).join('\n')}`;
      const input = await jsInput(language, text, { file });
      const t = await timed(checker.check, input);
      const n = await timed(javascriptNamesChecker.check, input);
      input.tree.delete();
      input.baseline.tree.delete();
      return { t, n };
    };
    // The first check of a file parses it and reads its imports (what opening it does): not one of the measured checks.
    await check(picked[0].i, picked[0].line);
    for (const { line, i } of picked) {
      const { t, n } = await check(i, line);
      truth.add(t);
      all.add(t);
      names.add(n);
      for (const x of [...t.findings, ...n.findings])
        falseFlags.push(`${relative(repo, f.path)}:${i + 1}: ${line.trim()} -> ${x.name}: ${x.detail ?? ''}`);
      const mutated = memberMutant(line);
      if (mutated === undefined) continue;
      const m = await check(i, mutated);
      all.add(m.t);
      names.add(m.n);
      mutants.n++;
      mutants.byTypes += Number(m.t.findings.length > 0);
      mutants.byNames += Number(m.n.findings.length > 0);
      mutants.caught += Number(m.t.findings.length + m.n.findings.length > 0);
    }
  }
  return {
    corpus: corpus.label,
    files: files.map((f) => ({ path: relative(repo, f.path), lines: f.lines.length })),
    truth: truth.summary(),
    all: all.summary(),
    names: names.summary(),
    falseFlags,
    mutants,
    targets: LARGE_FILE_TARGETS,
  };
}
