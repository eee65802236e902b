// The shared lexer: per language, what is code and what is a comment or a
// string (escapes, raw strings, templates); that reading it in pieces gives
// what one whole-text reading gives; and that it finds what the whole-text
// lexer it replaced found (testing/reference-lexer.ts), on hand-written and
// random texts.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../testing/platform/prng';
import { danglingRows, unclosedOpeners } from '../syntax/unclosed-openers';
import { exactLexerFor, freshLexState, lex, lexerFor, lexicalPlaceAfter, type LexSink } from './lexer';
import { LANGUAGE_SPECS } from './registry';
import { referenceDanglingRows, referenceUnclosedOpeners } from '../../testing/languages/reference-lexer';

const LEXED = LANGUAGE_SPECS.filter((s) => s.lexer).map((s) => s.id);

/** Every event of a reading, as text, in order. */
function events(language: string, text: string, cuts: readonly number[] = []): string[] {
  const lexer = lexerFor(language)!;
  const out: string[] = [];
  const sink: LexSink = {
    open: (c, at) => out.push(`${c}@${at}`),
    close: (c, at) => out.push(`${c}@${at}`),
    unclosed: (kind, at) => out.push(`${kind}@${at}`),
    newline: (at, end) => out.push(`nl@${at}:${end}`),
  };
  const st = freshLexState();
  for (const cut of cuts) lex(lexer, text.slice(0, cut), st, false, sink);
  lex(lexer, text, st, true, sink);
  out.push(`end:${st.lastTokenEnd}`);
  return out;
}

