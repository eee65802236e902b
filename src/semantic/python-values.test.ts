// Members of built-in values whose type the text shows: the slips a small
// model makes on them (`xs.apend`, `s.startwith`, `d.iteritems`) are caught,
// and every shape where the type is not sure is left alone.
import { describe, expect, it } from 'vitest';
import { createNodeSemanticCheck } from '../../testing/semantic/node-check';

const check = createNodeSemanticCheck();

async function flagged(code: string): Promise<string[]> {
  const [prefix, rest] = code.split('«');
  const [completion, suffix] = rest.split('»');
  const v = await check({ language: 'python', prefix, completion, suffix, budgetMs: 10_000 });
  expect(v.checked, v.uncheckedReason).toBe(true);
  return v.findings.filter((f) => f.detail.includes('value has no member')).map((f) => f.name);
}

describe('a wrong member of a typed built-in value is caught', () => {
  const caught: [string, string, string][] = [
    ['list literal', 'xs = []\n«xs.apend(1)»\n', 'apend'],
    ['str literal', 's = "abc"\n«print(s.startwith("a"))»\n', 'startwith'],
    ['dict literal, Python 2 method', 'd = {}\n«for k, v in d.iteritems():\n    pass»\n', 'iteritems'],
    ['dict() call', 'd = dict(a=1)\n«d.has_key("a")»\n', 'has_key'],
    ['set comprehension', 'seen = {c for c in "abc"}\n«seen.append("d")»\n', 'append'],
    ['tuple', 'pair = (1, 2)\n«pair.append(3)»\n', 'append'],
    ['bytes literal', 'b = b"x"\n«b.encode()»\n', 'encode'],
    ['annotated parameter', 'def f(s: str):\n    «return s.startwith("x")»\n', 'startwith'],
    ['typing alias parameter', 'from typing import List\ndef f(xs: List[int]):\n    «xs.push(1)»\n', 'push'],
    ['annotated assignment', 'names: list[str] = []\n«names.add("a")»\n', 'add'],
    ['result of a str method', 'def f(s: str):\n    t = s.strip()\n    «return t.startwith("x")»\n', 'startwith'],
    ['result of split', 'parts = "a b".split()\n«parts.apend("c")»\n', 'apend'],
    ['call of a function annotated to return it', 'def f() -> list:\n    return []\n«f().apend(1)»\n', 'apend'],
    ['a literal itself', '«", ".joinn(["a"])»\n', 'joinn'],
    ['an f-string', 'n = 1\n«f"{n}".startwith("1")»\n', 'startwith'],
    ['sorted()', 'xs = sorted([3, 1])\n«xs.sortt()»\n', 'sortt'],
    ['a comprehension', '«[x for x in range(3)].apend(2)»\n', 'apend'],
    ['augmented assignment keeps the type', 'acc = []\nacc += [1]\n«acc.apend(2)»\n', 'apend'],
    ['a slice of a str', 's = "abc"\n«s[1:].startwith("b")»\n', 'startwith'],
    ['a % format', 'n = 1\n«("%d" % n).strp()»\n', 'strp'],
  ];
  it.each(caught)('%s', async (_, code, name) => {
    expect(await flagged(code)).toEqual([name]);
  });
});

describe('where the type is not sure, nothing is flagged', () => {
  const valid: [string, string][] = [
    ['a correct method', 'xs = []\n«xs.append(1)»\n'],
    ['rebound to something else', 'xs = []\nxs = make()\n«xs.apend(1)»\n'],
    ['branches with different types', 'if c:\n    x = []\nelse:\n    x = ""\n«x.apend(1)»\n'],
    ['the builtin shadowed', 'list = MyList\nxs = list()\n«xs.apend(1)»\n'],
    ['a parameter defaulting to None', 'def f(s: str = None):\n    «return s.startwith("x")»\n'],
    ['a for target', 'for s in ["a"]:\n    «s.startwith("a")»\n'],
    ['a name a global statement rebinds', 's = ""\ndef g():\n    global s\n    s = 5\n«s.startwith("a")»\n'],
    ['a nonlocal', 'def o():\n    s = ""\n    def i():\n        nonlocal s\n        s = 1\n    «s.startwith("a")»\n'],
    ['a hasattr test', 's = ""\n«if hasattr(s, "removeprefix"):\n    s.removeprefixx("a")»\n'],
    ['a try that catches AttributeError', 'd = {}\n«try:\n    d.iteritems()\nexcept AttributeError:\n    pass»\n'],
    ['a walrus', 'if (xs := make()):\n    «xs.apend(1)»\n'],
    ['a with target', 'with open("f") as fh:\n    «fh.readline()»\n'],
    ['a name bound in a class body seen from a method', 'class C:\n    items = []\n    def m(self):\n        «return items.apend(1)»\n'],
    ['an unparsed region', 'xs = []\nxs = (\n«xs.apend(1)»\n'],
    ['a dunder', 'xs = []\n«xs.__weird__»\n'],
    ['an annotation of an own class called list', 'class List: pass\ndef f(xs: List):\n    «xs.push(1)»\n'],
    ['an async function annotated to return a list', 'async def f() -> list:\n    return []\n«f().apend(1)»\n'],
    ['a decorated function', '@cache\ndef f() -> list:\n    return []\n«f().apend(1)»\n'],
    ['exec in the file', 'xs = []\nexec("xs = 1")\n«xs.apend(1)»\n'],
    ['a str method on bytes that bytes has', 'b = b"x"\n«b.decode().strip()»\n'],
    ['an int', 'n = 0\nn += 0.5\n«n.is_integer()»\n'],
    ['a mistake already in the document', 'xs = []\nxs.apend(0)\n«xs.apend(1)»\n'],
  ];
  it.each(valid)('%s', async (_, code) => {
    expect(await flagged(code)).toEqual([]);
  });
});
