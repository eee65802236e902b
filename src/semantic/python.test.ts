import { describe, expect, it } from 'vitest';
import { createNodeSemanticCheck } from '../../testing/semantic/node-check';
import type { SemanticVerdict } from './types';

const check = createNodeSemanticCheck();

/** Checks `code` with the completion marked as «...»; a generous budget: this is about verdicts, not speed. */
async function verdict(code: string, workspaceNames?: string[]): Promise<SemanticVerdict> {
  const [prefix, rest] = code.split('«');
  const [completion, suffix] = rest.split('»');
  return check({ language: 'python', prefix, completion, suffix, workspaceNames, budgetMs: 10_000 });
}

async function flagged(code: string, workspaceNames?: string[]): Promise<string[]> {
  const v = await verdict(code, workspaceNames);
  expect(v.checked, v.uncheckedReason).toBe(true);
  return v.findings.map((f) => f.name);
}

describe('valid code with every scoping form is not flagged', () => {
  const valid: [string, string][] = [
    [
      'function parameters of every shape',
      'def f(a, b=1, *args, c: int, d: int = 2, **kw):\n    «return a + b + c + d + len(args) + len(kw)»\n',
    ],
    ['positional-only and keyword-only markers', 'def f(a, /, b, *, c):\n    «return a, b, c»\n'],
    ['assignment and tuple targets', 'x, (y, *z) = 1, (2, 3)\n«print(x, y, z)»\n'],
    ['augmented and annotated assignment', 'total: int = 0\n«total += 1\ncount: int\n»'],
    ['for targets', 'for i, (j, k) in enumerate([(1, 2)]):\n    «print(i + j + k)»\n'],
    ['with ... as', 'with open("f") as fh, open("g") as (a):\n    «data = fh.read() + a.read()»\n'],
    ['except ... as', 'try:\n    pass\nexcept (ValueError, KeyError) as err:\n    «print(err)»\n'],
    [
      'comprehensions of each kind',
      'xs = [1]\n«a = [v * w for v in xs for w in range(v) if v]\nb = {k: v for k, v in {}.items()}\nc = {s for s in xs}\nd = sum(t for t in xs)»\n',
    ],
    ['lambda', '«f = lambda q, *r, **s: q + len(r) + len(s)»\n'],
    ['global', 'def setup():\n    global CONFIG\n    CONFIG = 1\ndef use():\n    «return CONFIG»\n'],
    ['nonlocal', 'def outer():\n    n = 0\n    def inner():\n        nonlocal n\n        «n += 1»\n    return inner\n'],
    [
      'class and def names, used before their definition',
      'def main():\n    «return Helper().run(helper())»\nclass Helper:\n    def run(self, x):\n        return x\ndef helper():\n    return 1\n',
    ],
    ['recursion', 'def fact(n):\n    «return 1 if n < 2 else n * fact(n - 1)»\n'],
    ['closure over an enclosing function', 'def outer(limit):\n    def inner(x):\n        «return x < limit»\n    return inner\n'],
    [
      'imports: plain, dotted, aliased, from, relative',
      'import os.path\nimport numpy as np\nfrom collections import defaultdict as dd, Counter\nfrom . import sibling\n«print(os.path.join("a"), np.array, dd, Counter, sibling)»\n',
    ],
    ['walrus in a comprehension binds in the function', 'def f(xs):\n    «if any((hit := x) > 2 for x in xs):\n        return hit»\n'],
    [
      'match capture patterns',
      'def f(cmd):\n    match cmd:\n        case [name, *rest]:\n            «return name, rest»\n        case {"k": value}:\n            return value\n',
    ],
    ['builtins and module dunders', '«print(len(__name__), __file__, NotImplemented, Ellipsis, __debug__)»\n'],
    ['methods see self and class names', 'class A:\n    size = 3\n    def m(self):\n        «return self.size + __class__.size»\n'],
    [
      'decorators and keyword arguments',
      'import functools\n@functools.lru_cache(maxsize=None)\ndef f(x):\n    «return sorted([x], key=lambda v: -v, reverse=True)»\n',
    ],
    ['f-string expressions', 'width = 4\nvalue = 1\n«s = f"{value!r:>{width}}"»\n'],
    ['a name another file defines (workspace)', '«print(shared_helper())»\n'],
    [
      'stdlib members that exist',
      'import math, itertools, collections, os, re\n«r = math.sqrt(2) + math.inf\np = itertools.permutations\nq = collections.abc.Mapping\nj = os.path.join\nm = re.compile("x").match»\n',
    ],
    ['from-import of a submodule', 'from os import path\n«print(path.join("a"))»\n'],
    ['a module rebound to something else', 'import math\nmath = object()\n«math.sqroot»\n'],
    ['a member the file assigns', 'import math\nmath.tau2 = 2 * math.tau\n«print(math.tau2)»\n'],
    [
      "another platform's member, where the platform is tested",
      'import os, sys\nif sys.platform[:3] == "win":\n    def start(p):\n        «os.startfile(p)»\n',
    ],
    ['a member asked for first', 'import os\nif hasattr(os, "startfile"):\n    «os.startfile("x")»\n'],
    ['a member tried', 'import os\ntry:\n    «os.startfile("x")»\nexcept AttributeError:\n    pass\n'],
    ['the platform tested on an alias', 'import os as _os, sys as _sys\nif _os.name == "nt":\n    «h = _sys.dllhandle»\n'],
    [
      'a member after a test that leaves the function without it',
      'import sys\ndef last():\n    if not hasattr(sys, "last_type"):\n        raise ValueError("none")\n    «return sys.last_type»\n',
    ],
    ['a forward reference in a lazy annotation', 'from __future__ import annotations\ndef f(x: Later) -> Later:\n    «return x»\n'],
    ['exception groups and type parameters', 'def f[T](x: T) -> T:\n    «return x»\n'],
    ['the completion finishes an identifier the prefix began', 'value = 3\nprint(val«ue)»\n'],
    [
      'async for and async with',
      'async def f(src, lock):\n    async with lock as held:\n        async for item in src:\n            «print(item, held)»\n',
    ],
    [
      'an import fallback and conditional definitions',
      'try:\n    import ujson as json\nexcept ImportError:\n    import json\nif json:\n    def dump(x):\n        return x\n«print(json.dumps(dump(1)))»\n',
    ],
    [
      'property setters and class-body comprehensions',
      'class P:\n    @property\n    def x(self):\n        return 1\n    @x.setter\n    def x(self, v):\n        «self._x = [v for _ in range(2)]»\n',
    ],
    ['a name after del', 'tmp = 1\ndel tmp\n«tmp = 2\nprint(tmp)»\n'],
    ['dict and set comprehension keys and nested lambdas', 'pairs = [(1, 2)]\n«m = {k: (lambda v=v: v)() for k, v in pairs}»\n'],
    [
      'a local of an enclosing function used in a nested comprehension',
      'def f(rows):\n    width = 3\n    «return [[c * width for c in r] for r in rows]»\n',
    ],
  ];
  for (const [what, code] of valid) {
    it(what, async () => {
      expect(await flagged(code, ['shared_helper'])).toEqual([]);
    });
  }
});

