// `npx tsx scripts/make-edit-states.ts`: the labelled corpus of edit states
// (testing/syntax/edit-states.ts) for all 8 languages, written to
// testing/syntax/data/edit-states.jsonl.gz. The tests read that file;
// they need none of the compilers below.
//
// Programs: the development benchmarks (SAFIM python/java/cpp,
// HumanEval-infilling) and real code found on this machine: Go's standard
// library (/usr/lib/go-*/src), Rust crates of Debian's librust-*-dev
// packages (/usr/share/cargo/registry), JavaScript and TypeScript from
// node_modules, and the C# files of Debian's mono and node-gyp. Holes in
// the real files: one statement line, or one `{ ... }` block of up to 8
// lines, inside a body.
//
// Labels, from real tools, per task:
//   - the clean document with the true middle must pass (else the task is dropped);
//   - each corrupted middle (testing/mutations.ts) is run; the tool says
//     whether it adds an error (`bad`) or not (`good`: must stay valid too);
//   - each plant (an unrelated error) is kept only where the tool rejects
//     the broken document with the true middle in.
// Tools: python3 compile(); javac's parser (scripts/edit-states/ParseCheck.java,
// one JVM); g++ -std=c++17 -fsyntax-only (bits/stdc++.h precompiled once);
// mcs --parse; node --check (node --check on .mjs for modules); the
// TypeScript compiler's parser (syntactic diagnostics); gofmt -e;
// rustc -Zparse-crate-root-only (RUSTC_BOOTSTRAP=1, parse only).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { BENCH_DIR, benchPresent, loadAllTasks } from '../testing/syntax/bench-tasks';
import { applyPlant, CORPUS_LANGUAGES, plants, type CorpusLanguage } from '../testing/syntax/edit-states';
import { bracketPairs, CODE, lexText } from '../testing/syntax/lexed-text';
import { mutations } from '../testing/syntax/mutations';
import { PythonReference } from '../testing/syntax/python-reference';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = process.env.EDIT_STATES_OUT ?? join(ROOT, 'testing/syntax/data/edit-states.jsonl.gz');
const PER_LANGUAGE = Number(process.env.EDIT_STATES_TASKS ?? 40);
const USAGE = `usage: npx tsx scripts/make-edit-states.ts [language...]
  languages: ${CORPUS_LANGUAGES.join(', ')}; none: all of them, else only those are remade (the others kept from the file)`;

