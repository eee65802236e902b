// The Python checks on whole documents: what CPython rejects and tree-sitter
// accepts is flagged; what CPython accepts, or what a window cut from a
// valid file looks like, is not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Language, Parser } from 'web-tree-sitter';
import { nodeRuntimePort } from './node-runtime';
import { pythonIssues } from './python-checks';
import { collectIssues } from './issues';

// The issue types the Python checks report.
const BAD_INDENT = 'inconsistent indentation';
const EMPTY_BLOCK = 'expected an indented block';

let parser: Parser;

beforeAll(async () => {
  const port = nodeRuntimePort();
  await port.initParser();
  parser = new Parser();
  parser.setLanguage(await Language.load(await port.loadGrammar('@vscode/tree-sitter-wasm/wasm/tree-sitter-python.wasm')));
});

afterAll(() => parser.delete());

/** tree-sitter's own verdict and the extra checks', as `row:column detail`. */
function run(text: string): { parser: number; checks: string[] } {
  const tree = parser.parse(text)!;
  try {
    return {
      parser: collectIssues(tree).length,
      checks: pythonIssues(tree, text).map((i) => `${i.row}:${i.column} ${i.type}`),
    };
  } finally {
    tree.delete();
  }
}

describe('what tree-sitter-python lets through', () => {
  const cases: [string, string, string[]][] = [
    ['a loop with no body', 'for x in xs:\nprint(x)\n', [`0:12 ${EMPTY_BLOCK}`]],
    ['a body of only a comment', 'if x:\n    # todo\nelse:\n    pass\n', [`0:5 ${EMPTY_BLOCK}`]],
    ['an unexpected indent in a block', 'def f():\n    a = 1\n        b = 2\n', [`2:8 ${BAD_INDENT}`]],
    ['a dedent to no enclosing level', 'def f():\n    if a:\n        b = 1\n      c = 2\n', [`3:6 ${BAD_INDENT}`]],
    ['an unexpected indent at module level', 'a = 1\n  b = 2\n', [`1:2 ${BAD_INDENT}`]],
    ['an else that does not line up', 'if x:\n    pass\n  else:\n    pass\n', [`2:2 ${BAD_INDENT}`]],
    ['return at module level', 'x = 1\nreturn x\n', ["1:0 'return' outside function"]],
    ['return in a class body', 'def f():\n    class A:\n        return 1\n', ["2:8 'return' outside function"]],
    ['break outside a loop', 'def f():\n    break\n', ["1:4 'break' outside loop"]],
    ["break in a loop's else", 'for x in y:\n    pass\nelse:\n    break\n', ["3:4 'break' outside loop"]],
    ['continue in a function nested in a loop', 'for x in y:\n    def f():\n        continue\n', ["2:8 'continue' not properly in loop"]],
  ];
  for (const [name, text, expected] of cases) {
    it(name, () => {
      expect(run(text)).toEqual({ parser: 0, checks: expected });
    });
  }
});

describe('what CPython accepts is not flagged', () => {
  const valid: [string, string][] = [
    [
      'nested blocks, one-line suites, semicolons',
      'def f(xs):\n    for x in xs:\n        if x: continue\n        a = 1; b = 2\n    else:\n        return 0\n    while True: break\n    return 1\n',
    ],
    ['comments at any indentation', 'def f():\n        # odd comment\n    a = 1\n  # another\n    return a\n'],
    [
      'try/except/else/finally and match',
      'try:\n    pass\nexcept E as e:\n    pass\nelse:\n    pass\nfinally:\n    pass\nmatch x:\n    case 1:\n        pass\n    case _:\n        pass\n',
    ],
    [
      'decorators, classes, async',
      '@dec\nclass A:\n    @staticmethod\n    async def f():\n        async for x in y:\n            return x\n',
    ],
    ['continuation lines', 'x = foo(1,\n        2)\ny = [\n    3,\n]\nz = 1 + \\\n    2\n'],
    ['tabs used consistently', 'def f():\n\tif a:\n\t\treturn 1\n\treturn 2\n'],
  ];
  for (const [name, text] of valid) {
    it(name, () => {
      expect(run(text)).toEqual({ parser: 0, checks: [] });
    });
  }
});

describe('windows cut from a valid file', () => {
  it('may start indented and dedent to levels outside the window', () => {
    const window = '        x = a[i]\n        return x\n    y = 2\n    if y:\n        return y\n    return 0\n\n\ndef g():\n    pass\n';
    expect(run(window)).toEqual({ parser: 0, checks: [] });
  });

  it('may hold an else whose if is outside the window', () => {
    expect(run('        b = 1\n    else:\n        b = 2\n    return b\n').checks).toEqual([]);
  });

  it('but once at column 0, module-level code is held to the rules', () => {
    expect(run('    return 1\nx = 1\nreturn x\n').checks).toEqual(["2:0 'return' outside function"]);
    expect(run('    a = 1\nb = 2\n    c = 3\n').checks).toEqual([`2:4 ${BAD_INDENT}`]);
  });
});
