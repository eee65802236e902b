import { describe, expect, it } from 'vitest';
import { PathLookup, resolveImports } from './imports';
import { chooseSnippets } from './retrieve';
import { StableSnippetChooser } from './stable-choice';
import { unusedImports } from './unused-imports';
import { WorkspaceIndex } from './workspace-index';
import type { WorkspaceFile } from './types';

const CURSOR = '‸';

/** The request at the cursor mark of `current`, the file indexed without the mark. */
function at(files: WorkspaceFile[], current: string) {
  const marked = files.find((f) => f.path === current)!.text;
  const i = marked.indexOf(CURSOR);
  const text = marked.slice(0, i) + marked.slice(i + 1);
  const index = new WorkspaceIndex(files.map((f) => (f.path === current ? { path: current, text } : f)));
  return { index, req: { file: current, prefix: text.slice(0, i), suffix: text.slice(i) } };
}

function unusedAt(text: string, file: string, paths: string[], language: 'js' | 'python') {
  const i = text.indexOf(CURSOR);
  const plain = text.slice(0, i) + text.slice(i + 1);
  return unusedImports(plain, i, resolveImports(plain, file, language, new PathLookup(paths)));
}

describe('unusedImports', () => {
  it("a use before or after the cursor is a use; the import statement and the cursor's own line are not", () => {
    const text = [
      "import { one, two, three, four } from './a';",
      "import * as bee from './b';",
      '',
      'export function f() {',
      `  const x = two(${CURSOR});`,
      '  return three() + x;',
      '}',
      'four();',
    ].join('\n');
    const got = unusedAt(text, 'm.ts', ['a.ts', 'b.ts'], 'js');
    // `two` is being typed (first), then nearest the cursor first: `bee` was imported below `one`.
    expect(got.map((u) => [u.local, u.onCursorLine])).toEqual([
      ['two', true],
      ['bee', false],
      ['one', false],
    ]);
    expect(got.find((u) => u.local === 'bee')!.targets[0]).toMatchObject({ path: 'b.ts', binding: { imported: undefined } });
  });

  it('Python: aliases bind the alias, a star import binds nothing to rank, a module is used through `module.`', () => {
    const text = `from .a import x, y as zed, *\nimport pkg.helpers as h\nimport tools\n\ndef f():\n    ${CURSOR}\n    tools.run(x)\n`;
    const got = unusedAt(text, 'pkg/m.py', ['pkg/a.py', 'pkg/helpers.py', 'tools.py'], 'python');
    expect(got.map((u) => u.local)).toEqual(['h', 'zed']);
    expect(got[1].targets[0].binding).toMatchObject({ local: 'zed', imported: 'y' });
  });

  it('nothing imported from the workspace: nothing to rank', () => {
    expect(unusedAt(`import React from 'react';\n${CURSOR}`, 'm.tsx', [], 'js')).toEqual([]);
  });
});