/** The brackets the lexer reads as code, in order. */
const code = (language: string, text: string) =>
  events(language, text)
    .filter((e) => /^[()[\]{}]|^\$\{/.test(e))
    .map((e) => e.split('@')[0])
    .join('');
const open = (language: string, text: string) => events(language, text).filter((e) => /^(string|comment)@/.test(e));

describe('the lexer, per language', () => {
  it('reads exactly the languages whose records have lexer rules', () => {
    expect(LEXED).toEqual(['python', 'java', 'cpp', 'csharp', 'javascript', 'typescript', 'tsx', 'go', 'rust']);
    expect(lexerFor('c')).toBeUndefined();
    expect(lexerFor('cobol')).toBeUndefined();
    // Regular expressions are a guess: no exact reading of JavaScript or TypeScript.
    expect(LEXED.filter((l) => exactLexerFor(l))).toEqual(['python', 'java', 'cpp', 'csharp', 'go', 'rust']);
  });

  it('Python: # comments, one-line strings with escapes, triple-quoted strings across lines', () => {
    expect(code('python', 'f("(" + \'[\') # (\ng(1)')).toBe('()()');
    expect(code('python', 's = "a\\"(" + \'b\\\'[\' + x[0]')).toBe('[]');
    expect(code('python', "t = \"\"\"(\n''' ]\n\"\"\" + u'''\n['''\n(")).toBe('(');
    expect(code('python', 'a = 6 / (2) // (3)')).toBe('()()'); // `//` divides
    expect(open('python', 'a = "abc\nb = 1')).toEqual(['string@4']);
    expect(open('python', 'd = """doc\nmore')).toEqual(['string@4']);
  });

  it('Java: // and /* */ comments, text blocks, character literals', () => {
    expect(code('java', 'f(/* ) */ x); // ]\ng(\'(\', "\\")(")')).toBe('()()');
    expect(code('java', 'String t = """\n  ( "" \\""" ]\n  """; a[0]')).toBe('[]');
    expect(open('java', 'int a;\n/* note\nint b;\n/* doc */')).toEqual(['comment@7']);
  });

  it('C++: raw strings, preprocessor lines with continuations, digit separators', () => {
    expect(code('cpp', 'auto s = R"x(a)"(b)x"; f()')).toBe('()');
    expect(code('cpp', 'auto u = u8R"(])"; v[0]')).toBe('[]');
    expect(code('cpp', "#define LP (\n#define M(x) \\\n  ((x)\nint n = 1'000 + '(';\ng()")).toBe('()');
    expect(code('cpp', 'R"too long a delimiter(" (')).toBe('('); // not raw: an ordinary string
  });

  it('C#: verbatim strings with doubled quotes, raw strings, interpolation', () => {
    expect(code('csharp', 'var s = @"a ""("" b\n]"; f(\'{\')')).toBe('()');
    expect(code('csharp', 'var r = @$"x{(1)}"; var t = """ " ( """; g[0]')).toBe('[]');
    expect(open('csharp', 'var s = "abc\nint x;')).toEqual(['string@8']);
  });

  it('Go: backquoted raw strings span lines and take no escapes', () => {
    expect(code('go', "s := `a\\` + f('[')")).toBe('()');
    expect(code('go', 'r := `(\n]`\nm[k]')).toBe('[]');
  });

  it('JavaScript: templates with ${...}, regular expressions told from division', () => {
    expect(code('javascript', 'const t = `a ${f(`(`)} b ]`;')).toBe('${()}');
    expect(code('javascript', 'const r = /[(]/g; const d = a / b / (c);')).toBe('()');
    expect(code('typescript', 'if (x) return /\\(/.test(y);')).toBe('()()');
    expect(open('tsx', 'let s = `abc\nlet t = 1;')).toEqual(['string@8']);
  });

  it('Rust: nested comments, raw strings, character literals and lifetimes, strings across lines', () => {
    expect(code('rust', '/* a /* ( */ ] */ f()')).toBe('()');
    expect(code('rust', "let s = r#\"(\")\"#; let c = '('; let u = '\\u{28}'; g[0]")).toBe('[]');
    expect(code('rust', "fn f<'a>(x: &'a str) { 'outer: loop {} }")).toBe('(){{}}');
    expect(code('rust', 'let s = "a\n(\n"; h()')).toBe('()');
    expect(open('rust', "let label = 'abc;")).toEqual(['string@12']);
  });
});

describe('lexicalPlaceAfter', () => {
  it('says where the end of the text stands; a delimiter still being typed is not yet open', () => {
    expect(lexicalPlaceAfter('python', 'x = 1  # note ')).toBe('comment');
    expect(lexicalPlaceAfter('python', 'd = """doc\n ')).toBe('string');
    expect(lexicalPlaceAfter('python', 's = "')).toBe('code'); // may become """
    expect(lexicalPlaceAfter('java', 'int x; /')).toBe('code'); // may become // or /*
    expect(lexicalPlaceAfter('rust', 'let s = "a\nb')).toBe('string'); // Rust strings span lines
    expect(lexicalPlaceAfter('cpp', '#include <vec')).toBe('code');
    expect(lexicalPlaceAfter('cpp', 'auto s = R"(a\nb')).toBe('string');
    expect(lexicalPlaceAfter('javascript', '// note')).toBeUndefined();
  });
});

/** Random text over an alphabet of every language's delimiters and the characters its rules look at. */
function randomText(rnd: () => number, length: number): string {
  const alphabet = [
    '(',
    ')',
    '[',
    ']',
    '{',
    '}',
    '"',
    "'",
    '`',
    '#',
    '/',
    '*',
    '\\',
    '\n',
    ' ',
    'a',
    'R',
    'r',
    'u8',
    '@',
    '$',
    '1',
    ':',
    '.',
    '=',
    '&',
    '<',
    'x',
    '\t',
    '"""',
    '/*',
    '*/',
    '//',
  ];
  let text = '';
  while (text.length < length) text += alphabet[Math.floor(rnd() * alphabet.length)];
  return text;
}

describe('the lexer agrees with the whole-text lexer it replaced', () => {
  it('on random texts, every lexed language: the same openers left open, the same dangling rows', () => {
    const rnd = mulberry32(11);
    for (let n = 0; n < 3000; n++) {
      const language = LEXED[n % LEXED.length];
      const text = randomText(rnd, 5 + Math.floor(rnd() * 60));
      expect(unclosedOpeners(text, language), `${language} ${JSON.stringify(text)}`).toEqual(referenceUnclosedOpeners(text, language));
      expect(danglingRows(text, language), `${language} ${JSON.stringify(text)}`).toEqual(referenceDanglingRows(text, language));
    }
  });
});

describe('reading in pieces', () => {
  it('gives the events of one whole-text reading, wherever the text is cut (random texts, every language)', () => {
    const rnd = mulberry32(5);
    for (let n = 0; n < 600; n++) {
      const language = LEXED[n % LEXED.length];
      const text = randomText(rnd, 5 + Math.floor(rnd() * 40));
      const whole = events(language, text);
      for (let cut = 0; cut <= text.length; cut++)
        expect(events(language, text, [cut]), `${language} ${JSON.stringify(text)} cut at ${cut}`).toEqual(whole);
      const cuts = [0];
      while (cuts[cuts.length - 1] < text.length) cuts.push(Math.min(text.length, cuts[cuts.length - 1] + 1 + Math.floor(rnd() * 4)));
      expect(events(language, text, cuts), `${language} ${JSON.stringify(text)} cuts ${cuts}`).toEqual(whole);
    }
  });
});
