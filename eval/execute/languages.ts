// How each language's program is built and run, with SAFIM's executor
// (ExecEval) settings where they matter for results: g++ -std=c++17 -O2 with
// limits.h and math.h pre-included and -DONLINE_JUDGE; Python with -W ignore
// -OO -s -S; Java 17 with the public class's file name. Resource limits are
// ExecEval's: 2 s CPU times a per-language factor (python 3, java 3, cpp 1),
// 2 GB address space (the JVM gets -Xmx2g and 4 GB more address space for
// itself). Differences, for speed on small machines: no -static link, and the
// JVM runs with SerialGC and the C1 compiler only (fewer threads, faster start).
// C#: ExecEval compiles with Roslyn's `csc -o` and runs `mono test.exe` with 2 s
// CPU times 3; Debian ships no Roslyn, so Mono's own compiler `mcs` builds it
// (-optimize+, and -langversion:experimental, the newest C# mcs knows: it adds
// C# 7.2's `in` parameters, which SAFIM's C# uses). What mcs cannot compile at
// all (C# 8+ ranges and indices, local functions ...) is in docs/evaluation.md.
import { LANGUAGE_SPECS, type Runner } from '../../src/languages';
import type { Limits } from './sandbox';
import type { ToolName } from './toolchain';

export interface CompileStep {
  tool: ToolName;
  args(file: string): string[];
  /** Does this file belong to the compiled output? */
  isArtifact(name: string): boolean;
}

export interface LanguageRuntime {
  /** File name the source must have (Java: the public class). */
  fileName(source: string): string;
  compile?: CompileStep;
  /** tool null: the compiled binary itself is argv[0]. */
  run: { tool: ToolName | null; args(file: string): string[] };
  limits: Limits;
  /**
   * SAFIM's api-task rule where it is more than string equality
   * (evaluate.py `syntax_match`, Python only): a program that reads the two
   * middles, whitespace removed, as a JSON pair on stdin and prints `CALL
   * True` or `CALL False` when both parse as calls (their arguments
   * compared, not the callee), `STR` otherwise (api-match.ts).
   */
  callsMatch?: { tool: ToolName; args: string[] };
}

const GB = 1024 ** 3;
const BASE = { nproc: 64, fileBytes: 64 * 1024 ** 2, outputBytes: 1024 ** 2 };

/** Compilers get generous limits: they are trusted, the code they read is not (templates can explode). */
export const COMPILE_LIMITS: Limits = {
  cpuSeconds: 60,
  wallMs: 120_000,
  memoryBytes: null,
  nproc: 512,
  fileBytes: 256 * 1024 ** 2,
  outputBytes: 64 * 1024,
};

const JAVA_RUN_FLAGS = [
  '-DONLINE_JUDGE=true',
  '-Xlog:disable',
  '-Xmx2g',
  '-XX:ReservedCodeCacheSize=64m',
  '-XX:-UseCompressedClassPointers',
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
];

/** The Java file name: `public class X` -> X.java (javac insists), else the class with main, else Main. */
export function javaClassName(source: string): string {
  const pub = /(?:^|\s)public\s+(?:(?:final|abstract|static|strictfp)\s+)*class\s+([A-Za-z_$][\w$]*)/.exec(source);
  if (pub) return pub[1];
  const main = source.indexOf('static void main');
  const classes = [...source.matchAll(/(?:^|\s)class\s+([A-Za-z_$][\w$]*)/g)].filter((m) => (m.index ?? 0) < (main < 0 ? Infinity : main));
  return classes.at(-1)?.[1] ?? 'Main';
}

/** Python's `callsMatch`: its own `ast`, arguments compared by `ast.dump`. */
const PYTHON_CALLS_MATCH = `
import ast, json, sys
a, b = json.load(sys.stdin)
def params(c):
    return ([ast.dump(x) for x in c.args], {k.arg: ast.dump(k.value) for k in c.keywords})
try:
    t1 = ast.parse(a, mode="eval"); t2 = ast.parse(b, mode="eval")
    if isinstance(t1.body, ast.Call) and isinstance(t2.body, ast.Call):
        print("CALL", params(t1.body) == params(t2.body)); sys.exit(0)
except Exception:
    pass
print("STR")
`;

/** One runtime per runner the language registry names (src/languages/spec.ts): a new runner fails to compile until it has one. */
const RUNNERS: Readonly<Record<Runner, LanguageRuntime>> = {
  python: {
    fileName: () => 'test.py',
    run: { tool: 'python3', args: (f) => ['-W', 'ignore', '-OO', '-s', '-S', f] },
    limits: { ...BASE, cpuSeconds: 6, wallMs: 20_000, memoryBytes: 2 * GB },
    callsMatch: { tool: 'python3', args: ['-S', '-c', PYTHON_CALLS_MATCH] },
  },
  cpp: {
    fileName: () => 'test.cpp',
    compile: {
      tool: 'g++',
      args: (f) => [
        '-std=c++17',
        '-O2',
        '-w',
        '-DONLINE_JUDGE',
        '-include',
        'limits.h',
        '-include',
        'math.h',
        '-x',
        'c++',
        f,
        '-o',
        'a.out',
        '-lm',
      ],
      isArtifact: (n) => n === 'a.out',
    },
    run: { tool: null, args: () => ['./a.out'] },
    limits: { ...BASE, cpuSeconds: 2, wallMs: 10_000, memoryBytes: 2 * GB },
  },
  csharp: {
    fileName: () => 'test.cs',
    compile: {
      tool: 'mcs',
      args: (f) => ['-optimize+', '-langversion:experimental', '-out:test.exe', f],
      isArtifact: (n) => n === 'test.exe',
    },
    run: { tool: 'mono', args: () => ['test.exe'] },
    limits: { ...BASE, cpuSeconds: 6, wallMs: 20_000, memoryBytes: 2 * GB },
  },
  java: {
    fileName: (src) => `${javaClassName(src)}.java`,
    compile: {
      tool: 'javac',
      args: (f) => ['-J-XX:+UseSerialGC', '-J-XX:TieredStopAtLevel=1', '-nowarn', '-encoding', 'UTF-8', '-d', '.', f],
      isArtifact: (n) => n.endsWith('.class'),
    },
    run: { tool: 'java', args: (f) => [...JAVA_RUN_FLAGS, '-cp', '.', f.replace(/\.java$/, '')] },
    limits: { ...BASE, nproc: 256, cpuSeconds: 6, wallMs: 20_000, memoryBytes: 6 * GB },
  },
};

/** The runtime of each language whose record names a runner, by language id. */
export const RUNTIMES: Readonly<Record<string, LanguageRuntime>> = Object.fromEntries(
  LANGUAGE_SPECS.flatMap((s) => (s.runner ? [[s.id, RUNNERS[s.runner]] as const] : [])),
);

/** ExecEval runs sources with CRLF turned into LF (SAFIM's prompts mix both). */
export const crlfToLf = (s: string) => s.replace(/\r\n/g, '\n');