describe('dynamic files are never flagged for names', () => {
  for (const [what, code] of [
    ['star import', 'from os.path import *\n«print(joinn("a"))»\n'],
    ['exec', 'exec("zz = 1")\n«print(zz)»\n'],
    ['globals()', 'globals()["zz"] = 1\n«print(zz)»\n'],
  ] as const) {
    it(what, async () => {
      expect(await flagged(code)).toEqual([]);
    });
  }

  it('getattr on a module is a string, never a finding', async () => {
    expect(await flagged('import math\n«f = getattr(math, "sqroot", None)»\n')).toEqual([]);
  });
});

describe('what the completion introduces is flagged', () => {
  it('a near-miss of a local name', async () => {
    expect(await flagged('def f(numbers):\n    «return sum(numbrs)»\n')).toEqual(['numbrs']);
  });

  it('a call of a function defined nowhere', async () => {
    expect(await flagged('def f(n):\n    «return is_prime(n)»\n')).toEqual(['is_prime']);
  });

  it('a member that does not exist on a standard-library module, also under an alias', async () => {
    const v = await verdict('import math as m\ndef f(x):\n    «return m.sqroot(x)»\n');
    expect(v.findings).toMatchObject([{ kind: 'unknown-member', name: 'sqroot', row: 2, column: 13 }]);
    expect(v.findings[0].detail).toContain('math');
  });

  it("another platform's member is still flagged where nothing tests the platform", async () => {
    expect(await flagged('import os\n«os.startfile("x")»\n')).toEqual(['startfile']);
  });

  it('an except clause is not guarded by its own try', async () => {
    expect(await flagged('import math\ntry:\n    x = 1\nexcept AttributeError:\n    «math.sqroot(2)»\n')).toEqual(['sqroot']);
  });

  it('an earlier platform test that does not leave the block guards nothing after it', async () => {
    expect(await flagged('import os, sys\nif sys.platform == "win32":\n    x = 1\n«os.startfile("x")»\n')).toEqual(['startfile']);
  });

  it('a from-import of a member that does not exist', async () => {
    expect(await flagged('«from itertools import permutation»\n')).toEqual(['permutation']);
  });

  it('a local of another function is not in scope', async () => {
    expect(await flagged('def a():\n    secret = 1\ndef b():\n    «return secret»\n')).toEqual(['secret']);
  });

  it('a comprehension variable does not leak', async () => {
    expect(await flagged('def f(xs):\n    ys = [v for v in xs]\n    «return v»\n')).toEqual(['v']);
  });

  it('reports each name once, with its position in the completed text', async () => {
    const v = await verdict('x = 1\n«print(yy, yy)»\n');
    expect(v.findings).toMatchObject([{ kind: 'unresolved-name', name: 'yy', row: 1, column: 6 }]);
  });
});