/** The languages named on the command line; a usage error (exit 2) for a flag or an unknown language. */
function languagesAsked(): CorpusLanguage[] {
  try {
    const { values, positionals } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    const unknown = positionals.filter((l) => !(CORPUS_LANGUAGES as readonly string[]).includes(l));
    if (unknown.length) throw new Error(`unknown language(s): ${unknown.join(', ')}`);
    return positionals as CorpusLanguage[];
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}
const only = languagesAsked();
const WORK = mkdtempSync(join(tmpdir(), 'edit-states-'));

interface Source {
  language: CorpusLanguage;
  source: string;
  prefix: string;
  middle: string;
  suffix: string;
}
interface CorpusTask extends Source {
  /** Middles the tool accepts (the truth first): must be judged valid, clean or broken. */
  good: string[];
  /** Middles the tool rejects: must be judged invalid, clean or broken. */
  bad: { kind: string; middle: string }[];
  /** Unrelated errors the tool confirms: each with `at`, an offset of prefix + suffix. */
  plants: { kind: string; at: number; text: string }[];
}

// ---------------------------------------------------------------- tools
type Check = (text: string) => Promise<boolean>; // true: the tool accepts it

function run(cmd: string, args: string[], env?: NodeJS.ProcessEnv): number {
  const r = spawnSync(cmd, args, { stdio: 'ignore', timeout: 60_000, env: env ? { ...process.env, ...env } : process.env });
  return r.status ?? -1;
}

let n = 0;
const fileFor = (ext: string) => join(WORK, `f${n++}${ext}`);

function javaChecker(): Check {
  const dir = join(WORK, 'java');
  mkdirSync(dir);
  execFileSync('javac', ['-d', dir, join(ROOT, 'scripts/edit-states/ParseCheck.java')]);
  const proc = spawn('java', ['-cp', dir, 'ParseCheck'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting: ((ok: boolean) => void)[] = [];
  createInterface({ input: proc.stdout }).on('line', (line) => waiting.shift()?.(line === 'ok'));
  process.on('exit', () => proc.kill());
  return (text) => {
    const file = fileFor('.java');
    writeFileSync(file, text);
    return new Promise((resolve) => {
      waiting.push(resolve);
      proc.stdin.write(`${file}\n`);
    });
  };
}

function cppChecker(): Check {
  const pch = join(WORK, 'pch');
  mkdirSync(join(pch, 'bits'), { recursive: true });
  const header = execFileSync('g++', ['-print-file-name=include'], { encoding: 'utf8' }).trim();
  const candidates = ['/usr/include/x86_64-linux-gnu/c++', '/usr/include/c++'].flatMap((d) =>
    existsSync(d) ? readdirSync(d).map((v) => join(d, v, 'bits/stdc++.h')) : [],
  );
  const stdcpp = candidates.find(existsSync);
  if (stdcpp) execFileSync('g++', ['-std=c++17', '-x', 'c++-header', stdcpp, '-o', join(pch, 'bits/stdc++.h.gch')]);
  void header;
  return async (text) => {
    const file = fileFor('.cpp');
    writeFileSync(file, text);
    return run('g++', ['-std=c++17', '-fsyntax-only', '-w', `-I${pch}`, file]) === 0;
  };
}

function processChecker(
  ext: string | ((text: string) => string),
  cmd: string,
  args: (file: string) => string[],
  env?: NodeJS.ProcessEnv,
): Check {
  return async (text) => {
    const file = fileFor(typeof ext === 'string' ? ext : ext(text));
    writeFileSync(file, text);
    return run(cmd, args(file), env) === 0;
  };
}

const tsChecker: Check = async (text) => {
  const sf = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return ((sf as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics ?? []).length === 0;
};

function checkers(): Record<CorpusLanguage, Check> {
  const py = new PythonReference();
  process.on('exit', () => py.close());
  return {
    python: async (text) => (await py.check(text)).ok,
    java: javaChecker(),
    cpp: cppChecker(),
    csharp: processChecker('.cs', 'mcs', (f) => ['--parse', f]),
    javascript: processChecker(
      (t) => (/^\s*(import|export)\b/m.test(t) ? '.mjs' : '.cjs'),
      'node',
      (f) => ['--check', f],
    ),
    typescript: tsChecker,
    go: processChecker('.go', 'gofmt', (f) => ['-e', '-l', f]),
    rust: processChecker('.rs', 'rustc', (f) => ['-Zparse-crate-root-only', '--edition', '2021', '-o', join(WORK, 'rust.out'), f], {
      RUSTC_BOOTSTRAP: '1',
    }),
  };
}

// ---------------------------------------------------------------- programs
function walk(dir: string, ext: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    const s = statSync(p);
    if (s.isDirectory()) walk(p, ext, out);
    else if (name.endsWith(ext) && !name.endsWith('.d.ts') && s.size > 1500 && s.size < 20_000) out.push(p);
  }
  return out;
}

/**
 * Where in each step the sample is taken, in [0, 1): 0 for the committed
 * corpus; another value (EDIT_STATES_PHASE=0.5) draws a different slice of
 * the same sources, to check the validator on programs it was not tuned on.
 */
const PHASE = Number(process.env.EDIT_STATES_PHASE ?? 0);

/** Every `step`-th file, so the sample spreads over the whole tree. */
function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor((i + PHASE) * step)]);
}

/** Holes in a real file: statement lines and short blocks inside bodies, a few per file. */
function holes(language: CorpusLanguage, source: string, text: string, perFile: number): Source[] {
  if (text.includes('\r') || text.split('\n').some((l) => l.length > 200)) return []; // minified or CRLF: skip
  const lexed = lexText(text, language);
  const { mask } = lexed;
  const pairs = bracketPairs(text, lexed).pairs;
  const closeOf = new Map(pairs.map(([o, c]) => [o, c] as const));
  const found: Source[] = [];
  const lines = text.split('\n');
  let offset = 0;
  const starts = lines.map((l) => {
    const s = offset;
    offset += l.length + 1;
    return s;
  });
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const indent = /^[ \t]*/.exec(line)![0].length;
    const content = line.slice(indent);
    const at = starts[i] + indent;
    if (indent === 0 || mask[at] !== CODE || content.length < 6 || /^(\/\/|\/\*|\*|#|@)/.test(content)) continue;
    if (/[;)]$/.test(content) && !/[{}]/.test(content)) {
      found.push({
        language,
        source: `${source}:${i + 1}`,
        prefix: text.slice(0, at),
        middle: content,
        suffix: text.slice(at + content.length),
      });
    } else if (content.endsWith('{')) {
      const close = closeOf.get(starts[i] + line.length - 1);
      if (close !== undefined && text.slice(starts[i], close).split('\n').length <= 8) {
        found.push({
          language,
          source: `${source}:${i + 1}`,
          prefix: text.slice(0, at),
          middle: text.slice(at, close + 1),
          suffix: text.slice(close + 1),
        });
      }
    }
  }
  return spread(found, perFile);
}

