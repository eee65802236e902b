// What the DOM lib would cost the types check (docs/semantic-check-typescript.md,
// "DOM types"): the Node compiler with the check's options, lib ES2022 alone
// against ES2022 + DOM + DOM iterable, on this repository's TypeScript files
// of 150 to 300 lines, each file checked whole by both settings in turns (so
// a loaded machine weighs on both alike), a program per check built on the
// previous one as the check does. CPU time per check: the first check (which
// parses the lib) and p50/p95 of the next ones.
//   npx tsx bench/semantic-ts/dom-cost.ts
import ts from 'typescript';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { TYPES_COMPILER_OPTIONS, TYPES_ROOT_LIB } from '../../src/semantic/type-diagnostics';
import { percentile } from '../../src/platform/percentile';

const libDir = dirname(ts.getDefaultLibFilePath({}));
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function repositoryFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir).sort()) {
    const path = join(dir, e);
    if (statSync(path).isDirectory()) repositoryFiles(path, out);
    else if (/\.tsx?$/.test(e) && !/\.test\.tsx?$/.test(e)) {
      const lines = readFileSync(path, 'utf8').split('\n').length;
      if (lines >= 150 && lines <= 300) out.push(path);
    }
  }
  return out;
}

/** A check over one text at a time, with `libs`: the program is built on the previous one, the lib parsed once. */
function checker(libs: string[]): (name: string, text: string) => void {
  const parsed = new Map<string, ts.SourceFile | undefined>();
  const options: ts.CompilerOptions = { ...TYPES_COMPILER_OPTIONS, lib: libs };
  const libFile = (name: string) => join(libDir, name.split('/').pop()!);
  let current = { name: '', text: '' };
  const host: ts.CompilerHost = {
    getSourceFile: (name, target) => {
      if (name === current.name) return ts.createSourceFile(name, current.text, target, false);
      if (!parsed.has(name)) {
        const file = libFile(name);
        parsed.set(
          name,
          statSync(file, { throwIfNoEntry: false }) ? ts.createSourceFile(name, readFileSync(file, 'utf8'), target, false) : undefined,
        );
      }
      return parsed.get(name);
    },
    getDefaultLibFileName: () => join(libDir, TYPES_ROOT_LIB),
    getDefaultLibLocation: () => libDir,
    writeFile: () => {},
    getCurrentDirectory: () => '/',
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (name) => name === current.name || statSync(libFile(name), { throwIfNoEntry: false }) !== undefined,
    readFile: (name) => (name === current.name ? current.text : undefined),
  };
  let previous: ts.Program | undefined;
  return (name, text) => {
    current = { name, text };
    const program = ts.createProgram([name], options, host, previous);
    previous = program;
    program.getSemanticDiagnostics(program.getSourceFile(name));
  };
}

const files = repositoryFiles('src').filter((_, i) => i % 4 === 0);
const settings: Record<string, (name: string, text: string) => void> = {
  ES2022: checker([TYPES_ROOT_LIB]),
  'ES2022 + DOM + DOM iterable': checker([TYPES_ROOT_LIB, 'lib.dom.d.ts', 'lib.dom.iterable.d.ts']),
};
const first: Record<string, number> = {};
const times: Record<string, number[]> = Object.fromEntries(Object.keys(settings).map((k) => [k, []]));
// Three rounds: the first warms the compiler's code up; the next two are counted.
for (const [i, path] of [...files, ...files, ...files].entries()) {
  const text = `${readFileSync(path, 'utf8')}\n// ${i}`;
  const name = `/semantic/input${path.endsWith('x') ? '.tsx' : '.ts'}`;
  const order = Object.entries(settings);
  for (const [setting, check] of i % 2 ? order : order.reverse()) {
    const started = cpuMs();
    check(name, text);
    const spent = cpuMs() - started;
    if (i === 0) first[setting] = spent;
    else if (i >= files.length) times[setting].push(spent);
  }
}
console.log(`${files.length} files, ${times.ES2022.length} checks per setting after the first round`);
console.log('| lib | first check | check p50 | check p95 |\n| --- | --- | --- | --- |');
for (const setting of Object.keys(settings))
  console.log(
    `| ${setting} | ${first[setting].toFixed(0)} ms | ${percentile(times[setting], 50)?.toFixed(1)} ms | ${percentile(times[setting], 95)?.toFixed(1)} ms |`,
  );