describe('methods of a class known whole', () => {
  const account =
    'class Account:\n    rate = 0.1\n    def __init__(self, owner):\n        self.owner = owner\n        self.balance = 0\n    def deposit(self, n):\n        self.balance += n\n';

  it('self.m() in a method, x = Cls(); x.m(), and Cls.m() of a method the class lacks', async () => {
    const v = await verdict(`${account}    def pay(self, n):\n        «self.deposit(-n)\n        self.withdraw(n)»\n`);
    expect(v.findings).toMatchObject([{ kind: 'unknown-member', name: 'withdraw', row: 9, column: 13 }]);
    expect(v.findings[0].detail).toBe('class `Account` (this file) has no member `withdraw`');
    expect(await flagged(`${account}def main():\n    acct = Account("a")\n    «acct.depositt(5)»\n`)).toEqual(['depositt']);
    expect(await flagged(`${account}«Account.open_new("b")»\n`)).toEqual(['open_new']);
  });

  it('members come from the bases known whole, and from a harmless decorator', async () => {
    const base = 'class Shape:\n    def area(self):\n        return 0\n';
    expect(
      await flagged(`${base}class Square(Shape):\n    def twice(self):\n        «return self.area() * 2 + self.perimeter()»\n`),
    ).toEqual(['perimeter']);
    expect(
      await flagged(
        'import dataclasses\n@dataclasses.dataclass\nclass P:\n    x: int\n    def norm(self):\n        «return self.x + self.lenght()»\n',
      ),
    ).toEqual(['lenght']);
  });

  const valid: [string, string][] = [
    [
      'a method the class has, a data member called, a class attribute',
      `${account}def main():\n    a = Account("x")\n    «a.deposit(1)\n    a.owner()\n    Account.rate»\n`,
    ],
    ['a member the file stores on any object', `${account}def main():\n    a = Account("x")\n    a.notify = print\n    «a.notify("hi")»\n`],
    [
      'a base from elsewhere (its members unknown)',
      'import threading\nclass W(threading.Thread):\n    def go(self):\n        «self.start()»\n',
    ],
    [
      'a base of the file whose members are not known whole',
      'class A(dict):\n    pass\nclass B(A):\n    def f(self):\n        «return self.keys()»\n',
    ],
    ['another decorator', 'import attr\n@attr.s\nclass P:\n    def f(self):\n        «return self.evolve()»\n'],
    [
      'a template: a subclass brings the method',
      'class Handler:\n    def run(self):\n        «return self.step()»\nclass Impl(Handler):\n    def step(self):\n        return 1\n',
    ],
    ['a mixin', 'class LogMixin:\n    def log(self, m):\n        «self.write(m)»\n'],
    ['a base class by its name', 'class BaseCommand:\n    def execute(self):\n        «return self.handle()»\n'],
    [
      'a method left for a subclass',
      'class Job:\n    def run(self):\n        «return self.work()»\n    def prepare(self):\n        raise NotImplementedError\n',
    ],
    [
      'setattr anywhere in the file',
      `${account}setattr(Account, "close", lambda self: None)\ndef main():\n    a = Account("x")\n    «a.close()»\n`,
    ],
    ['__getattr__', 'class Proxy:\n    def __getattr__(self, name):\n        return 1\np = Proxy()\n«p.anything()»\n'],
    ['a name bound two ways', `${account}def main(flag):\n    a = Account("x")\n    if flag:\n        a = make()\n    «a.close()»\n`],
    ['a parameter (its type unknown)', `${account}def main(a):\n    «a.close()»\n`],
    ['self rebound in the method', `${account}    def odd(self):\n        self = other()\n        «self.close()»\n`],
    ['a static method has no self', `${account}    @staticmethod\n    def util(self):\n        «self.close()»\n`],
    [
      'a class defined twice',
      `class K:\n    def a(self):\n        pass\nclass K:\n    def b(self):\n        pass\n«K().b()\nk = K()\nk.b()»\n`,
    ],
    ['a private or dunder name', `${account}def main():\n    a = Account("x")\n    «a.__enter__()\n    a.__secret()»\n`],
    [
      'the class of a nested scope is not the module-level one',
      `${account}def main():\n    class Account:\n        def close(self):\n            pass\n    a = Account()\n    «a.close()»\n`,
    ],
  ];
  for (const [what, code] of valid)
    it(`not flagged: ${what}`, async () => {
      expect(await flagged(code)).toEqual([]);
    });

  it('a class another workspace file defines, as the file imports it', async () => {
    const circle = { local: 'C', module: 'shapes', name: 'Circle', file: 'shapes.py', members: ['radius', 'area', '__init__'] };
    const code = 'from shapes import Circle as C\ndef main():\n    c = C(2)\n    «return c.area() + c.perimeter()»\n';
    const v = await check({ ...split(code), language: 'python', workspaceClasses: [circle], budgetMs: 10_000 });
    expect(v.findings.map((f) => [f.name, f.detail])).toEqual([['perimeter', 'class `Circle` (shapes.py) has no member `perimeter`']]);
    // Another module's Circle, or the name bound once more: not that class.
    for (const other of ['from geometry import Circle as C', 'from shapes import Circle as C\nC = object']) {
      const w = await check({
        ...split(code.replace('from shapes import Circle as C', other)),
        language: 'python',
        workspaceClasses: [circle],
        budgetMs: 10_000,
      });
      expect(w.findings).toEqual([]);
    }
  });
});

