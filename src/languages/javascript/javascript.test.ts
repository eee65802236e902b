// JavaScript's cases, run by the suite every language folder runs
// (testing/languages/plugin-suite.ts): each case's document is first judged
// by Debian's node (`node --check`), which reads no JSX: the cases hold none.
import { pluginSuite } from '../../../testing/languages/plugin-suite';
import { javascript } from './language';

const CLASS = 'class Stack {\n  constructor() {\n    this.items = [];\n  }\n\n  push(x) {\n    ';
const CLASS_END = '\n  }\n}\n\nmodule.exports = Stack;\n';

pluginSuite(javascript, {
  valid: [
    [CLASS, 'this.items.push(x);\n    return this;', CLASS_END],
    [CLASS, "if (x == null) {\n      throw new TypeError('no item');\n    }\n    this.items.push(x);\n    return this;", CLASS_END],
    ['function total(xs) {\n  ', 'return xs.filter(Boolean).reduce((a, b) => a + b * 2, 0);', '\n}\n'],
    ['const name = (user) => ', '`${user.first} ${user.last} (${user.id})`', ';\nconsole.log(name({}));\n'],
    ['function words(s) {\n  ', 'return s.split(/[\\s(]+/).map((w) => w.trim()); // )', '\n}\n'],
    ['async function load(url) {\n  ', 'const { data = [] } = await fetch(url).then((r) => r.json());\n  return data;', '\n}\n'],
  ],
  invalid: [
    [CLASS, 'this.items.push(x;\n    return this;', CLASS_END],
    [CLASS, 'if (x == null {\n      return this;\n    }', CLASS_END],
    ['function total(xs) {\n  ', 'return xs.reduce((a, b) => a + * b, 0);', '\n}\n'],
    ['function f() {\n  ', 'const y = [1, 2;\n  return y;', '\n}\n'],
  ],
  editStates: [
    {
      name: 'a half-typed call in the function below',
      prefix: 'function a(x) {\n  ',
      good: 'return x + 1;',
      bad: 'return (x + 1;',
      suffix: '\n}\n\nfunction b(y) {\n  return y.call(1,\n}\n',
    },
    {
      name: 'an unclosed array above the function',
      prefix: 'const VALUES = [1, 2\n\nfunction a(x) {\n  ',
      good: 'return x * 2;',
      bad: 'return x * (2;',
      suffix: '\n}\n',
    },
  ],
  imports: [
    {
      files: ['src/shop/cart.js', 'src/shop/item.js', 'src/util/index.js', 'test/cart.test.js'],
      from: 'src/shop/cart.js',
      text: "import { Item } from './item.js';\nconst util = require('../util');\nimport fs from 'node:fs';\n",
      found: ['src/shop/item.js', 'src/util/index.js'],
    },
    {
      files: ['src/shop/cart.js', 'test/cart.test.js'],
      from: 'test/cart.test.js',
      text: "const { Cart } = require('../src/shop/cart');\n",
      found: ['src/shop/cart.js'],
    },
  ],
  definitions: [
    {
      text: 'const LIMIT = 10;\n\nclass Cart {\n  total() {\n    return 0;\n  }\n}\n\nfunction build() {\n  return new Cart();\n}\n\nexports.make = function () {};\n',
      names: ['LIMIT', 'Cart', 'total', 'build', 'make'],
    },
  ],
  // A block comment holding another `/*` (lexer.ts reads it as one left open).
  lexerUnread: /\/\*(?:(?!\*\/)[\s\S])*\/\*/,
  toolchain: { command: 'node', args: ['--check'], debianPackage: 'nodejs' },
  heldOut: { roots: ['node_modules/eslint/lib', 'node_modules/pako/lib'], npmPackages: ['eslint', 'pako'], files: 100, spansPerFile: 10 },
});
