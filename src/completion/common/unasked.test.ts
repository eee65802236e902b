import { describe, expect, it } from 'vitest';
import { insideCommentOrString } from './unasked';

describe('no suggestion unasked inside a comment or a string', () => {
  it('sees line and block comments and strings, per language', () => {
    expect(insideCommentOrString('python', 'x = 1  # the total of ')).toBe('comment');
    expect(insideCommentOrString('python', 'def f():\n    """Return the ')).toBe('string');
    expect(insideCommentOrString('python', 'name = "Ada ')).toBe('string');
    expect(insideCommentOrString('java', 'int x = 1; /* keep\n the ')).toBe('comment');
    expect(insideCommentOrString('cpp', 'int x; // count of ')).toBe('comment');
    expect(insideCommentOrString('go', 'msg := `line one\nline ')).toBe('string');
    expect(insideCommentOrString('rust', 'let s = "a ')).toBe('string');
  });

  it('code after a closed comment or string, or on the next line, is code', () => {
    expect(insideCommentOrString('python', 'x = 1  # note\ny = ')).toBeUndefined();
    expect(insideCommentOrString('python', 's = "a # b"\nt = ')).toBeUndefined();
    expect(insideCommentOrString('java', '/* a */ int y = ')).toBeUndefined();
    expect(insideCommentOrString('cpp', "char c = '\"'; int z = ")).toBeUndefined();
    // A one-line string left open ends at the newline (the file is mid-edit).
    expect(insideCommentOrString('python', 'a = "open\nb = ')).toBeUndefined();
  });

  it('languages the lexer does not read (regex literals) are always offered', () => {
    expect(insideCommentOrString('javascript', 'const x = 1; // note ')).toBeUndefined();
    expect(insideCommentOrString('typescript', 'let s = "a ')).toBeUndefined();
  });

  it('reads only the last 20,000 characters, from a line start', () => {
    const far = '"""' + 'x\n'.repeat(15_000);
    expect(insideCommentOrString('python', far)).toBeUndefined(); // the docstring opened out of reach
    expect(insideCommentOrString('python', `${'y = 1\n'.repeat(10_000)}# tail `)).toBe('comment');
  });

  it('typing on a line gives what a fresh reading of the whole look-back gives, key by key', () => {
    // Docstrings, comments, strings with quotes of the other kind, a string left open at a line's end.
    const source = [
      'def f(a, b):',
      '    """Adds a and b.',
      '    # not a comment here',
      '    """',
      '    s = "it\'s # not a comment"  # a comment',
      "    t = 'open",
      '    return a + b  # done',
      '',
    ].join('\n');
    const fresh = (prefix: string) => {
      // Another language in between drops what the last call kept.
      insideCommentOrString('java', 'int x = 1;\n');
      return insideCommentOrString('python', prefix);
    };
    for (let n = 1; n <= source.length; n++) {
      const prefix = source.slice(0, n);
      expect(insideCommentOrString('python', prefix), JSON.stringify(prefix)).toBe(fresh(prefix));
    }
  });

  it('deep in a line longer than that, reads nothing and offers a suggestion', () => {
    const line = `x = [${'1, '.repeat(20_000)}`;
    expect(insideCommentOrString('python', `${line}# tail `)).toBeUndefined();
    expect(insideCommentOrString('python', `a = 1\n${line}# tail `)).toBeUndefined();
    expect(insideCommentOrString('python', `${'1, '.repeat(100)}# tail `)).toBe('comment');
  });
});