function split(code: string) {
  const [prefix, rest] = code.split('«');
  const [completion, suffix] = rest.split('»');
  return { prefix, completion, suffix };
}

describe('differential: only what the completion introduces', () => {
  it("a name the document already fails to resolve is not the completion's", async () => {
    expect(await flagged('def f():\n    «return helper_from_elsewhere(1)»\nprint(helper_from_elsewhere(2))\n')).toEqual([]);
  });

  it('an unresolved name outside the completion is not reported', async () => {
    expect(await flagged('print(undefined_above)\n«x = 1»\n')).toEqual([]);
  });

  it('a name the completion itself defines resolves', async () => {
    expect(await flagged('«def helper():\n    return 1\n»print(helper())\n')).toEqual([]);
  });

  it('an empty completion has nothing to report', async () => {
    expect(await flagged('print(nothing_here)\n«»')).toEqual([]);
  });
});

describe('never a silent pass', () => {
  it('a language with no checker is not checked, and says so', async () => {
    const v = await check({ language: 'go', prefix: 'x := ', completion: 'y', suffix: '' });
    expect(v).toMatchObject({ checked: false, uncheckedReason: 'no semantic checker for go', findings: [] });
  });

  it('a check past its budget is not checked (timed out)', async () => {
    const big = 'x = [\n' + '    1,\n'.repeat(200_000) + ']\n';
    const v = await check({ language: 'python', prefix: big, completion: 'print(zz)\n', suffix: big, budgetMs: 1 });
    expect(v.checked).toBe(false);
    expect(v.uncheckedReason).toMatch(/timed out/);
  });
});
