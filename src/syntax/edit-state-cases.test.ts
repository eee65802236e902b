// The named edit-state cases, one by one, on real parses: a file that already
// holds an unrelated error, C++ statement-like macros, reserved words. The
// corpus test (edit-states.test.ts) measures the whole class; these pin the
// named examples and the pieces (blanking, macro uses) they rest on.
import { describe, expect, it } from 'vitest';
import { blankMacroUses, statementMacros } from './cpp-macros';
import { createNodeValidator } from './node-runtime';
import { blankRows } from './quarantine';
import { unterminatedLiteralRows } from './broken-literals';
import { languageSpec } from '../languages/registry';
import { openedAndLeftOpen } from './left-open';

const validator = createNodeValidator();
const check = (language: string, prefix: string, completion: string, suffix: string) =>
  validator.validate({ language, prefix, completion, suffix });

describe('a file that already holds an unrelated error', () => {
  const CPP = '#include <bits/stdc++.h>\nusing namespace std;\nint a[100];\nint main() {\n  int n; cin >> n;\n  ';
  const CPP_TAIL = '\n  return 0;\n}\n';

  it('C++: a half-typed declaration on the first line does not reject a correct completion, and a bad one is still caught', async () => {
    const head = `std::vector<int> v =\n${CPP}`;
    expect(await check('cpp', head, 'for (int i = 0; i < n; i++) cin >> a[i];', CPP_TAIL)).toMatchObject({ checked: true, valid: true });
    expect(await check('cpp', head, 'for (int i = 0; i < n; i++) cin >> a[i;', CPP_TAIL)).toMatchObject({ checked: true, valid: false });
  });

  it('Python: an unfinished `def broken(:` at the end does not reject a correct completion ending in a line break; a bad one is still caught', async () => {
    const prefix = 'def total(xs):\n    t = 0\n    for x in xs:\n        t += x\n';
    const suffix = 'def broken(:\n';
    expect(await check('python', prefix, '    return t\n', suffix)).toMatchObject({ checked: true, valid: true });
    expect(await check('python', prefix, '    return (t\n', suffix)).toMatchObject({ valid: false });
  });

  it('Python: an unclosed bracket a few lines above, swallowing the cursor, gives "not checked" with a reason, never "invalid", for a correct completion', async () => {
    const prefix = 'def f(xs):\n    values = max(1, 2\n    for x in xs:\n        ';
    const v = await check('python', prefix, 'print(x)', '\n    return 0\n');
    expect(v.checked && !v.valid).toBe(false);
    if (!v.checked) expect(v.uncheckedReason).toMatch(/broken|error elsewhere/);
  });
});

describe('rows broken on their own, read from the text (unclosed-openers.ts), set aside first', () => {
  it('Python: an unclosed bracket just above or just below the cursor: a correct completion passes, one that leaves its own bracket open is caught', async () => {
    const above = 'def f(xs):\n    values = max(1, 2\n    for x in xs:\n        ';
    expect(await check('python', above, 'print(x)', '\n    return 0\n')).toMatchObject({ checked: true, valid: true });
    expect(await check('python', above, 'print(x', '\n    return 0\n')).toMatchObject({ checked: true, valid: false });
    const prefix = 'def f(xs):\n    for x in xs:\n        ';
    const below = '\n    values = max(1, 2\n    return 0\n';
    expect(await check('python', prefix, 'print(x)', below)).toMatchObject({ checked: true, valid: true });
    expect(await check('python', prefix, 'print(x', below)).toMatchObject({ checked: true, valid: false });
  });

  it('Java: a `/* note` below, closed only by a later comment: the same', async () => {
    const prefix = 'class A {\n  void f(int n) {\n    ';
    const suffix = '\n    /* note\n    g(n);\n  }\n  /* doc */\n  void g(int n) {}\n}\n';
    expect(await check('java', prefix, 'g(n + 1);', suffix)).toMatchObject({ checked: true, valid: true });
    expect(await check('java', prefix, 'g(n + 1;', suffix)).toMatchObject({
      checked: true,
      valid: false,
      errors: [{ row: 2, detail: ')' }],
    });
  });

  it('Rust: `use std::` dangling on the first line, its error reported on the next code row: the dangling row is set aside', async () => {
    const prefix = 'use std::\n// comment\nuse std::fmt;\nfn f(n: i32) -> i32 {\n    ';
    expect(await check('rust', prefix, 'let m = n + 1;', '\n    n\n}\n')).toMatchObject({ checked: true, valid: true });
    expect(await check('rust', prefix, 'let m = (n + 1;', '\n    n\n}\n')).toMatchObject({
      checked: true,
      valid: false,
      errors: [{ row: 4 }],
    });
  });
});

