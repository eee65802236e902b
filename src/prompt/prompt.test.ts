import { describe, expect, it } from 'vitest';
import { buildLocalPrompt, snippetsAsComments } from './prompt';
import { buildFimPrompt } from '../vocabulary/fim';

// Cursor lines up to 400 characters keep the usual layout (docs/local-model.md).
const MIDDLE_START_MAX = 400;

const bytes = (t: string) => new TextEncoder().encode(t).length;
const snippets = [
  { file: 'shop/tax.py', text: 'RATE = 0.2\ndef with_tax(a):\n    return a * (1 + RATE)' },
  { file: 'shop/pricing.py', text: 'def apply_discount(a, code):\n    return a * 0.9' },
];

describe('buildLocalPrompt', () => {
  it('without snippets is exactly the FIM prompt of the window (what the worker built before)', () => {
    const p = buildLocalPrompt({ family: 'qwen2.5-coder', prefix: 'a = 1\nb = ', suffix: '\n', countTokens: bytes });
    expect(p.prompt).toBe(buildFimPrompt('qwen2.5-coder', 'a = 1\nb = ', '\n'));
    expect(p.snippets).toEqual([]);
    expect(p.prompt.slice(0, p.cursorAt)).toBe('<|fim_prefix|>a = 1\nb = ');
  });

  it('Qwen2.5-Coder: the repository format, other files first, then the current file under its path', () => {
    const p = buildLocalPrompt({
      family: 'qwen2.5-coder',
      prefix: 'x = tax.',
      suffix: '\n',
      countTokens: bytes,
      context: { file: 'shop/cart.py', snippets, share: 1 },
    });
    expect(p.prompt).toBe(
      '<|repo_name|>shop\n<|file_sep|>shop/tax.py\nRATE = 0.2\ndef with_tax(a):\n    return a * (1 + RATE)\n' +
        '<|file_sep|>shop/pricing.py\ndef apply_discount(a, code):\n    return a * 0.9\n<|file_sep|>shop/cart.py\n<|fim_prefix|>x = tax.<|fim_suffix|>\n<|fim_middle|>',
    );
    expect(p.snippets.map((s) => s.file)).toEqual(['shop/tax.py', 'shop/pricing.py']);
    expect(p.prompt.slice(p.cursorAt)).toBe('<|fim_suffix|>\n<|fim_middle|>');
  });

  it('other families: snippets as comments in the language of the file, before the prefix', () => {
    const p = buildLocalPrompt({
      family: 'deepseek-coder',
      prefix: 'x = tax.',
      suffix: '\n',
      countTokens: bytes,
      context: { file: 'shop/cart.py', snippets: snippets.slice(1), share: 1 },
    });
    expect(p.prompt).toBe(
      '<｜fim▁begin｜># Path: shop/pricing.py\n# def apply_discount(a, code):\n#     return a * 0.9\nx = tax.<｜fim▁hole｜>\n<｜fim▁end｜>',
    );
    expect(snippetsAsComments({ file: 'b.ts', snippets: [{ file: 'a.ts', text: 'export const A = 1;\n\nx' }] })).toBe(
      '// Path: a.ts\n// export const A = 1;\n//\n// x\n',
    );
  });

  it('snippets take at most their share of the budget (one too big is skipped, a later one may fit); the window gets the rest', () => {
    const prefix = Array.from({ length: 200 }, (_, i) => `line${i} = ${i}`).join('\n') + '\nz = ';
    const budget = 600;
    const full = buildLocalPrompt({ family: 'qwen2.5-coder', prefix, suffix: '\n', budget, countTokens: bytes });
    const big = { file: 'big.py', text: 'y = 1\n'.repeat(40) };
    const p = buildLocalPrompt({
      family: 'qwen2.5-coder',
      prefix,
      suffix: '\n',
      budget,
      countTokens: bytes,
      context: { file: 'm.py', snippets: [big, ...snippets], share: 0.25 },
    });
    expect(p.snippets.map((s) => s.file)).toEqual(['shop/tax.py']); // big (240 bytes) is over 150; pricing no longer fits after tax
    const snippetTokens = p.snippets.reduce((n, s) => n + s.tokens, 0);
    expect(snippetTokens).toBeLessThanOrEqual(budget * 0.25);
    expect(p.window!.prefixTokens + p.window!.suffixTokens).toBeLessThan(full.window!.prefixTokens + full.window!.suffixTokens);
    expect(bytes(p.prompt)).toBeLessThanOrEqual(budget + bytes('<|fim_prefix|><|fim_suffix|><|fim_middle|>'));
  });
});

