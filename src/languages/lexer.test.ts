// The shared lexer: per language, what is code and what is a comment or a
// string (escapes, raw strings, templates); that reading it in pieces gives
// what one whole-text reading gives; and that on real programs it reads
// what tree-sitter reads (testing/languages/tree-sitter-oracle.ts, an
// oracle that owes nothing to the lexer's rules).
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../testing/platform/prng';
import { exactLexerFor, freshLexState, lex, lexerFor, lexicalPlaceAfter, type LexSink } from './lexer';
import { LANGUAGE_SPECS } from './registry';
import { lexerDepartures } from '../../testing/languages/tree-sitter-oracle';
import { CORPUS_LANGUAGES } from '../../testing/syntax/edit-states';
import { corpusPresent, loadCorpus } from '../../testing/syntax/edit-states-corpus';

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
    span: (sp) => out.push(`${sp.mode}:${sp.from}-${sp.to}/${sp.closer}${sp.multiLine ? '+' : ''}`),
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
  it('Ruby: # comments, strings of both quotes across lines, backquotes, regular expressions', () => {
    expect(code('ruby', 'f("(" + \'[\') # (\ng(1)')).toBe('()()');
    expect(code('ruby', "s = 'a\n(' + x[0]")).toBe('[]');
    expect(code('ruby', 'r = /[(]/ =~ s; t = `ls (`; h(a / b)')).toBe('()');
  });

  it('PHP: //, # and /* */ comments, but #[ opens an attribute; strings across lines', () => {
    expect(code('php', 'f("(" . \'[\'); # (\n// ]\n/* { */ g(1)')).toBe('()()');
    expect(code('php', '#[Attr(1)]\nfunction f() {}')).toBe('[()](){}');
    expect(code('php', '$s = "a\n("; $t[0]')).toBe('[]');
  });

  it('reads exactly the languages whose records have lexer rules', () => {
    expect(LEXED).toEqual(['python', 'java', 'cpp', 'csharp', 'javascript', 'typescript', 'tsx', 'go', 'rust', 'ruby', 'php']);
    expect(lexerFor('c')).toBeUndefined();
    expect(lexerFor('cobol')).toBeUndefined();
    // Regular expressions are a guess: no exact reading of JavaScript or TypeScript.
    expect(LEXED.filter((l) => exactLexerFor(l))).toEqual(['python', 'java', 'cpp', 'csharp', 'go', 'rust', 'php']);
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

/** The spans of a final reading, as `mode:from-to/closer`, `+` where the span may run past a line break. */
const spans = (language: string, text: string) => events(language, text).filter((e) => /^[a-z-]+:\d+-/.test(e));

describe('spans: the stretches that are not code', () => {
  it('reports each comment, string and directive with its closer, once it ends', () => {
    expect(spans('python', 'x = "a" # c\ny = """d\n"""')).toEqual(['string:4-7/1', 'line-comment:8-11/0', 'string:16-24/3+']);
    expect(spans('python', "s = 'abc\nt = 1")).toEqual(['string:4-8/0']); // runs into its line break
    expect(spans('java', 'a /* b */ c // d')).toEqual(['block-comment:2-9/2+', 'line-comment:12-16/0']);
    expect(spans('cpp', '#define A "x" \\\n  (1)\nauto s = R"d(a")d";')).toEqual(['directive:0-21/0+', 'string:32-40/3+']);
    expect(spans('csharp', 'var s = @"a""b";')).toEqual(['string:9-15/1+']);
    expect(spans('rust', 'let s = r#"a"#; /* x /* y */ */')).toEqual(['string:10-14/2+', 'block-comment:16-31/2+']);
    expect(spans('go', 'r := `a\nb`')).toEqual(['string:5-10/1+']);
  });

  it("reports a template's text piece by piece, its ${...} being code", () => {
    const text = 'const t = `a ${f("(")} b`;';
    expect(spans('javascript', text)).toEqual(['template:10-13/0+', 'string:17-20/1', 'template:22-25/1+']);
    expect(text.slice(22, 25)).toBe(' b`');
  });

  it('ends what the text leaves open at its end, on a final reading only', () => {
    expect(spans('java', 'int a; /* open')).toEqual(['block-comment:7-14/0+']);
    expect(spans('rust', 'let s = "a\nb')).toEqual(['string:8-12/0+']);
    const seen: string[] = [];
    lex(lexerFor('python')!, 'x = 1  # note', freshLexState(), false, { span: (sp) => seen.push(sp.mode) });
    expect(seen).toEqual([]);
  });

  it('tiles the text: spans in order, apart, and no bracket inside one (random texts, every language)', () => {
    const rnd = mulberry32(17);
    for (let n = 0; n < 600; n++) {
      const language = LEXED[n % LEXED.length];
      const text = randomText(rnd, 5 + Math.floor(rnd() * 60));
      const where = `${language} ${JSON.stringify(text)}`;
      const inSpan = new Uint8Array(text.length);
      const brackets: number[] = [];
      let last = 0;
      lex(lexerFor(language)!, text, freshLexState(), true, {
        open: (c, at) => brackets.push(at, c === '${' ? at + 1 : at),
        close: (_, at) => brackets.push(at),
        span: (sp) => {
          expect(sp.from, where).toBeGreaterThanOrEqual(last);
          expect(sp.to, where).toBeGreaterThan(sp.from);
          expect(sp.closer, where).toBeLessThanOrEqual(sp.to - sp.from);
          inSpan.fill(1, sp.from, sp.to);
          last = sp.to;
        },
      });
      for (const at of brackets) expect(inSpan[at], `${where} bracket@${at}`).toBe(0);
    }
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
    '#',
    '#[',
  ];
  let text = '';
  while (text.length < length) text += alphabet[Math.floor(rnd() * alphabet.length)];
  return text;
}

describe('the lexer reads real programs as tree-sitter does', () => {
  // The edit-state corpus's programs (real ones, each accepted by its
  // language's compiler) in every corpus language; TSX's lexer is
  // TypeScript's. Ruby and PHP are compared on library sources in their
  // folders' tests (testing/languages/plugin-suite.ts).
  it('the same brackets in code, nothing left open, the same dangling rows, one opener left open per closer taken out', async () => {
    expect(corpusPresent()).toBe(true);
    const seen = new Map<string, number>();
    for (const task of loadCorpus()) {
      const text = task.prefix + task.middle + task.suffix;
      const departures = await lexerDepartures(task.language, text);
      if (!departures) continue; // tree-sitter finds an error: no oracle there
      seen.set(task.language, (seen.get(task.language) ?? 0) + 1);
      expect(departures, `${task.language} ${task.source}`).toEqual([]);
    }
    for (const language of CORPUS_LANGUAGES) expect(seen.get(language) ?? 0, language).toBeGreaterThanOrEqual(30);
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
