// The lexer that finds rows broken on their own (unclosed-openers.ts):
// what it reports must be the broken row, and sound code must give nothing
// (a row reported there would be blanked for nothing).
import { describe, expect, it } from 'vitest';
import { danglingRows, rowsLeftOpenByBoth, unclosedOpeners } from './unclosed-openers';

const rows = (text: string, language: string) => unclosedOpeners(text, language)!.map((o) => `${o.kind}:${o.row}`);

describe('unclosedOpeners', () => {
  it('finds an unclosed bracket on its own row, not at the block that closes it', () => {
    expect(rows('void f() {\n  total = max(1, 2;\n  g(x);\n}\n', 'java')).toEqual(['bracket:1']);
    expect(rows('for j in g:\n    values = max(1, 2\n    s ^= v\nprint(*s)\n', 'python')).toEqual(['bracket:1']);
    expect(rows('fn f() {\n    let a = [1, 2;\n}\n', 'rust')).toEqual(['bracket:1']);
  });

  it('finds a block comment or multi-line string that runs to the end, and one-line strings that run into the line break', () => {
    expect(rows('int a;\n/* note\nint b;\n', 'cpp')).toEqual(['comment:1']);
    expect(rows('fn f() {}\n/* a /* b */\nfn g() {}\n', 'rust')).toEqual(['comment:1']); // nested: still open
    // Where comments do not nest, `/* note` is closed by a later comment's `*/`: the row that opens it is the broken one.
    expect(rows('int a;\n/* note\nint b;\n/* doc */\nint c;\n', 'java')).toEqual(['comment:1']);
    expect(rows('x = 1\nnote = """abc\ny = 2\n', 'python')).toEqual(['string:1']);
    expect(rows('a := 1\nlabel := "abc\nb := 2\n', 'go')).toEqual(['string:1']);
    expect(rows('let s = `abc\nlet t = 1;\n', 'javascript')).toEqual(['string:0']);
    // Rust: a lifetime where a value must come is a character literal left open.
    expect(rows("fn f() {\n    let label = 'abc;\n}\n", 'rust')).toEqual(['string:1']);
  });

  it('reports nothing in sound code: strings, comments, raw strings, templates, regular expressions, lifetimes, digit separators', () => {
    const sound: [string, string][] = [
      ['python', 's = "(" + \'[\'  # (\nt = """\n(\n"""\nu = r"\\("\n'],
      ['java', 'String s = "(";\nchar c = \'(\';\n/* ( */ // (\nString t = """\n  ( "\n  """;\n'],
      ['cpp', "auto s = R\"x(()x\";\nint n = 1'000;\nchar c = '[';\n#define F(x) (x)\n"],
      ['csharp', 'var s = @"a ""("" b\nc";\nvar t = $"{(1)}";\n'],
      ['javascript', 'const r = /[(]/g;\nconst t = `a ${f(`(`)} b`;\nconst d = a / b / (c);\nif (x) return /\\(/.test(y);\n'],
      ['typescript', 'function f<T>(x: T[]): T { return x[0]; }\n'],
      ['go', "r := '('\ns := `(\n`\n"],
      ['rust', "fn f<'a>(x: &'a str) -> char { let c = '('; let s = r#\"(\"#; 'outer: loop { break 'outer; } c }\n"],
    ];
    for (const [language, text] of sound) expect(unclosedOpeners(text, language), language).toEqual([]);
  });

  it('knows no lexer for other languages', () => {
    expect(unclosedOpeners('(', 'cobol')).toBeUndefined();
  });
});

describe('rowsLeftOpenByBoth', () => {
  it('keeps a row the completion leaves open, not one it closes, never the cursor row', () => {
    // `foo(a,` on the row above the cursor: the hole's own, closed by a good completion `b)`.
    const prefix = 'x = 1\nfoo(a,\n';
    const suffix = '\ny = 2\nz = max(1, 2\n';
    const before = unclosedOpeners(prefix + suffix, 'python')!;
    expect(before.map((o) => o.row)).toEqual([1, 4]);
    const at = prefix.length;
    const good = 'b)';
    expect(rowsLeftOpenByBoth(before, prefix + good + suffix, 'python', at, good.length, 2)).toEqual([4]);
    const bad = 'b';
    expect(rowsLeftOpenByBoth(before, prefix + bad + suffix, 'python', at, bad.length, 2)).toEqual([1, 4]);
    expect(rowsLeftOpenByBoth(before, prefix + bad + suffix, 'python', at, bad.length, 4)).toEqual([1]);
  });
});

describe('danglingRows', () => {
  it('finds rows that end on `.`, `::` or a lone `=`, skipping comments and blank rows', () => {
    const java = 'import java.util.\n// a comment\n\nimport java.io.*;\nint x =\n  5;\nboolean b = x ==\n  5;\n';
    expect(danglingRows(java, 'java')).toEqual({ codeRows: [0, 3, 4, 5, 6, 7], dangling: new Set([0, 4]) });
    expect([...danglingRows('use std::\n/* c */\nuse a::b;\nlet r = 0..\n', 'rust')!.dangling]).toEqual([0]);
    expect([...danglingRows('import os.\nx = 1.\ny = f(a) # x.\n', 'python')!.dangling]).toEqual([0]);
  });
});
