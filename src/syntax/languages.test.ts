// C#, JavaScript, TypeScript (and TSX), Go and Rust, each with its own
// cases beyond the one-liners of validator.test.ts: idiomatic multi-line
// completions that must pass, and the usual breakages that must not.
import { describe, expect, it } from 'vitest';
import { createNodeValidator } from './node-runtime';

const validator = createNodeValidator();

interface Case {
  name: string;
  prefix: string;
  completion: string;
  suffix: string;
  valid: boolean;
}

const CASES: Record<string, Case[]> = {
  csharp: [
    {
      name: 'a LINQ query',
      prefix: 'using System.Linq;\nclass A {\n  int[] Evens(int[] xs) {\n    return ',
      completion: 'xs.Where(x => x % 2 == 0).ToArray()',
      suffix: ';\n  }\n}\n',
      valid: true,
    },
    {
      name: 'a property with a getter',
      prefix: 'class A {\n  ',
      completion: 'public int Count { get; private set; }',
      suffix: '\n}\n',
      valid: true,
    },
    {
      name: 'an interpolated string',
      prefix: 'class A {\n  string F(int n) {\n    return ',
      completion: '$"n = {n}"',
      suffix: ';\n  }\n}\n',
      valid: true,
    },
    {
      name: 'an unterminated string',
      prefix: 'class A {\n  string F() {\n    return ',
      completion: '"abc',
      suffix: ';\n  }\n}\n',
      valid: false,
    },
    {
      name: 'an if without its condition',
      prefix: 'class A {\n  void F(int n) {\n    ',
      completion: 'if { n++; }',
      suffix: '\n  }\n}\n',
      valid: false,
    },
  ],
  javascript: [
    {
      name: 'an arrow function with a body',
      prefix: 'const xs = [1, 2, 3];\nconst doubled = ',
      completion: 'xs.map((x) => {\n  return x * 2;\n})',
      suffix: ';\n',
      valid: true,
    },
    { name: 'a template literal', prefix: 'function hi(name) {\n  return ', completion: '`hi ${name}`', suffix: ';\n}\n', valid: true },
    {
      name: 'async/await with try/catch',
      prefix: 'async function load(url) {\n  ',
      completion: 'try {\n    return await fetch(url);\n  } catch (e) {\n    return null;\n  }',
      suffix: '\n}\n',
      valid: true,
    },
    {
      name: 'JSX (the javascript grammar parses it)',
      prefix: 'const el = ',
      completion: '<div className="a">{x}</div>',
      suffix: ';\n',
      valid: true,
    },
    {
      name: 'an object literal missing its brace',
      prefix: 'const cfg = ',
      completion: '{ a: 1, b: 2',
      suffix: ';\nexport default cfg;\n',
      valid: false,
    },
    { name: 'a doubled operator', prefix: 'const x = ', completion: '1 + * 2', suffix: ';\n', valid: false },
  ],
  typescript: [
    {
      name: 'generics and a type annotation',
      prefix: 'function first',
      completion: '<T>(xs: T[]): T | undefined {\n  return xs[0];\n}',
      suffix: '\n',
      valid: true,
    },
    {
      name: 'an interface member',
      prefix: 'interface User {\n  id: number;\n  ',
      completion: 'name?: string;',
      suffix: '\n}\n',
      valid: true,
    },
    {
      name: 'a type assertion with as',
      prefix: 'const n = ',
      completion: '(JSON.parse(s) as { n: number }).n',
      suffix: ';\n',
      valid: true,
    },
    {
      name: 'an unclosed generic call',
      prefix: 'const m = new Map<string, number>();\nm.set(',
      completion: '"a", Math.max(1, 2',
      suffix: ');\n',
      valid: false,
    },
    { name: 'an annotation without a type', prefix: 'let x: ', completion: '= 1', suffix: ';\n', valid: false },
  ],
  tsx: [
    {
      name: 'a component with props',
      prefix: 'export function Row(p: { name: string }) {\n  return ',
      completion: '<li key={p.name}>{p.name}</li>',
      suffix: ';\n}\n',
      valid: true,
    },
    { name: 'an unclosed element', prefix: 'export const A = () => ', completion: '<div><span>x</span>', suffix: ';\n', valid: false },
  ],
  go: [
    {
      name: 'an if with an init statement',
      prefix: 'package main\n\nimport "strconv"\n\nfunc f(s string) int {\n\t',
      completion: 'if n, err := strconv.Atoi(s); err == nil {\n\t\treturn n\n\t}',
      suffix: '\n\treturn 0\n}\n',
      valid: true,
    },
    {
      name: 'a goroutine with a closure',
      prefix: 'package main\n\nfunc f(ch chan int) {\n\t',
      completion: 'go func() {\n\t\tch <- 1\n\t}()',
      suffix: '\n}\n',
      valid: true,
    },
    {
      name: 'a struct literal',
      prefix: 'package main\n\ntype P struct{ X, Y int }\n\nvar p = ',
      completion: 'P{X: 1, Y: 2}',
      suffix: '\n',
      valid: true,
    },
    {
      name: 'a for header with a stray paren',
      prefix: 'package main\n\nfunc f(xs []int) {\n\t',
      completion: 'for i := 0; i < len(xs; i++ {\n\t}',
      suffix: '\n}\n',
      valid: false,
    },
    {
      name: 'an unclosed block',
      prefix: 'package main\n\nfunc f(x int) int {\n\t',
      completion: 'if x > 0 {\n\t\treturn 1\n',
      suffix: '\treturn 0\n}\n',
      valid: false,
    },
  ],
  rust: [
    {
      name: 'a match with arms',
      prefix: 'fn sign(x: i32) -> i32 {\n    ',
      completion: 'match x {\n        0 => 0,\n        x if x > 0 => 1,\n        _ => -1,\n    }',
      suffix: '\n}\n',
      valid: true,
    },
    {
      name: 'an iterator chain with a closure',
      prefix: 'fn total(xs: &[i32]) -> i32 {\n    ',
      completion: 'xs.iter().map(|x| x * 2).sum()',
      suffix: '\n}\n',
      valid: true,
    },
    {
      name: 'a lifetime and a reference',
      prefix: '',
      completion: "fn longest<'a>(a: &'a str, b: &'a str) -> &'a str {\n    if a.len() > b.len() { a } else { b }\n}",
      suffix: '\n',
      valid: true,
    },
    { name: 'an unclosed macro call', prefix: 'fn main() {\n    ', completion: 'println!("{}", 1', suffix: ';\n}\n', valid: false },
    { name: 'a let without a pattern', prefix: 'fn main() {\n    ', completion: 'let = 5;', suffix: '\n}\n', valid: false },
  ],
};

describe.each(Object.keys(CASES))('%s', (language) => {
  it.each(CASES[language])('$name', async (c) => {
    const v = await validator.validate({ language, prefix: c.prefix, completion: c.completion, suffix: c.suffix });
    expect(v.checked).toBe(true);
    expect([v.valid, v.errors]).toEqual(c.valid ? [true, []] : [false, expect.arrayContaining([expect.anything()])]);
  });
});