describe('a bracket the completion opens and nothing closes (the last word where errors were set aside)', () => {
  const same = (text: string) => text;
  it('is read with the rows broken on their own blanked: a `/* note` below would hide the `)` that closes it', () => {
    const java = languageSpec('java')!;
    const prefix = 'class A {\n  void f(int a, int b) {\n    ';
    const call = { language: 'java', prefix, completion: 'g(a,', suffix: '\n    /* note\n      b);\n  }\n}\n' };
    expect(openedAndLeftOpen(call, java, same, [3], 0)).toBeUndefined();
    // Not blanked, the comment swallows the `)`: the rows must be the broken ones.
    expect(openedAndLeftOpen(call, java, same, [], 0)).toMatchObject({ valid: false });
    const left = { language: 'java', prefix, completion: 'g(a + 1;', suffix: '\n    /* note\n    h();\n  }\n}\n' };
    expect(openedAndLeftOpen(left, java, same, [3], 0)).toMatchObject({
      checked: true,
      valid: false,
      errors: [{ kind: 'missing', row: 2, column: 5 }],
    });
  });

  it('is not used for JavaScript (JSX text may hold a lone bracket)', () => {
    expect(
      openedAndLeftOpen(
        { language: 'javascript', prefix: 'const a = ', completion: 'f(1', suffix: ';\n' },
        languageSpec('javascript')!,
        same,
        [],
        0,
      ),
    ).toBeUndefined();
  });
});

describe('a string left open on a row away from the cursor', () => {
  it("Java: tree-sitter reads it on into the completion's own string; the row is set aside and the completion judged as in the clean file", async () => {
    const prefix = 'class A {\n  void f(long p) {\n    String label = "abc;\n    {\n      ';
    const suffix = '\n    }\n  }\n}\n';
    expect(await check('java', prefix, 'System.out.print(p + " " + p);', suffix)).toMatchObject({ checked: true, valid: true });
    expect(await check('java', prefix, 'System.out.print(p + " " + p;', suffix)).toMatchObject({ checked: true, valid: false });
  });

  it('C#: its lexer stops at the quote, inside an ERROR that starts at the namespace: the same', async () => {
    const prefix =
      'namespace N\n{\n    interface I\n    {\n        string label = "abc;\n        [return: MarshalAs(UnmanagedType.Interface)]\n        ';
    const suffix = '\n\n        [return: MarshalAs(UnmanagedType.Interface)]\n        I Other();\n    }\n}\n';
    expect(await check('csharp', prefix, 'I EnumInstances();', suffix)).toMatchObject({ checked: true, valid: true });
    expect(await check('csharp', prefix, 'I EnumInstances(;', suffix)).toMatchObject({ checked: true, valid: false });
  });

  it('finds the rows from the tree: one-line strings that run on, not raw strings, templates, text blocks or triple quotes', async () => {
    const rows = async (language: string, text: string) => {
      const loaded = await validator.load(language);
      if (typeof loaded === 'string') throw new Error(loaded);
      const tree = loaded.parser.parse(text)!;
      try {
        return unterminatedLiteralRows(tree, language, text);
      } finally {
        tree.delete();
      }
    };
    expect(await rows('java', 'class A {\n  String a = "x;\n  String b = "y";\n}\n')).toEqual([1]);
    expect(await rows('java', 'class A {\n  String a = """\n    x\n    """;\n}\n')).toEqual([]);
    expect(await rows('javascript', 'const a = `x\ny`;\nconst b = "ok";\n')).toEqual([]);
    expect(await rows('cpp', 'auto s = R"(a\nb)";\n')).toEqual([]);
    expect(await rows('python', 's = """a\nb"""\nt = "c\\\nd"\n')).toEqual([]);
  });
});

