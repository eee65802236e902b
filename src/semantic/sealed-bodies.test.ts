// Sealed bodies blanked: the text keeps its length and lines, only bodies
// whose function's type cannot depend on them go, and on long files nobody
// here wrote the compiler's diagnostics at a completion are the same with
// and without them (a line put back, and the line with a member misspelled).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SealedBodies } from './sealed-bodies';
import { TYPES_COMPILER_OPTIONS, TYPES_ROOT_LIB, flattenMessage } from './type-diagnostics';
import { regionDiagnostics } from './typescript-region';
import { withoutOpenTypes } from './typescript-open-types';

const blankOf = (text: string, start = text.length, end = start, name = '/x.ts') => new SealedBodies(ts).blank(name, text, start, end);

describe('which bodies are blanked', () => {
  it('keeps the length and every line break', () => {
    const text = 'function f(a: number): number {\r\n  const b = a * 2;\u2028  return b;\n}\nconst g = (): string => { return "é😀"; };\n';
    const out = blankOf(text);
    expect(out).toHaveLength(text.length);
    expect(out.match(/[\n\r\u2028]/g)).toEqual(text.match(/[\n\r\u2028]/g));
    expect(out).not.toContain('return');
  });

  it('blanks a body whose return type is written or that returns nothing, and keeps one that says what it returns', () => {
    const text = [
      'function typed(): number { return 1; }',
      'function nothing() { console.log(1); }',
      'function inferred() { return 1; }',
      'function thrower() { throw new Error("x"); }',
      'function endless() { for (;;) {} }',
      'function* gen() { yield 1; }',
      'class C { constructor() { this.x = 1; } get v() { return 1; } set v(n) { console.log(n); } m(): void { work(); } }',
      'const inner = () => { const f = () => { return 2; }; f(); };',
    ].join('\n');
    const out = blankOf(text).split('\n');
    expect(out[0]).not.toContain('return');
    expect(out[1]).not.toContain('console');
    expect(out[2]).toContain('return 1');
    expect(out[3]).toContain('throw');
    expect(out[4]).toContain('for (;;)');
    expect(out[5]).toContain('yield');
    expect(out[6]).not.toContain('this.x');
    expect(out[6]).toContain('get v() { return 1; }');
    expect(out[6]).not.toContain('console');
    expect(out[6]).not.toContain('work');
    // A return in a nested function is that function's: the outer one still returns nothing.
    expect(out[7]).not.toContain('f()');
  });

  it('never blanks the body the completion is in, nor JavaScript', () => {
    const text = 'function a(): number { return 1; }\nfunction b(): number { return 2; }\n';
    const at = text.indexOf('return 2');
    const out = blankOf(text, at, at + 8);
    expect(out).toContain('return 2');
    expect(out).not.toContain('return 1');
    expect(blankOf(text, at, at, '/x.js')).toBe(text);
  });
});

/** Region diagnostics meeting [start, end] of `text`, as a host's compiler gives them, keyed as the rule keys them. */
function checker() {
  const libDir = dirname(ts.getDefaultLibFilePath({}));
  const libs = new Map<string, ts.SourceFile | undefined>();
  let current = { name: '/semantic/input.ts', text: '' };
  const lib = (name: string) => {
    if (!libs.has(name)) {
      let file: ts.SourceFile | undefined;
      try {
        file = ts.createSourceFile(name, readFileSync(join(libDir, name.split('/').pop()!), 'utf8'), ts.ScriptTarget.ES2022);
      } catch {
        file = undefined;
      }
      libs.set(name, file);
    }
    return libs.get(name);
  };
  const host: ts.CompilerHost = {
    getSourceFile: (name) => (name === current.name ? ts.createSourceFile(name, current.text, ts.ScriptTarget.ES2022) : lib(name)),
    getDefaultLibFileName: () => join(libDir, TYPES_ROOT_LIB),
    getDefaultLibLocation: () => libDir,
    writeFile: () => {},
    getCurrentDirectory: () => '/',
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (name) => name === current.name || lib(name) !== undefined,
    readFile: (name) => (name === current.name ? current.text : lib(name)?.text),
  };
  let previous: ts.Program | undefined;
  return (text: string, start: number, end: number) => {
    current = { name: current.name, text };
    const program = ts.createProgram([current.name], { ...TYPES_COMPILER_OPTIONS }, host, previous);
    previous = program;
    const file = program.getSourceFile(current.name)!;
    return withoutOpenTypes(ts, program, file, regionDiagnostics(ts, program, file, start, end))
      .filter((d) => (d.start ?? 0) <= end && (d.start ?? 0) + (d.length ?? 0) >= start)
      .map((d) => `${d.start}:${d.code}:${flattenMessage(d.messageText, ' ')}`)
      .sort();
  };
}

/** Long TypeScript sources nobody here wrote, and one of this repository's. */
const FILES = [
  'node_modules/dompurify/src/purify.ts',
  'node_modules/@huggingface/jinja/src/runtime.ts',
  'node_modules/ajv/lib/compile/codegen/index.ts',
  'src/semantic/python-walk.ts',
  'src/semantic/javascript.ts',
  'src/languages/lexer.ts',
];

describe('the diagnostics at a completion', () => {
  it('are the same with sealed bodies blanked, on long files, for lines put back and for misspelled members', () => {
    const diagnose = checker();
    const sealed = new SealedBodies(ts);
    let compared = 0;
    let flagged = 0;
    let blankedChars = 0;
    for (const path of FILES) {
      const lines = readFileSync(path, 'utf8').split('\n');
      const code = lines
        .map((line, i) => ({ line, i }))
        .filter(({ line }) => /\w.{11}/.test(line.trim()) && !/^\s*(\/\/|\*|\/\*)/.test(line));
      const step = Math.max(1, Math.floor(code.length / 40));
      for (const { line, i } of code.filter((_, k) => k % step === 0)) {
        const member = /\.([A-Za-z_$][\w$]{3,})/.exec(line);
        const variants = [line, ...(member ? [line.slice(0, member.index + 2) + line.slice(member.index + 3)] : [])];
        for (const variant of variants) {
          const text = [...lines.slice(0, i), variant, ...lines.slice(i + 1)].join('\n');
          const start = lines.slice(0, i).join('\n').length + 1;
          const end = start + variant.length;
          const blanked = sealed.blank('/semantic/input.ts', text, start, end);
          blankedChars += text.length - blanked.replace(/ {2,}/g, ' ').length;
          const plain = diagnose(text, start, end);
          expect(diagnose(blanked, start, end), `${path}:${i + 1}: ${variant.trim()}`).toEqual(plain);
          compared++;
          flagged += Number(plain.length > 0);
        }
      }
    }
    expect(compared).toBeGreaterThan(60);
    // Both kinds of answer were compared, and there was something to blank.
    expect(flagged).toBeGreaterThan(5);
    expect(blankedChars).toBeGreaterThan(100_000);
  }, 240_000);
});
