// TSX's cases, run by the suite every language folder runs
// (testing/languages/plugin-suite.ts): each case's document is first judged
// by TypeScript's own parser, reading it as TSX (testing/languages/ts-syntax.mjs).
import { pluginSuite, TS_SYNTAX } from '../../../testing/languages/plugin-suite';
import { tsx } from './language';

const COMPONENT = 'type Props = { items: string[]; onPick(item: string): void };\n\nexport function List({ items, onPick }: Props) {\n  ';
const COMPONENT_END = '\n}\n';

pluginSuite(tsx, {
  valid: [
    [
      COMPONENT,
      'return (\n    <ul>\n      {items.map((item) => (\n        <li key={item} onClick={() => onPick(item)}>\n          {item}\n        </li>\n      ))}\n    </ul>\n  );',
      COMPONENT_END,
    ],
    [
      COMPONENT,
      'if (items.length === 0) {\n    return <p className="empty">Nothing (yet)</p>;\n  }\n  return <span>{items.length}</span>;',
      COMPONENT_END,
    ],
    ['function total(xs: readonly number[]): number {\n  ', 'return xs.reduce((a, b) => a + b * 2, 0);', '\n}\n'],
    ['export const first = ', '<T,>(xs: T[]): T | undefined => xs[0]', ';\n'],
    ['export function Title({ text }: { text: string }) {\n  ', 'return <h1 title={`${text} (1)`}>{text.toUpperCase()}</h1>;', '\n}\n'],
  ],
  invalid: [
    [COMPONENT, 'return <ul>{items.map((item) => <li>{item}</li>)}</ul;', COMPONENT_END],
    [COMPONENT, 'return <p>{items.length</p>;', COMPONENT_END],
    ['function total(xs: number[]): number {\n  ', 'return xs.reduce((a, b) => a + * b, 0);', '\n}\n'],
    ['function f(): number[] {\n  ', 'const y: number[] = [1, 2;\n  return y;', '\n}\n'],
  ],
  editStates: [
    {
      name: 'a half-typed element in the component below',
      prefix: 'export function A({ x }: { x: number }) {\n  ',
      good: 'return <b>{x + 1}</b>;',
      bad: 'return <b>{(x + 1}</b>;',
      suffix: '\n}\n\nexport function B() {\n  return <div>\n}\n',
    },
    {
      name: 'an unclosed array above the component',
      prefix: 'const VALUES: number[] = [1, 2\n\nexport function A({ x }: { x: number }) {\n  ',
      good: 'return <i>{x * 2}</i>;',
      bad: 'return <i>{x * (2}</i>;',
      suffix: '\n}\n',
    },
  ],
  imports: [
    {
      files: ['src/ui/List.tsx', 'src/ui/Item.tsx', 'src/ui/styles.ts', 'src/App.tsx'],
      from: 'src/ui/List.tsx',
      text: "import { Item } from './Item';\nimport * as styles from './styles';\nimport React from 'react';\n",
      found: ['src/ui/Item.tsx', 'src/ui/styles.ts'],
    },
    {
      files: ['src/ui/List.tsx', 'src/ui/index.ts', 'src/App.tsx'],
      from: 'src/App.tsx',
      text: "import { List } from './ui';\n",
      found: ['src/ui/index.ts'],
    },
  ],
  definitions: [
    {
      text: 'export interface Props {\n  items: string[];\n}\n\nexport function List({ items }: Props) {\n  return <ul />;\n}\n\nexport const LIMIT = 10;\n',
      names: ['Props', 'List', 'LIMIT'],
    },
  ],
  // A block comment holding another `/*` (lexer.ts reads it as one left open).
  lexerUnread: /\/\*(?:(?!\*\/)[\s\S])*\/\*/,
  toolchain: { command: 'node', args: [TS_SYNTAX], npmPackage: 'typescript' },
  heldOut: { none: 'no tree of TSX sources in node_modules: the npm packages installed here ship none' },
});
