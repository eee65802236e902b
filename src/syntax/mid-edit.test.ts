// The differential rule in documents that are mid-edit, on real parses, in
// every language: errors that exist elsewhere before the completion do not
// flag a valid completion; errors the completion introduces anywhere in the
// file (an unclosed bracket shows up at the end) do. Through the full check
// and through the live document (window) path, which must agree.
import { describe, expect, it } from 'vitest';
import type { SyntaxVerdict } from '../vocabulary/types';
import { LiveDocuments } from './live-documents';
import { checkHeld } from '../../testing/syntax/held-check';
import { createNodeValidator } from './node-runtime';

const validator = createNodeValidator();
const docs = new LiveDocuments(validator);
let version = 0;

/** Both paths; they must agree, and the verdict is returned. */
async function check(language: string, prefix: string, completion: string, suffix: string): Promise<SyntaxVerdict> {
  const full = await validator.validate({ language, prefix, completion, suffix });
  await docs.openDocument('doc', language, prefix + suffix, ++version);
  const live = (await checkHeld(docs, 'doc', language, version, prefix.length, completion))!;
  expect([live.valid, live.errors.map((e) => e.row)]).toEqual([full.valid, full.errors.map((e) => e.row)]);
  return full;
}

interface Case {
  language: string;
  /** Broken code far above the cursor, and far below it. */
  above: string;
  below: string;
  /** The cursor sits at `|`. */
  body: string;
  good: string;
  /** Opens a block it never closes: the error surfaces at the end of the file. */
  unclosed: string;
}

const CASES: Case[] = [
  {
    language: 'python',
    above: 'x = = 1\n\n',
    below: '\n\ny = [1, 2,, 3]\n',
    body: 'def total(xs):\n    t = 0\n    |\n    return t\n\n\ndef other():\n    return 2\n',
    good: 'for x in xs:\n        t += x',
    unclosed: 'for x in (xs:\n        t += x',
  },
  {
    language: 'java',
    above: 'class Z { int = ; }\n\n',
    below: '\nclass Y { void g() { int y = ; } }\n',
    body: 'class A {\n  int total(int[] xs) {\n    int t = 0;\n    |\n    return t;\n  }\n\n  int other() { return 2; }\n}\n',
    good: 'for (int x : xs) { t += x; }',
    unclosed: 'for (int x : xs) { t += x;',
  },
  {
    language: 'cpp',
    above: 'int x = = 1;\n\n',
    below: '\nint g() { return ; ] }\n',
    body: 'int total(const std::vector<int>& xs) {\n  int t = 0;\n  |\n  return t;\n}\n\nint other() { return 2; }\n',
    good: 'for (int x : xs) { t += x; }',
    unclosed: 'for (int x : xs) { t += x;',
  },
  {
    language: 'csharp',
    above: 'class Z { void F() { x = = 1; } }\n\n',
    below: '\nclass Y { void G() { int y = ; } }\n',
    body: 'class A {\n  int Total(int[] xs) {\n    int t = 0;\n    |\n    return t;\n  }\n\n  int Other() { return 2; }\n}\n',
    good: 'foreach (var x in xs) { t += x; }',
    unclosed: 'foreach (var x in xs) { t += x;',
  },
  {
    language: 'javascript',
    above: 'const x = = 1;\n\n',
    below: '\nfunction g() { return ] }\n',
    body: 'function total(xs) {\n  let t = 0;\n  |\n  return t;\n}\n\nfunction other() { return 2; }\n',
    good: 'for (const x of xs) { t += x; }',
    unclosed: 'for (const x of xs) { t += x;',
  },
  {
    language: 'typescript',
    above: 'const x: number = = 1;\n\n',
    below: '\nfunction g(): number { return ] }\n',
    body: 'function total(xs: number[]): number {\n  let t = 0;\n  |\n  return t;\n}\n\nfunction other(): number { return 2; }\n',
    good: 'for (const x of xs) { t += x; }',
    unclosed: 'for (const x of xs) { t += x;',
  },
  {
    language: 'go',
    above: 'var x = = 1\n\n',
    below: '\nfunc g() int { return ] }\n',
    body: 'package main\n\nfunc total(xs []int) int {\n\tt := 0\n\t|\n\treturn t\n}\n\nfunc other() int { return 2 }\n',
    good: 'for _, x := range xs {\n\t\tt += x\n\t}',
    unclosed: 'for _, x := range xs {\n\t\tt += x',
  },
  {
    language: 'rust',
    above: 'const X: i32 = = 1;\n\n',
    below: '\nfn g() -> i32 { ] }\n',
    body: 'fn total(xs: &[i32]) -> i32 {\n    let mut t = 0;\n    |\n    t\n}\n\nfn other() -> i32 { 2 }\n',
    good: 'for x in xs { t += x; }',
    unclosed: 'for x in xs { t += x;',
  },
];

describe.each(CASES)('$language mid-edit', (c) => {
  const [head, tail] = c.body.split('|');
  const broken = {
    prefix: c.language === 'go' ? head.replace('package main\n\n', `package main\n\n${c.above}`) : c.above + head,
    suffix: tail + c.below,
  };

  it('a valid completion in a clean file is valid, an unclosed one is not', async () => {
    expect((await check(c.language, head, c.good, tail)).valid).toBe(true);
    expect((await check(c.language, head, c.unclosed, tail)).valid).toBe(false);
  });

  it('errors elsewhere, before and after the cursor, do not flag a valid completion', async () => {
    const v = await check(c.language, broken.prefix, c.good, broken.suffix);
    expect(v.preexistingErrors).toBeGreaterThanOrEqual(2);
    expect(v.errors).toEqual([]);
    expect(v.valid).toBe(true);
  });

  it('but an error the completion introduces is flagged in that broken file, wherever it surfaces', async () => {
    const v = await check(c.language, broken.prefix, c.unclosed, broken.suffix);
    expect(v.valid).toBe(false);
    expect(v.errors.length).toBeGreaterThan(0);
  });
});
