import { describe, expect, it } from 'vitest';
import { findDefinitions } from './definitions';

// A definition's snippet is its first 12 lines (docs/workspace-context.md).
const MAX_DEFINITION_LINES = 12;

const names = (text: string, lang: Parameters<typeof findDefinitions>[1]) => findDefinitions(text, lang).map((d) => d.name);

describe('definitions by regular expression', () => {
  it('Python: functions, classes, methods (nested), module constants; a body ends where the indentation does', () => {
    const text =
      'MAX = 3\n\nclass Box:\n    def open(self, a,\n             b):\n        return a\n\n    def close(self):\n        pass\n\ndef helper():\n    return 1\nx == 2\n';
    const defs = findDefinitions(text, 'python');
    expect(defs.map((d) => [d.name, d.line, d.endLine, d.nested])).toEqual([
      ['MAX', 0, 0, false],
      ['Box', 2, 8, false],
      ['open', 3, 5, true],
      ['close', 7, 8, true],
      ['helper', 10, 11, false],
    ]);
  });

  it('JS/TS: functions, classes, interfaces, types, consts, exports.x, class members; not control flow', () => {
    const text =
      'export function parse(s) {\n  if (s) {\n    return 1;\n  }\n}\nexport interface Opts { a: number }\ntype Id = string;\nexport const LIMIT = 5;\nclass Lexer {\n  next(): Token {\n    return t;\n  }\n}\nexports.run = function () {};\n';
    expect(names(text, 'js')).toEqual(['parse', 'Opts', 'Id', 'LIMIT', 'Lexer', 'next', 'run']);
    expect(findDefinitions(text, 'js')[0].endLine).toBe(4);
  });

  it('Java, C#, C/C++, Go, Rust', () => {
    expect(
      names('public class User {\n  private final String name;\n  public String getName() {\n    return name;\n  }\n}\n', 'java'),
    ).toEqual(['User', 'name', 'getName']);
    expect(names('public sealed record Point(int X, int Y);\npublic static int Add(int a, int b) => a + b;\n', 'csharp')).toEqual([
      'Point',
      'Add',
    ]);
    expect(
      names(
        '#define MAX 3\ntypedef struct node {\n  int v;\n} node_t;\nstatic int list_len(const node_t *n) {\n  return 0;\n}\nint f(int);\n',
        'c',
      ),
    ).toEqual(['MAX', 'node', 'list_len', 'f']);
    expect(
      names('func (s *Store) Get(k string) string {\n\treturn ""\n}\ntype Store struct{}\nvar ErrGone = errors.New("x")\n', 'go'),
    ).toEqual(['Get', 'Store', 'ErrGone']);
    expect(
      names(
        'pub fn parse(s: &str) -> Ast {\n}\npub(crate) struct Ast;\nimpl Ast {\n    pub async fn eval(&self) {}\n}\nmacro_rules! m { () => {} }\n',
        'rust',
      ),
    ).toEqual(['parse', 'Ast', 'eval', 'm']);
  });

  it('a long body is cut to its head', () => {
    const text = `def long():\n${Array.from({ length: 100 }, (_, i) => `    x${i} = ${i}`).join('\n')}\n`;
    const [d] = findDefinitions(text, 'python');
    expect(d.endLine - d.line + 1).toBe(MAX_DEFINITION_LINES);
  });
});