describe('the cursor line in the middle (cursorLineInMiddle)', () => {
  const build = (family: string, prefix: string, suffix = '\nc = 3\n') =>
    buildLocalPrompt({ family, prefix, suffix, countTokens: bytes, cursorLineInMiddle: true });

  it('the cursor line goes after the middle marker, and the whole prompt may be read ahead', () => {
    const p = build('qwen2.5-coder', 'a = 1\nb = ');
    expect(p.prompt).toBe('<|fim_prefix|>a = 1\n<|fim_suffix|>\nc = 3\n<|fim_middle|>b = ');
    expect(p.middleStart).toBe('b = ');
    expect(p.cursorAt).toBe(p.prompt.length);
    expect(p.prefix).toBe('a = 1\nb = ');
  });

  it("typing on the line changes only the prompt's end; an empty line ends the prompt with the marker", () => {
    const before = build('qwen2.5-coder', 'a = 1\nb = ').prompt;
    const after = build('qwen2.5-coder', 'a = 1\nb = 4 +').prompt;
    const empty = build('qwen2.5-coder', 'a = 1\n');
    expect(after.startsWith(before.slice(0, before.length - 'b = '.length))).toBe(true);
    expect(empty.prompt).toBe('<|fim_prefix|>a = 1\n<|fim_suffix|>\nc = 3\n<|fim_middle|>');
    expect(empty.middleStart).toBe('');
    expect(empty.cursorAt).toBe(empty.prompt.length);
  });

  it('stays at the prefix end for a line longer than MIDDLE_START_MAX and for templates that do not end with the middle marker', () => {
    const long = `x = [${'1, '.repeat(MIDDLE_START_MAX)}`;
    expect(build('qwen2.5-coder', long).middleStart).toBe('');
    expect(build('qwen2.5-coder', long).prompt).toBe(buildFimPrompt('qwen2.5-coder', long, '\nc = 3\n'));
    for (const family of ['codellama', 'codestral']) {
      const p = build(family, 'a = 1\nb = ');
      expect(p.prompt).toBe(buildFimPrompt(family, 'a = 1\nb = ', '\nc = 3\n'));
      expect(p.middleStart).toBe('');
    }
    for (const family of ['deepseek-coder', 'starcoder', 'codegemma'])
      expect(build(family, 'a = 1\nb = ').prompt.endsWith('b = ')).toBe(true);
  });

  it('a kept middle start holds the lines accepted since, while the middle stays short; past that, or out of place, the middle is the cursor line again', () => {
    const keep = (prefix: string, keepMiddleStart?: number) =>
      buildLocalPrompt({
        family: 'qwen2.5-coder',
        prefix,
        suffix: '\nc = 3\n',
        countTokens: bytes,
        cursorLineInMiddle: true,
        budget: 4096,
        keepMiddleStart,
      });
    const first = keep('a = 1\nb = ');
    expect(first.middleFrom).toBe('a = 1\n'.length);
    // A suggestion accepted: two lines more; the prompt up to the old middle is unchanged.
    const grown = keep('a = 1\nb = 2\nd = 4\ne = ', first.middleFrom);
    expect(grown.prompt).toBe('<|fim_prefix|>a = 1\n<|fim_suffix|>\nc = 3\n<|fim_middle|>b = 2\nd = 4\ne = ');
    expect(grown.middleStart).toBe('b = 2\nd = 4\ne = ');
    expect(grown.middleFrom).toBe(first.middleFrom);
    // Too long a middle, a start inside a line, a start after the cursor's line: the cursor line opens the middle.
    const long = keep(`a = 1\n${'x = 1\n'.repeat(200)}e = `, first.middleFrom);
    expect(long.middleStart).toBe('e = ');
    expect(keep('a = 1\nb = 2\ne = ', 2).middleStart).toBe('e = ');
    expect(keep('a = 1\nb = ', 40).middleStart).toBe('b = ');
  });

  it('snippets stay first, in the repository format', () => {
    const p = buildLocalPrompt({
      family: 'qwen2.5-coder',
      prefix: 'import tax\nx = tax.',
      suffix: '\n',
      countTokens: bytes,
      cursorLineInMiddle: true,
      context: { file: 'shop/cart.py', snippets: snippets.slice(0, 1), share: 1 },
    });
    expect(p.prompt).toBe(
      '<|repo_name|>shop\n<|file_sep|>shop/tax.py\nRATE = 0.2\ndef with_tax(a):\n    return a * (1 + RATE)\n' +
        '<|file_sep|>shop/cart.py\n<|fim_prefix|>import tax\n<|fim_suffix|>\n<|fim_middle|>x = tax.',
    );
  });
});