describe('names imported and not used yet come first, in each language retrieval reads imports of', () => {
  const first = (files: WorkspaceFile[], current: string) => {
    const { index, req } = at(files, current);
    return chooseSnippets(index, req)[0];
  };

  it('TypeScript: through a re-exporting index (`export * from`), a default import and `require`', () => {
    const billing = [
      { path: 'billing/index.ts', text: "export * from './invoice';\nexport { default as round } from './round';\n" },
      {
        path: 'billing/invoice.ts',
        text: 'export function invoiceTotalCents(items: number[]): number {\n  return items.reduce((a, b) => a + b, 0);\n}\n',
      },
      { path: 'billing/round.ts', text: 'export default function roundCents(c: number): number {\n  return Math.round(c);\n}\n' },
      { path: 'billing/legacy.js', text: 'exports.legacyTotal = function (items) {\n  return 0;\n};\n' },
    ];
    expect(
      first(
        [
          ...billing,
          { path: 'app/a.ts', text: `import { invoiceTotalCents } from '../billing';\n\nconst x = 1;\nexport const cents = ${CURSOR}\n` },
        ],
        'app/a.ts',
      ),
    ).toMatchObject({ file: 'billing/invoice.ts', reason: 'definition', name: 'invoiceTotalCents', startLine: 0 });
    expect(
      first([...billing, { path: 'app/b.ts', text: `import { round } from '../billing';\nexport const cents = ${CURSOR}\n` }], 'app/b.ts'),
    ).toMatchObject({ file: 'billing/round.ts', name: 'round' });
    expect(
      first(
        [...billing, { path: 'app/c.ts', text: `import total from '../billing/round';\nexport const cents = ${CURSOR}\n` }],
        'app/c.ts',
      ),
    ).toMatchObject({ file: 'billing/round.ts', name: 'total' });
    expect(
      first(
        [...billing, { path: 'app/d.js', text: `const { legacyTotal: total } = require('../billing/legacy');\nconst cents = ${CURSOR}\n` }],
        'app/d.js',
      ),
    ).toMatchObject({ file: 'billing/legacy.js', name: 'total' });
  });

  it("Python: through a package's __init__.py; a module imported and unused gives its best part", () => {
    const files = [
      { path: 'billing/__init__.py', text: 'from .invoice import invoice_total_cents\n' },
      { path: 'billing/invoice.py', text: 'def invoice_total_cents(items):\n    return sum(items)\n' },
      { path: 'helpers.py', text: 'def clamp(v, lo, hi):\n    return max(lo, min(v, hi))\n' },
    ];
    expect(
      first(
        [...files, { path: 'app.py', text: `from billing import invoice_total_cents\n\ndef f(items):\n    cents = ${CURSOR}\n` }],
        'app.py',
      ),
    ).toMatchObject({ file: 'billing/invoice.py', reason: 'definition', name: 'invoice_total_cents' });
    expect(first([...files, { path: 'app.py', text: `import helpers\n\ndef f(items):\n    cents = ${CURSOR}\n` }], 'app.py')).toMatchObject(
      { file: 'helpers.py', reason: 'import' },
    );
  });

  it('Java, Rust, Go: a class import, a `use` list, a package', () => {
    const java = [
      {
        path: 'src/com/acme/billing/Invoices.java',
        text: 'package com.acme.billing;\npublic class Invoices {\n  public static long totalCents(long[] items) { return 0; }\n}\n',
      },
      { path: 'src/com/acme/model/Item.java', text: 'package com.acme.model;\npublic class Item {\n  public long cents;\n}\n' },
      {
        path: 'src/com/acme/app/Report.java',
        text: `package com.acme.app;\nimport com.acme.billing.Invoices;\nimport com.acme.model.Item;\n\nclass Report {\n  long total(Item[] items) {\n    long cents = ${CURSOR}\n  }\n}\n`,
      },
    ];
    expect(first(java, 'src/com/acme/app/Report.java')).toMatchObject({ file: 'src/com/acme/billing/Invoices.java', name: 'Invoices' });
    const rust = [
      { path: 'src/lib.rs', text: 'mod billing;\nmod report;\n' },
      {
        path: 'src/billing.rs',
        text: 'pub struct LineItem { pub cents: u64 }\n\npub fn total_cents(items: &[LineItem]) -> u64 {\n    items.iter().map(|i| i.cents).sum()\n}\n',
      },
      {
        path: 'src/report.rs',
        text: `use crate::billing::{total_cents, LineItem};\n\npub fn line(items: &[LineItem]) -> String {\n    let cents = ${CURSOR}\n}\n`,
      },
    ];
    expect(first(rust, 'src/report.rs')).toMatchObject({ file: 'src/billing.rs', name: 'total_cents', startLine: 2 });
    const go = [
      { path: 'billing/total.go', text: 'package billing\n\nfunc TotalCents(items []int64) int64 {\n\treturn 0\n}\n' },
      {
        path: 'cmd/main.go',
        text: `package main\n\nimport (\n\t"fmt"\n\tbill "example.com/app/billing"\n)\n\nfunc main() {\n\tcents := ${CURSOR}\n\tfmt.Println(cents)\n}\n`,
      },
    ];
    expect(first(go, 'cmd/main.go')).toMatchObject({ file: 'billing/total.go', reason: 'import' });
  });
});

describe('StableSnippetChooser and imports', () => {
  it('chooses again when a name is added to an import above while the cursor stays in its function', () => {
    const index = new WorkspaceIndex([
      {
        path: 'lib/money.ts',
        text: 'export function formatCents(c: number): string {\n  return (c / 100).toFixed(2);\n}\n\nexport function withTax(c: number): number {\n  return c * 1.2;\n}\n',
      },
    ]);
    const chooser = new StableSnippetChooser(index);
    const body = '\n\nexport function f(c: number) {\n  const x = ';
    const before = chooser.choose({ file: 'app.ts', prefix: `import { formatCents } from './lib/money';${body}`, suffix: '\n}\n' });
    expect(before.map((s) => s.name)).toEqual(['formatCents']);
    // Same lines, same scope, no other file changed: only the import line differs.
    const after = chooser.choose({ file: 'app.ts', prefix: `import { formatCents, withTax } from './lib/money';${body}`, suffix: '\n}\n' });
    expect(after.map((s) => s.name)).toEqual(['withTax', 'formatCents']);
    // Typing on, in the same scope: the choice stays.
    expect(
      chooser.choose({ file: 'app.ts', prefix: `import { formatCents, withTax } from './lib/money';${body}wi`, suffix: '\n}\n' }),
    ).toBe(after);
  });
});
