// TypeScript's cases, run by the suite every language folder runs
// (testing/languages/plugin-suite.ts): each case's document is first judged
// by TypeScript's own parser (testing/languages/ts-syntax.mjs: what the
// installed `typescript` package's parser reports; `tsc` would type-check).
import { pluginSuite, TS_SYNTAX } from '../../../testing/languages/plugin-suite';
import { typescript } from './language';

const CLASS = 'export class Stack<T> {\n  private items: T[] = [];\n\n  push(x: T): this {\n    ';
const CLASS_END = '\n  }\n}\n';

pluginSuite(typescript, {
  valid: [
    [CLASS, 'this.items.push(x);\n    return this;', CLASS_END],
    [CLASS, "if (x === undefined) {\n      throw new TypeError('no item');\n    }\n    this.items.push(x);\n    return this;", CLASS_END],
    ['function total(xs: readonly number[]): number {\n  ', 'return xs.reduce((a, b) => a + b * 2, 0);', '\n}\n'],
    ['', 'type Table<K extends string, V> = { readonly [key in K]?: V[] };\n', 'export const t: Table<"a", number> = {};\n'],
    ['function first<T>(xs: T[]): T | undefined {\n  ', 'return xs.length > 0 ? (xs[0] as T) : undefined; // (', '\n}\n'],
    ['interface User {\n  name: string;\n}\n\n', 'export const name = (u: User): string => `${u.name} (${u.name.length})`;\n', ''],
  ],
  invalid: [
    [CLASS, 'this.items.push(x;\n    return this;', CLASS_END],
    [CLASS, 'if (x === undefined {\n      return this;\n    }', CLASS_END],
    ['function total(xs: number[]): number {\n  ', 'return xs.reduce((a, b) => a + * b, 0);', '\n}\n'],
    ['function f(): number[] {\n  ', 'const y: number[] = [1, 2;\n  return y;', '\n}\n'],
  ],
  editStates: [
    {
      name: 'a half-typed call in the function below',
      prefix: 'function a(x: number): number {\n  ',
      good: 'return x + 1;',
      bad: 'return (x + 1;',
      suffix: '\n}\n\nfunction b(y: { call(...a: number[]): void }) {\n  return y.call(1,\n}\n',
    },
    {
      name: 'an unclosed array above the function',
      prefix: 'const VALUES: number[] = [1, 2\n\nfunction a(x: number): number {\n  ',
      good: 'return x * 2;',
      bad: 'return x * (2;',
      suffix: '\n}\n',
    },
  ],
  imports: [
    {
      files: ['src/shop/cart.ts', 'src/shop/item.ts', 'src/util/index.ts', 'test/cart.test.ts'],
      from: 'src/shop/cart.ts',
      text: "import { Item } from './item.js';\nimport type { Money } from '../util';\nimport fs from 'node:fs';\n",
      found: ['src/shop/item.ts', 'src/util/index.ts'],
    },
    {
      files: ['src/shop/cart.ts', 'src/index.ts'],
      from: 'src/index.ts',
      text: "export * from './shop/cart';\n",
      found: ['src/shop/cart.ts'],
    },
  ],
  definitions: [
    {
      text: 'export const LIMIT = 10;\n\nexport interface Priced {\n  price: number;\n}\n\ntype Id = string;\n\nexport class Cart {\n  total(): number {\n    return 0;\n  }\n}\n',
      names: ['LIMIT', 'Priced', 'Id', 'Cart', 'total'],
    },
  ],
  // A block comment holding another `/*` (lexer.ts reads it as one left open).
  lexerUnread: /\/\*(?:(?!\*\/)[\s\S])*\/\*/,
  toolchain: { command: 'node', args: [TS_SYNTAX], npmPackage: 'typescript' },
  heldOut: {
    roots: ['node_modules/ts-json-schema-generator/src', 'node_modules/workbox-build/src', 'node_modules/workbox-core/src'],
    npmPackages: ['ts-json-schema-generator', 'workbox-build'],
    files: 100,
    spansPerFile: 10,
  },
});
