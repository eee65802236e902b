import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../testing/platform/prng';
import { buildLocalPrompt } from './prompt';
import { type PromptSnippet } from '../vocabulary/types';
import { snippetsByFile } from './snippets-by-file';

const bytes = (t: string) => new TextEncoder().encode(t).length;
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}`);

describe('snippetsByFile', () => {
  it('one entry per file, files in the order of their best snippet, parts in line order with `...` where lines are left out', () => {
    const got = snippetsByFile([
      { file: 'b.ts', text: 'line 20\nline 21', startLine: 20 },
      { file: 'a.py', text: 'x', startLine: 0 },
      { file: 'b.ts', text: 'line 2', startLine: 2 },
      { file: 'b.ts', text: 'line 22', startLine: 22 },
    ]);
    expect(got).toEqual([
      { file: 'b.ts', text: 'line 2\n// ...\nline 20\nline 21\nline 22', startLine: 2 },
      { file: 'a.py', text: 'x', startLine: 0 },
    ]);
  });

  it("parts whose place is unknown (an endpoint's extra files) keep their order, a gap between them", () => {
    expect(
      snippetsByFile([
        { file: 'a.py', text: 'b' },
        { file: 'a.py', text: 'a' },
      ]),
    ).toEqual([{ file: 'a.py', text: 'b\n# ...\na' }]);
  });

  it("seeded: whatever the parts, each file once, every line of every part once, in the file's order, gaps exactly where lines are missing", () => {
    const random = mulberry32(7);
    const int = (n: number) => Math.floor(random() * n);
    for (let round = 0; round < 300; round++) {
      const files = ['x/a.ts', 'x/b.py', 'c.go'].slice(0, 1 + int(3));
      const source = new Map(files.map((f) => [f, numbered(60)]));
      const parts: PromptSnippet[] = Array.from({ length: 1 + int(6) }, () => {
        const file = files[int(files.length)];
        const start = int(55);
        return {
          file,
          text: source
            .get(file)!
            .slice(start, start + 1 + int(5))
            .join('\n'),
          startLine: start,
        };
      });
      const merged = snippetsByFile(parts);
      expect(merged.map((m) => m.file)).toEqual([...new Set(parts.map((p) => p.file))]);
      for (const m of merged) {
        const covered = new Set(parts.filter((p) => p.file === m.file).flatMap((p) => p.text.split('\n').map((_, i) => p.startLine! + i)));
        const expected: string[] = [];
        [...covered]
          .sort((x, y) => x - y)
          .forEach((line, i, all) => {
            if (i > 0 && line > all[i - 1] + 1) expected.push(m.file.endsWith('.py') ? '# ...' : '// ...');
            expected.push(`line ${line}`);
          });
        expect(m.text.split('\n')).toEqual(expected);
        expect(m.startLine).toBe(Math.min(...covered));
      }
    }
  });
});

describe('buildLocalPrompt with several snippets of a file', () => {
  const snippets = [
    { file: 'shop/tax.py', text: 'def with_tax(a):\n    return a * (1 + RATE)', startLine: 2 },
    { file: 'shop/pricing.py', text: 'def apply_discount(a, code):\n    return a * 0.9', startLine: 0 },
    { file: 'shop/tax.py', text: 'RATE = 0.2', startLine: 0 },
  ];

  it('writes them under one entry in line order and counts them as written', () => {
    const p = buildLocalPrompt({
      family: 'qwen2.5-coder',
      prefix: 'x = ',
      suffix: '\n',
      countTokens: bytes,
      context: { file: 'shop/cart.py', snippets, share: 1 },
    });
    const head =
      '<|repo_name|>shop\n<|file_sep|>shop/tax.py\nRATE = 0.2\n# ...\ndef with_tax(a):\n    return a * (1 + RATE)\n<|file_sep|>shop/pricing.py\ndef apply_discount(a, code):\n    return a * 0.9\n';
    expect(p.prompt.startsWith(head)).toBe(true);
    // Each snippet's tokens are what it added: together, the entries as written.
    expect(p.snippets.map((s) => s.file)).toEqual(['shop/tax.py', 'shop/pricing.py', 'shop/tax.py']);
    expect(p.snippets.reduce((n, s) => n + s.tokens, 0)).toBe(bytes(head.slice('<|repo_name|>shop\n'.length)));
  });

  it('families without a repository format get one `Path:` comment per file', () => {
    const p = buildLocalPrompt({
      family: 'deepseek-coder',
      prefix: 'x = ',
      suffix: '\n',
      countTokens: bytes,
      context: { file: 'shop/cart.py', snippets, share: 1 },
    });
    expect(p.prompt.match(/# Path: shop\/tax\.py/g)).toHaveLength(1);
    expect(p.prompt).toContain('# Path: shop/tax.py\n# RATE = 0.2\n# ...\n# def with_tax(a):');
  });
});