describe('C++ statement-like macros', () => {
  const HEAD =
    '#include <bits/stdc++.h>\n#define FOR(i,a,b) for(int i=a;i<=b;i++)\n#define rep(i,n) for (int i = 0; i < (n); ++i)\n#define F(i,n) for(int i=0;i<n;i++)\nusing namespace std;\nint a[100][100];\nint main() {\n  int n, m; cin >> n >> m;\n  FOR(i,1,n) cin >> a[i][0];\n  ';
  const TAIL = '\n  return 0;\n}\n';

  it('finds the macros whose body starts a statement, and blanks their uses (not their definitions) to the same length', () => {
    expect([...statementMacros(HEAD).heads].sort()).toEqual(['F', 'FOR', 'rep']);
    expect(statementMacros('#define MAX(a,b) ((a)>(b)?(a):(b))\n#define N 100\n#define ll long long\n#define pb push_back\n').size).toBe(0);
    const text = '#define F(i,n) for(int i=0;i<n;i++)\n  F(k,n)F(l,(m))if(a[k][l]) x++;\n';
    const blanked = blankMacroUses(text, statementMacros(text));
    expect(blanked.length).toBe(text.length);
    expect(blanked).toBe('#define F(i,n) for(int i=0;i<n;i++)\n' + ' '.repeat(2 + 'F(k,n)F(l,(m))'.length) + 'if(a[k][l]) x++;\n');
  });

  it('a completion that uses a macro the way the file does is valid; one that breaks the statement after it is not', async () => {
    for (const good of ['FOR(i,1,n) cout << a[i][0];', 'rep(i,n) a[i][1] = 0;', 'F(k,n)F(l,m)if(a[k][l]) a[k][l]=1;']) {
      expect(await check('cpp', HEAD, good, TAIL), good).toMatchObject({ checked: true, valid: true });
    }
    expect(await check('cpp', HEAD, 'FOR(i,1,n) cout << (a[i][0];', TAIL)).toMatchObject({ checked: true, valid: false });
  });
});

describe('C++ object-like macros that stand for a keyword or a statement', () => {
  const HEAD =
    '#include <bits/stdc++.h>\nusing namespace std;\n#define w while\n#define fo for\n#define no cout<<"NO\\n";\n#define yes { cout << "YES\\n"; }\n#define fast ios::sync_with_stdio(0);cin.tie(0);\n#define LIMIT 100;\nint main() {\n  fast\n  int n, i = 0; cin >> n;\n  ';
  const TAIL = '\n  return 0;\n}\n';

  it('finds them, and reads their uses as what they expand to, at the same length', () => {
    const m = statementMacros(HEAD);
    expect([...m.heads].sort()).toEqual(['fo', 'w']);
    expect([...m.statements].sort()).toEqual(['LIMIT', 'fast', 'no', 'yes']);
    const text = '  w(i<n) i++;\n  if (n) no else yes\n  int x = LIMIT\n';
    const read = blankMacroUses(text, m);
    expect(read.length).toBe(text.length);
    expect(read).toBe('         i++;\n  if (n) ;  else ;  \n  int x = LIMIT\n');
  });

  it('a correct completion around them is valid; a broken one is still caught', async () => {
    for (const good of [
      'w(i<n) { i++; }',
      'w(i < n) i++;\n  no',
      'if (n % 2) yes else no',
      'fo(int j = 0; j < n; j++) cin >> i;',
      'if (n > LIMIT) no',
      'no\n  yes',
    ]) {
      expect(await check('cpp', HEAD, good, TAIL), good).toMatchObject({ checked: true, valid: true });
    }
    for (const bad of ['w(i<n { i++; }', 'if (n % 2) yes else (no', 'fo(int j = 0; j < n; j++ cin >> i;']) {
      expect(await check('cpp', HEAD, bad, TAIL), bad).toMatchObject({ checked: true, valid: false });
    }
  });
});

