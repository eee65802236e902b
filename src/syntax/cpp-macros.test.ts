// The statement-macro shapes of competitive C++ that the file defines and
// uses alone on a line: a body of statements that ends in a loop head
// (`#define T int t; cin >> t; while(t--)`, then `T` before `{`), and a
// body of whole statements, on one line or continued with `\`. Each
// correct completion must validate; a broken one must still be caught.
import { describe, expect, it } from 'vitest';
import { blankMacroUses, statementMacros } from './cpp-macros';
import { createNodeValidator } from './node-runtime';

const validator = createNodeValidator();
const check = (prefix: string, completion: string, suffix: string) => validator.validate({ language: 'cpp', prefix, completion, suffix });

const DEFINES = [
  '#include <bits/stdc++.h>',
  'using namespace std;',
  '#define T int t; cin >> t; while(t--)',
  '#define wtt int t;cin>>t;while(t--)',
  '#define tc int tests; cin >> tests; for (int tt = 1; tt <= tests; ++tt)',
  '#define bust ios_base::sync_with_stdio(false);cin.tie(NULL);',
  '#define fast ios::sync_with_stdio(0); \\',
  '    cin.tie(0);',
  '#define SQ(x) ((x)*(x))',
].join('\n');
const MAIN = `${DEFINES}\nint main() {\n  `;
const TAIL = '\n  return 0;\n}\n';

describe('C++ macros whose body ends in a loop head, used alone', () => {
  it('finds them with the other statement macros, and not an expression macro', () => {
    const m = statementMacros(DEFINES);
    expect([...m.statements].sort()).toEqual(['T', 'bust', 'fast', 'tc', 'wtt']);
    expect(m.heads.has('SQ')).toBe(false);
  });

  it('reads a use as an empty statement at the same length, the definitions untouched', () => {
    const text = `${DEFINES}\nint main() {\n  T\n  {\n    solve();\n  }\n  wtt{ x++; }\n}\n`;
    const read = blankMacroUses(text, statementMacros(text));
    expect(read.length).toBe(text.length);
    expect(read).toContain('#define T int t; cin >> t; while(t--)');
    expect(read).toContain('\n  ;\n  {\n    solve();');
    expect(read).toContain('\n  ;  { x++; }');
  });

  it('a correct completion around each use is valid', async () => {
    const good = [
      'T\n  {\n    int n; cin >> n;\n    cout << SQ(n) << "\\n";\n  }',
      'bust\n  T {\n    long long a, b; cin >> a >> b;\n    cout << a + b << endl;\n  }',
      'wtt{\n    int n; cin >> n; cout << n * 2 << "\\n";\n  }',
      'fast\n  tc\n  {\n    cout << "Case #" << tt << ": " << 1 << "\\n";\n  }',
      'T solve();',
    ];
    for (const g of good) expect(await check(MAIN, g, TAIL), g).toMatchObject({ checked: true, valid: true });
  });

  it('a completion inside the loop a use opens is valid', async () => {
    const prefix = `${MAIN}bust\n  T\n  {\n    int n; cin >> n;\n    `;
    expect(await check(prefix, 'vector<int> a(n);\n    for (auto &x : a) cin >> x;', '\n  }\n  return 0;\n}\n')).toMatchObject({
      checked: true,
      valid: true,
    });
  });

  it('the same with Windows line ends', async () => {
    const crlf = (s: string) => s.replace(/\n/g, '\r\n');
    expect(await check(crlf(MAIN), crlf('T\n  {\n    int n; cin >> n;\n  }'), crlf(TAIL))).toMatchObject({ checked: true, valid: true });
  });

  it('a broken completion is still caught', async () => {
    for (const bad of ['T\n  {\n    int n; cin >> (n;\n  }', 'wtt{\n    cout << n\n  }', 'tc {\n    cout << [tt;\n  }']) {
      expect(await check(MAIN, bad, TAIL), bad).toMatchObject({ checked: true, valid: false });
    }
  });
});
