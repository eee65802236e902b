import { describe, expect, it } from 'vitest';
import { PathLookup, resolveImports, declaredNamespaces } from './imports';

const paths = (p: string[]) => new PathLookup(p);
const files = (r: { path: string }[]) => r.map((x) => x.path).sort();

describe('imports resolved within the workspace', () => {
  it('Python: relative, absolute (from above the package and inside it), submodules, aliases', () => {
    const look = paths(['email/utils.py', 'email/errors.py', 'email/mime/base.py', 'email/__init__.py', 'email/charset.py']);
    const text =
      'from . import errors\nfrom .utils import formatdate, parsedate as pd\nimport email.charset as _charset\nfrom email.mime.base import MIMEBase\nimport os\n';
    const got = resolveImports(text, 'email/message.py', 'python', look);
    expect(files(got)).toEqual(['email/charset.py', 'email/errors.py', 'email/mime/base.py', 'email/utils.py']);
    expect(got.find((g) => g.path === 'email/utils.py')!.names).toEqual(['formatdate', 'pd']);
    expect(got.find((g) => g.path === 'email/charset.py')!.names).toEqual(['_charset']);
    // The workspace opened at the package itself: `email.utils` is `utils.py`.
    expect(files(resolveImports('from email.utils import x\n', 'message.py', 'python', paths(['utils.py', 'message.py'])))).toEqual([
      'utils.py',
    ]);
  });

  it('Python: a parenthesised import over several lines', () => {
    const got = resolveImports('from .utils import (\n    a,\n    b,\n)\n', 'pkg/m.py', 'python', paths(['pkg/utils.py']));
    expect(got).toMatchObject([{ path: 'pkg/utils.py', names: ['a', 'b'] }]);
    // Offsets are those of the text as written (the fold keeps them).
    expect(got[0].bindings.map((b) => [b.local, b.imported, b.at])).toEqual([
      ['a', 'a', 25],
      ['b', 'b', 32],
    ]);
    // A `\` continuation, and what is not a name (a stray character, a regex's special one) is no binding.
    const cont = resolveImports('from .utils import a, \\\n    b as c, d(\nimport x\n', 'pkg/m.py', 'python', paths(['pkg/utils.py']));
    expect(cont[0].bindings.map((b) => [b.local, b.imported])).toEqual([
      ['a', 'a'],
      ['c', 'b'],
    ]);
  });

  it('JS/TS: relative specifiers with and without extensions, .js meaning .ts, index files, require; packages are not workspace files', () => {
    const look = paths(['src/a.ts', 'src/lib/index.ts', 'src/b.js', 'src/util.ts']);
    const text =
      "import { x, y as z } from './a';\nimport * as lib from './lib';\nconst b = require('./b');\nimport u from './util.js';\nimport React from 'react';\n";
    const got = resolveImports(text, 'src/main.ts', 'js', look);
    expect(files(got)).toEqual(['src/a.ts', 'src/b.js', 'src/lib/index.ts', 'src/util.ts']);
    expect(got.find((g) => g.path === 'src/a.ts')!.names).toEqual(['x', 'z']);
    expect(got.find((g) => g.path === 'src/lib/index.ts')!.names).toEqual(['lib']);
    // What each name is in the imported file: a named export, the module itself, the default export.
    expect(got.flatMap((g) => g.bindings.map((b) => [b.local, b.imported]))).toEqual([
      ['x', 'x'],
      ['z', 'y'],
      ['lib', undefined],
      ['u', 'default'],
      ['b', undefined],
    ]);
    // Re-exports pass names on without binding any here.
    const re = resolveImports("export * from './a';\nexport { x as y } from './util';\n", 'src/index.ts', 'js', look);
    expect(re.flatMap((g) => g.bindings.map((b) => [b.local, b.imported, b.reexport]))).toEqual([
      ['*', undefined, true],
      ['y', 'x', true],
    ]);
    expect(re.flatMap((g) => g.names)).toEqual([]);
  });

  it('Java: class imports, static imports, wildcards and the same package', () => {
    const look = paths([
      'src/com/acme/model/User.java',
      'src/com/acme/util/Strings.java',
      'src/com/acme/util/Dates.java',
      'src/com/acme/app/Main.java',
      'src/com/acme/app/Config.java',
    ]);
    const text =
      'package com.acme.app;\nimport com.acme.model.User;\nimport static com.acme.util.Strings.trim;\nimport com.acme.util.*;\nimport java.util.List;\n';
    expect(files(resolveImports(text, 'src/com/acme/app/Main.java', 'java', look))).toEqual([
      'src/com/acme/app/Config.java',
      'src/com/acme/model/User.java',
      'src/com/acme/util/Dates.java',
      'src/com/acme/util/Strings.java',
    ]);
  });

  it('C#: a using names a namespace: the files that declare it', () => {
    const ns = new Map([['Acme.Models', ['Models/User.cs']]]);
    expect(declaredNamespaces('namespace Acme.Models;\n', 'csharp')).toEqual(['Acme.Models']);
    expect(
      files(
        resolveImports('using System;\nusing Acme.Models;\n', 'App/Program.cs', 'csharp', paths(['Models/User.cs', 'App/Program.cs']), ns),
      ),
    ).toEqual(['Models/User.cs']);
  });

  it('C/C++: quoted and angle includes relative to the file or anywhere, and the .c/.h twin', () => {
    const look = paths(['src/list.c', 'src/list.h', 'include/util/str.h', 'src/main.c']);
    expect(files(resolveImports('#include "list.h"\n#include <util/str.h>\n#include <stdio.h>\n', 'src/main.c', 'c', look))).toEqual([
      'include/util/str.h',
      'src/list.h',
    ]);
    expect(files(resolveImports('int main(){}\n', 'src/list.c', 'c', look))).toEqual(['src/list.h']);
  });

  it('Go: an import path is a package folder (its non-test files); the same folder is the same package', () => {
    const look = paths(['store/store.go', 'store/store_test.go', 'store/kv.go', 'cmd/main.go', 'cmd/flags.go']);
    const text = 'package main\n\nimport (\n\t"fmt"\n\tst "example.com/app/store"\n)\n';
    const got = resolveImports(text, 'cmd/main.go', 'go', look);
    expect(files(got)).toEqual(['cmd/flags.go', 'store/kv.go', 'store/store.go']);
    expect(got.find((g) => g.path === 'store/kv.go')!.names).toEqual(['st']);
  });

  it('Rust: mod declarations and crate/super paths', () => {
    const look = paths(['src/lib.rs', 'src/parser.rs', 'src/parser/lexer.rs', 'src/ast/mod.rs']);
    const lib = resolveImports('mod parser;\nuse crate::ast::{Node, Expr as E};\n', 'src/lib.rs', 'rust', look);
    expect(files(lib)).toEqual(['src/ast/mod.rs', 'src/parser.rs']);
    expect(lib.find((g) => g.path === 'src/ast/mod.rs')!.bindings.map((b) => [b.local, b.imported])).toEqual([
      ['Node', 'Node'],
      ['E', 'Expr'],
    ]);
    expect(files(resolveImports('mod lexer;\nuse super::ast::Node;\n', 'src/parser.rs', 'rust', look))).toEqual([
      'src/ast/mod.rs',
      'src/parser/lexer.rs',
    ]);
  });
});
