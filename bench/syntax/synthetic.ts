// Generated source files for the syntax benches: plain TypeScript, so the
// Node bench and the browser page (bench/syntax/page-probe.ts) share them.
//
// One small function (a loop with an if/else), written the idiomatic way in
// each of the 8 languages the validator checks, repeated: files of 100,
// 1,000 and 10,000 lines then differ only in how many members surround the
// one being completed, which is what the live path's cost must not follow.

export type SyntheticLanguage = 'python' | 'java' | 'cpp' | 'csharp' | 'javascript' | 'typescript' | 'go' | 'rust';

interface Shape {
  /** The i-th member, ending with its blank lines. */
  unit: (i: number) => string;
  /** What wraps the members (a class, a package clause). */
  head?: string;
  tail?: string;
  /** The start of `total = 0` in a member: the hole is the `0`. */
  marker: string;
}

const C_LIKE_BODY = (indent: string, decl: string, loop: string) =>
  `${indent}  ${decl} = 0;\n${indent}  for (${loop}; x < a; x++) {\n${indent}    if (x % 2 == 0) total += x * b;\n${indent}    else total -= 1;\n${indent}  }\n${indent}  return total;\n${indent}}\n\n`;

const SHAPES: Record<SyntheticLanguage, Shape> = {
  python: {
    unit: (i) =>
      `def f_${i}(a, b):\n    total = 0\n    for x in range(a):\n        if x % 2 == 0:\n            total += x * b\n        else:\n            total -= 1\n    return total\n\n\n`,
    marker: '    total = 0',
  },
  java: {
    unit: (i) => `  int f_${i}(int a, int b) {\n${C_LIKE_BODY('  ', 'int total', 'int x = 0')}`,
    head: 'class Big {\n',
    tail: '}\n',
    marker: '    int total = 0',
  },
  cpp: {
    unit: (i) => `int f_${i}(int a, int b) {\n${C_LIKE_BODY('', 'int total', 'int x = 0')}`,
    marker: '  int total = 0',
  },
  csharp: {
    unit: (i) => `    int F${i}(int a, int b) {\n${C_LIKE_BODY('    ', 'int total', 'int x = 0')}`,
    head: 'namespace Bench {\n  class Big {\n',
    tail: '  }\n}\n',
    marker: '      int total = 0',
  },
  javascript: {
    unit: (i) => `function f${i}(a, b) {\n${C_LIKE_BODY('', 'let total', 'let x = 0')}`,
    marker: '  let total = 0',
  },
  typescript: {
    unit: (i) => `function f${i}(a: number, b: number): number {\n${C_LIKE_BODY('', 'let total: number', 'let x = 0')}`,
    marker: '  let total: number = 0',
  },
  go: {
    unit: (i) =>
      `func f${i}(a int, b int) int {\n\ttotal := 0\n\tfor x := 0; x < a; x++ {\n\t\tif x%2 == 0 {\n\t\t\ttotal += x * b\n\t\t} else {\n\t\t\ttotal -= 1\n\t\t}\n\t}\n\treturn total\n}\n\n`,
    head: 'package big\n\n',
    marker: '\ttotal := 0',
  },
  rust: {
    unit: (i) =>
      `fn f${i}(a: i32, b: i32) -> i32 {\n    let mut total = 0;\n    for x in 0..a {\n        if x % 2 == 0 {\n            total += x * b;\n        } else {\n            total -= 1;\n        }\n    }\n    total\n}\n\n`,
    marker: '    let mut total = 0',
  },
};

export const SYNTHETIC_LANGUAGES = Object.keys(SHAPES) as SyntheticLanguage[];

const lineCount = (s: string) => s.split('\n').length - 1;

/** Files of `lines` lines (or, with `chars`, of at least that many code units): small functions (methods) with a hole in the middle one. */
export function syntheticFile(language: SyntheticLanguage, lines: number, chars = 0): { text: string; offset: number; completion: string } {
  const { unit, head = '', tail = '', marker } = SHAPES[language];
  const parts: string[] = [];
  let count = lineCount(head) + lineCount(tail);
  let size = 0;
  for (let i = 0; count < lines || size < chars; i++) {
    const u = unit(i);
    parts.push(u);
    count += lineCount(u);
    size += u.length;
  }
  let text = head + parts.join('') + tail;
  // The hole: `total = ` with the cursor at its end, as while typing.
  const offset = text.indexOf(marker, text.length >> 1) + marker.length - 1;
  text = text.slice(0, offset) + text.slice(offset + 1);
  return { text, offset, completion: 'a + b' };
}