describe('reserved words', () => {
  const HEAD = '#include <bits/stdc++.h>\nusing namespace std;\nvoid f(QEvent* event, Base* b) {\n  ';
  const TAIL = '\n}\n';

  it('no false alarm on the four casts, `template` as a qualifier, or a statement after a macro line', async () => {
    for (const good of [
      'QKeyEvent* keyEvent = static_cast<QKeyEvent*>(event);',
      'auto d = dynamic_cast<Derived*>(b); auto r = reinterpret_cast<char*>(b); auto c = const_cast<Base*>(b);',
      'auto x = b->template get<0>();',
    ])
      expect(await check('cpp', HEAD, good, TAIL), good).toMatchObject({ checked: true, valid: true });
    expect(
      await check('cpp', '#include <bits/stdc++.h>\nint a[9];\nvoid g(int n) {\n  rep(i,n) a[i] = 1;\n  ', 'return;', TAIL),
    ).toMatchObject({ checked: true, valid: true });
  });

  it('still flags a keyword the completion wrote as a name', async () => {
    expect((await check('cpp', HEAD, 'return return;', TAIL)).errors.map((e) => e.detail)).toContain(
      "reserved word 'return' used as a name",
    );
    expect((await check('java', 'class A {\n  void f() {\n    ', 'break break;', '\n  }\n}\n')).valid).toBe(false);
  });

  it('JavaScript, TypeScript, C#, Go, Rust: a doubled keyword or `{ else` is flagged; keywords as import names and inside Rust macros are not', async () => {
    const fn = 'function f(xs) {\n  ';
    expect((await check('javascript', fn, 'return return [xs];', '\n}\n')).valid).toBe(false);
    expect((await check('typescript', fn, 'if (xs) { else \n    xs.pop();\n  }', '\n}\n')).valid).toBe(false);
    expect((await check('javascript', fn, 'return xs.default;', '\n}\n')).valid).toBe(true);
    expect((await check('javascript', '', "import { default as x } from './x.js';", '\nexport { x as default };\n')).valid).toBe(true);
    expect((await check('csharp', 'class A {\n  int F() {\n    ', 'return return 1;', '\n  }\n}\n')).valid).toBe(false);
    expect((await check('go', 'package p\n\nfunc f() int {\n\t', 'return return 1', '\n}\n')).valid).toBe(false);
    // (`return return 1` is legal Rust: `return` is an expression.)
    expect((await check('rust', 'fn f() -> i32 {\n    ', 'let while = 1;', '\n}\n')).errors.map((e) => e.detail)).toContain(
      "reserved word 'while' used as a name",
    );
    expect((await check('rust', 'cfg_if! {\n    ', 'if #[cfg(unix)] { mod a; } else { mod b; }', '\n}\n')).valid).toBe(true);
  });
});

describe('blanking rows', () => {
  it('keeps offsets and rows: only the given rows turn to spaces, never the cursor row', () => {
    const prefix = 'a = 1\nbroken(:\nb = 2\n';
    const suffix = '\nc = 3\nworse[\n';
    const { prefix: p, suffix: s } = blankRows(prefix, suffix, [1, 5], 3);
    expect(p).toBe('a = 1\n        \nb = 2\n');
    expect(s).toBe('\nc = 3\n      \n');
  });
});

describe('grammar gaps that are not errors', () => {
  it('TypeScript and TSX: `new new Foo()` (valid; tree-sitter-typescript inserts a MISSING `!`) passes, a real error next to it is still caught', async () => {
    for (const language of ['typescript', 'tsx']) {
      expect(await check(language, 'const h = ', 'new new Foo()', ';\n'), language).toMatchObject({ checked: true, valid: true });
      expect(await check(language, 'const h = ', 'new new Foo(', ';\n'), language).toMatchObject({ checked: true, valid: false });
    }
  });
});
