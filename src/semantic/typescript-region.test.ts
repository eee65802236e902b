// The region the types check asks the compiler about: the innermost body of
// statements around the completion, whatever holds it, so that a long
// function's other branches are not checked for one line in one of them.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { regionDiagnostics } from './typescript-region';
import { TYPES_COMPILER_OPTIONS } from './type-diagnostics';

/** The region diagnostics' codes and the text they point at, for the completion between « and ». */
function region(marked: string): string[] {
  const start = marked.indexOf('«');
  const end = marked.indexOf('»') - 1;
  const text = marked.replace(/[«»]/g, '');
  const name = '/semantic/input.ts';
  const host = ts.createCompilerHost(TYPES_COMPILER_OPTIONS);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (n, target, ...rest) => (n === name ? ts.createSourceFile(n, text, target) : getSourceFile(n, target, ...rest));
  const program = ts.createProgram([name], { ...TYPES_COMPILER_OPTIONS, lib: ['lib.es2022.d.ts'] }, host);
  const file = program.getSourceFile(name)!;
  return regionDiagnostics(ts, program, file, start, end).map((d) => `${d.code} ${text.slice(d.start, d.start! + d.length!)}`);
}

describe('regionDiagnostics', () => {
  it("checks the statement in an if branch, not the function's other branches", () => {
    const source = [
      'export function f(n: number) {',
      '  if (n > 1) {',
      '    const a: string = 1;',
      '  } else {',
      '    «const b: string = 2;»',
      '  }',
      '  const c: string = 3;',
      '}',
    ].join('\n');
    expect(region(source)).toEqual(['2322 b']);
  });

  it("checks the statement in a loop's body and a case clause's", () => {
    expect(region('for (const x of [1]) {\n  const a: string = x;\n  «const b: string = x;»\n}')).toEqual(['2322 b']);
    expect(region('declare const k: number;\nswitch (k) {\n  case 1:\n    const a: string = k;\n  «const b: string = k;»\n}')).toEqual([
      '2322 b',
    ]);
  });

  it('checks the whole statement when the completion is in its condition or signature', () => {
    const source = 'function f(n: number) {\n  if («n.lenght») {\n    const a: string = 1;\n  }\n}';
    expect(region(source).sort()).toEqual(['2322 a', '2339 lenght']);
  });

  it('checks every statement the completion meets', () => {
    const source = 'function f() {\n  const a: string = 1;\n  «const b: string = 2;\n  const c: string = 3;»\n  const d: string = 4;\n}';
    const found = region(source);
    expect(found).toEqual(expect.arrayContaining(['2322 b', '2322 c']));
    expect(found).not.toContain('2322 a');
  });
});
