// The corpus tools' reading of a text (lexed-text.ts): the shared lexer's
// spans as a per-character mask, its strings as literals, its brackets;
// and the mutations and plants built on it, deterministic and in the
// language's own rules.
import { describe, expect, it } from 'vitest';
import { plants } from './edit-states';
import { bracketPairs, CODE, COMMENT, DIRECTIVE, lexText, STRING } from './lexed-text';
import { mutations } from './mutations';

const maskOf = (text: string, language: string) =>
  Array.from(lexText(text, language).mask, (k) => ({ [CODE]: '.', [STRING]: 's', [COMMENT]: 'c', [DIRECTIVE]: 'd' })[k]).join('');

describe('lexText', () => {
  it("marks code, strings, comments and preprocessor lines by the language's rules", () => {
    expect(maskOf('x = "a" # c', 'python')).toBe('....sss.ccc');
    expect(maskOf('#define A (\nf(/* x */);', 'cpp')).toBe('ddddddddddd...ccccccc..');
    expect(maskOf('t = `a${b}c`', 'javascript')).toBe('....ss....ss');
    expect(maskOf("r := `'`", 'go')).toBe('.....sss');
    // A lifetime is code, not a string running to the end of the line.
    expect(maskOf("fn f<'a>(x: &'a str)", 'rust')).toBe('.'.repeat(20));
  });

  it('lists string literals with their closers; an unterminated one has none', () => {
    expect(lexText('s = """a""" + "b', 'python').strings).toEqual([
      { open: 4, close: 8, quoteLength: 3, multiLine: true },
      { open: 14, close: -1, quoteLength: 0, multiLine: false },
    ]);
    expect(lexText('auto s = R"x(")x";', 'cpp').strings).toEqual([{ open: 10, close: 14, quoteLength: 3, multiLine: true }]);
  });

  it('pairs the brackets of code only: none in strings, comments, regular expressions or macros', () => {
    const text = 'const r = /[(]/; f("(", a[0]) // )';
    expect(bracketPairs(text, lexText(text, 'javascript'))).toEqual({
      pairs: [
        [25, 27],
        [18, 28],
      ],
      balanced: true,
    });
    expect(bracketPairs('#define LP (\nf()', lexText('#define LP (\nf()', 'cpp')).balanced).toBe(true);
    expect(bracketPairs('f(]', lexText('f(]', 'java')).balanced).toBe(false);
  });
});

describe('mutations and plants on the shared lexer', () => {
  it('drop a quote only where a one-line string is certain to be left open', () => {
    const doc = (language: 'java' | 'rust', middle: string) => ({ language, prefix: 'fn f() {\n  g(', middle, suffix: ');\n}\n' });
    expect(mutations(doc('java', '"abc"')).map((m) => m.kind)).toContain('drop-quote');
    // Rust strings span lines: without its closer the string runs on to the next quote.
    expect(mutations(doc('rust', '"abc"')).map((m) => m.kind)).not.toContain('drop-quote');
  });

  it('are deterministic, and read a template as a string', () => {
    const prefix = 'function f(a) {\n  const s = `(${a}`;\n  if (a) {\n    ';
    const task = { language: 'javascript' as const, prefix, middle: 'return g(a);', suffix: '\n  }\n}\n' };
    const once = mutations(task);
    expect(mutations(task)).toEqual(once);
    // The `(` inside the template is no bracket: the file balances, so a closer may be dropped.
    expect(once.find((m) => m.kind === 'drop-close')?.middle).toBe('return g(a;');
    const doc = prefix + task.suffix;
    expect(plants(doc, prefix.length, 'javascript')).toEqual(plants(doc, prefix.length, 'javascript'));
  });
});
