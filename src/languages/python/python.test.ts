// Python's cases, run by the suite every language folder runs
// (testing/languages/plugin-suite.ts): each case's document is first judged
// by Debian's python3 (`python3 -m py_compile`).
import { pluginSuite } from '../../../testing/languages/plugin-suite';
import { python } from './language';

const CLASS = 'class Stack:\n    def __init__(self):\n        self.items = []\n\n    def push(self, x):\n        ';
const CLASS_END = '\n\n    def size(self):\n        return len(self.items)\n';

pluginSuite(python, {
  valid: [
    [CLASS, 'self.items.append(x)\n        return self', CLASS_END],
    [CLASS, 'if x is None:\n            raise ValueError("no item")\n        self.items.append(x)', CLASS_END],
    ['def total(xs):\n    ', 'return sum(x * 2 for x in xs if x)', '\n'],
    ['import os\n\n', 'ROOT = os.path.join(\n    os.getcwd(),\n    "data",\n)\n', 'print(ROOT)\n'],
    ['def f(d):\n    ', 'with open(d["path"]) as fh:\n        return [line.strip() for line in fh]', '\n'],
    ['def name(user):\n    ', "return f\"{user['first']} {user['last']!r}\"  # (", '\n'],
  ],
  invalid: [
    [CLASS, 'self.items.append(x', CLASS_END],
    [CLASS, 'if x is None\n            return self', CLASS_END],
    ['def total(xs):\n    ', 'return sum(x * for x in xs)', '\n'],
    ['def f(d):\n    ', 'y = [1, 2\n    return y', '\n'],
  ],
  editStates: [
    {
      name: 'a half-typed call in the function below',
      prefix: 'def a(x):\n    ',
      good: 'return x + 1',
      bad: 'return (x + 1',
      suffix: '\n\n\ndef b(y):\n    return y.call(1,\n',
    },
    {
      name: 'an unfinished statement above the function',
      prefix: 'VALUES = 1 +\n\n\ndef a(x):\n    ',
      good: 'return x * 2',
      bad: 'return x * (2',
      suffix: '\n',
    },
  ],
  imports: [
    {
      files: ['shop/__init__.py', 'shop/cart.py', 'shop/item.py', 'shop/util/money.py', 'tests/test_cart.py'],
      from: 'shop/cart.py',
      text: 'import json\nfrom .item import Item\nfrom .util.money import cents as c\n',
      found: ['shop/item.py', 'shop/util/money.py'],
    },
    {
      files: ['shop/__init__.py', 'shop/cart.py', 'tests/test_cart.py'],
      from: 'tests/test_cart.py',
      // `from shop import cart` may name the package's own `cart` or its submodule: both files.
      text: 'import shop.cart\nfrom shop import cart as c2\n',
      found: ['shop/__init__.py', 'shop/cart.py'],
    },
  ],
  definitions: [
    {
      text: 'LIMIT = 10\n\n\nclass Cart(Base):\n    def total(self):\n        return 0\n\n\nasync def fetch(url):\n    pass\n',
      names: ['LIMIT', 'Cart', 'total', 'fetch'],
    },
  ],
  // A row a backslash continues after `=` or `.` (the lexer reads the `\`
  // as the row's last code, not the `=`; language.ts).
  lexerUnread: /[=.][ \t]*\\\r?\n/,
  toolchain: { command: 'python3', args: ['-m', 'py_compile'], debianPackage: 'python3' },
  heldOut: { roots: ['/usr/lib/python3.11'], debianPackages: ['libpython3.11-stdlib'], files: 100, spansPerFile: 10 },
});