function programs(language: CorpusLanguage, count: number): Source[] {
  const fromFiles = (files: string[], base: string, perFile: number) =>
    spread(files, Math.ceil(count / perFile) * 2).flatMap((f) => holes(language, f.replace(base, ''), readFileSync(f, 'utf8'), perFile));
  switch (language) {
    case 'python':
    case 'java':
    case 'cpp': {
      if (!benchPresent()) throw new Error(`${BENCH_DIR} (SAFIM and HumanEval-infilling) is needed for python, java and cpp`);
      const tasks = loadAllTasks().filter((t) => t.language === language);
      return spread(tasks, count * 2).map((t) => ({
        language,
        source: `${t.set} ${t.id}`,
        prefix: t.prefix,
        middle: t.middle,
        suffix: t.suffix,
      }));
    }
    case 'go': {
      const root = readdirSync('/usr/lib')
        .filter((d) => d.startsWith('go-'))
        .sort()
        .pop();
      return fromFiles(
        walk(`/usr/lib/${root}/src`, '.go').filter((f) => !f.includes('/testdata/')),
        `/usr/lib/${root}/src/`,
        2,
      );
    }
    case 'rust':
      return fromFiles(walk('/usr/share/cargo/registry', '.rs'), '/usr/share/cargo/registry/', 2);
    case 'javascript':
      return fromFiles(
        walk(join(ROOT, 'node_modules'), '.js').filter((f) => !/\.min\.|\/dist\/.*\.(umd|bundle)/.test(f)),
        join(ROOT, 'node_modules/'),
        2,
      );
    case 'typescript':
      return fromFiles(walk(join(ROOT, 'node_modules'), '.ts'), join(ROOT, 'node_modules/'), 3);
    case 'csharp': {
      const files = [
        '/usr/share/doc/mono-runtime-common/examples/skeleton.cs',
        '/usr/lib/node_modules/npm/node_modules/node-gyp/lib/Find-VisualStudio.cs',
      ].filter(existsSync);
      return files.flatMap((f) => holes(language, f, readFileSync(f, 'utf8'), count));
    }
  }
}

// ---------------------------------------------------------------- labels
async function label(check: Check, p: Source): Promise<CorpusTask | undefined> {
  if (!(await check(p.prefix + p.middle + p.suffix))) return undefined;
  const good = [p.middle];
  const bad: CorpusTask['bad'] = [];
  for (const m of mutations({ language: p.language, prefix: p.prefix, middle: p.middle, suffix: p.suffix })) {
    if (good.includes(m.middle) || bad.some((b) => b.middle === m.middle)) continue;
    if (await check(p.prefix + m.middle + p.suffix)) good.push(m.middle);
    else bad.push({ kind: m.kind, middle: m.middle });
  }
  const kept: CorpusTask['plants'] = [];
  for (const plant of plants(p.prefix + p.suffix, p.prefix.length, p.language)) {
    const { prefix, suffix } = applyPlant(p.prefix, p.suffix, plant);
    if (!(await check(prefix + p.middle + suffix))) kept.push(plant);
  }
  return { ...p, good, bad, plants: kept };
}

async function main(): Promise<void> {
  const tools = checkers();
  const languages = only.length ? only : CORPUS_LANGUAGES;
  const previous =
    existsSync(OUT) && only.length
      ? (await import('node:zlib')).gunzipSync(readFileSync(OUT)).toString('utf8').split('\n').filter(Boolean)
      : [];
  const lines = previous.filter((l) => !languages.includes((JSON.parse(l) as CorpusTask).language));
  for (const language of languages) {
    const started = performance.now();
    let kept = 0;
    for (const p of programs(language, PER_LANGUAGE)) {
      if (kept >= PER_LANGUAGE) break;
      const t = await label(tools[language], p);
      if (!t || !t.plants.length) continue;
      lines.push(JSON.stringify(t));
      kept++;
    }
    console.log(`${language}: ${kept} tasks in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
  console.log(`wrote ${OUT}`);
  rmSync(WORK, { recursive: true, force: true });
  process.exit(0);
}

await main();
