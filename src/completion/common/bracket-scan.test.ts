// The resumable scanner must read text exactly as the original whole-text
// lexer did (testing/bracket-relex.ts), wherever the prefix ends and however
// the completion is cut into tokens: every delimiter of every lexed language
// is split at every position below.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../testing/platform/prng';
import { BracketScanner } from './bracket-scan';
import { relexFirstUnrepairableBracket } from '../../../testing/completion/bracket-relex';

const LANGUAGES = ['python', 'java', 'cpp', 'csharp', 'go', 'rust'];

const TRICKY: Record<string, string[]> = {
  python: [
    's = """a ( ""\n" ] """ + f(x, \'\'\'q]\'\'\' # c ]\n) + g["a\\"]", \'b\\\'(\']',
    "x = foo('''\n('' ]'''\n, \"\\\\\", \"(]\") # (\n  ]",
    'd = {"k": [1, 2)\n}\nt = ""\'\'"(" ]',
    'print(r"\\"", b\'\\\n\')\n] x = """"""(]',
  ],
  java: ['String t = """\n  ( "" \\""" ]\n  """; int[] a = {f(\'(\'), \'\\\'\', "/*"}; // ]\n b[0] = (1]', 'x(/* ) */ y /*/ ] */ "//" ]);'],
  cpp: [
    'f("a\\"(", \'(\', /* ) * / **/ x) // ]\n  v[i] = {1, 2}; "abc\n(]',
    "auto s = R\"x(a)\"b)x\"; char c = '['; g('\\\\', ']'};",
    'm(/**/ [ /* // ] */ ) //\\\n ]',
  ],
  csharp: ['var s = @"a(""]"; f(\'{\', "x\\"]") [ /* ) */ }'],
  go: ['s := `raw ( \\` ] \n )` + f("x\\"(", \'[\') // ]\n m[k) = `', 'g(/* `*/ "`" ]'],
  rust: ['let s = "a(\\"]"; f(\'(\', r"]", /* ] */ x]; // ('],
};

/** Asserts scanner === relex for `before` = text[..b] and every growing `added`, fed in the given cuts. */
function agreeAt(language: string, text: string, b: number, cuts: number[]): void {
  const before = text.slice(0, b);
  const scanner = BracketScanner.forPrefix(language, before)!;
  for (const e of cuts) {
    const added = text.slice(b, e);
    expect(scanner.check(added), `${language} ${JSON.stringify(before)} + ${JSON.stringify(added)}`).toEqual(
      relexFirstUnrepairableBracket(language, before, added),
    );
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('resumable bracket scanner agrees with a whole-text re-lex', () => {
  for (const language of LANGUAGES) {
    it(`${language}: every prefix end, completion fed one character at a time`, () => {
      for (const text of TRICKY[language]) {
        for (let b = 0; b <= text.length; b++) agreeAt(language, text, b, range(b, text.length));
      }
    });
  }

  it('completion fed in token-sized chunks (1 to 6 characters), seeded', () => {
    const rnd = mulberry32(7);
    for (const language of LANGUAGES) {
      for (const text of TRICKY[language]) {
        for (let b = 0; b <= text.length; b++) {
          const cuts = [b];
          while (cuts[cuts.length - 1] < text.length) cuts.push(Math.min(text.length, cuts[cuts.length - 1] + 1 + Math.floor(rnd() * 6)));
          agreeAt(language, text, b, cuts);
        }
      }
    }
  });

  it('random texts over the delimiter alphabet, every language, seeded', () => {
    const rnd = mulberry32(42);
    const alphabet = ['(', ')', '[', ']', '{', '}', '"', "'", '`', '#', '/', '*', '\\', '\n', ' ', 'a'];
    for (let n = 0; n < 400; n++) {
      const language = LANGUAGES[n % LANGUAGES.length];
      const text = Array.from({ length: 10 + Math.floor(rnd() * 30) }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
      for (let b = 0; b <= text.length; b += 3) agreeAt(language, text, b, range(b, text.length));
    }
  });

  it('starts over from the prefix state when the decoded text changes at its end', () => {
    // A token ending inside a multi-byte character decodes as U+FFFD until the next token completes it.
    const scanner = BracketScanner.forPrefix('python', 'f(')!;
    expect(scanner.check('"\uFFFD')).toBeUndefined();
    expect(scanner.check('"é" ]')).toEqual({ closer: ']', opener: '(' });
    expect(scanner.check('a')).toBeUndefined();
    expect(scanner.check('a ]')).toEqual({ closer: ']', opener: '(' });
  });

  it('keeps the first mismatch as the completion grows', () => {
    const scanner = BracketScanner.forPrefix('cpp', '{ f(')!;
    expect(scanner.check('a]')).toEqual({ closer: ']', opener: '(' });
    expect(scanner.check('a]) }')).toEqual({ closer: ']', opener: '(' });
  });

  it('has no scanner for languages it does not lex', () => {
    expect(BracketScanner.forPrefix('javascript', 'f(')).toBeUndefined();
  });
});
