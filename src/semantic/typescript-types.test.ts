// The TypeScript types checker on hand-made completions (between « and »):
// correct code that must not be charged, and mutants that must.
import { describe, expect, it } from 'vitest';
import { createTypescriptTypesChecker } from './typescript-types';
import { typescriptTypesChecker } from '../../testing/semantic/node-check';
import { checkedFindings, jsInput } from '../../testing/semantic/js-input';

async function findings(language: string, source: string) {
  const input = await jsInput(language, source);
  try {
    return await typescriptTypesChecker.check(input);
  } finally {
    input.tree.delete();
    input.baseline.tree.delete();
  }
}

const codes = async (language: string, source: string) => (await findings(language, source)).map((f) => f.name);

const VALID: [string, string, string][] = [
  ['typescript', 'generics and interfaces', 'interface Box<T> { value: T }\nfunction wrap<T>(v: T): Box<T> { «return { value: v };» }'],
  [
    'typescript',
    'a class and its methods',
    'class Stack<T> { private items: T[] = []; push(x: T) { this.items.push(x); } peek(): T | undefined { «return this.items[this.items.length - 1];» } }',
  ],
  [
    'typescript',
    'enums and namespaces',
    'enum Color { Red, Green }\nnamespace Geo { export const origin = { x: 0 }; }\n«const c: Color = Color.Green; const x: number = Geo.origin.x;»',
  ],
  [
    'typescript',
    'lib members',
    '«const r = Math.sqrt(2) + JSON.parse("1") + [1, 2].map((x) => x * 2).reduce((a, b) => a + b, 0); const s = "a".padStart(3).at(0);»',
  ],
  [
    'typescript',
    'imports from files the host does not have',
    'import { helper } from "./helper";\nimport type { Opts } from "./opts";\n«const o: Opts = helper(1); o.anything.goes();»',
  ],
  ['typescript', "DOM and Node names are the names checker's", '«document.title = "x"; const b = Buffer.from("x"); process.exit(0);»'],
  [
    'typescript',
    'an error the document already had, now over the completion',
    'function takesNum(n: number) { return n; }\nconst x = 1;\ntakesNum(«x + »"s");',
  ],
  [
    'tsx',
    'JSX without React types',
    'type P = { label: string };\nexport function B({ label }: P) { «return <button title={label}>{label}</button>;» }',
  ],
  [
    'javascript',
    'JavaScript idioms: expandos, loose arity',
    'function f(a, b) { return a; }\nconst o = {};\n«o.extra = 1; f(1); const n = o.extra;»',
  ],
  [
    'typescript',
    "the keys of an unresolved import's value (keyof any)",
    'import { M } from "./settings";\nconst KEYS = [...(Object.keys(M) as (keyof typeof M)[]), "x"] as const;\nfunction f(m: Record<string, unknown>) { for (const k of KEYS) «if (m[k] !== undefined) console.log(k.toUpperCase(), m[k]);» }',
  ],
  [
    'javascript',
    'a class that hands its this to a helper, which defines members',
    'function define(o, k, v) { Object.defineProperty(o, k, { value: v }); return v; }\nclass Rule { constructor(body) { this.mark = 1; define(this, "body", body); } get basename() { «return this.body.trim();» } }',
  ],
  ['typescript', 'a later declaration in the suffix', '«const v = later(2).toFixed(1);»\nfunction later(n: number): number { return n; }'],
];

describe('typescriptTypesChecker: correct completions', () => {
  for (const [language, title, source] of VALID) {
    it(`${language}: ${title}`, async () => {
      expect(await findings(language, source)).toEqual([]);
    });
  }
});

describe('typescriptTypesChecker: mutants', () => {
  it('a method a class defined in the file does not have', async () => {
    const [f, ...rest] = await findings(
      'typescript',
      'class Account { balance = 0; deposit(n: number) { this.balance += n; } }\nconst a = new Account();\n«a.depositt(5);»',
    );
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ kind: 'type-error', name: 'TS2551', row: 2, column: 2 });
    expect(f.detail).toContain('depositt');
  });

  it('a member missing from a standard object', async () => {
    expect(await codes('typescript', 'const x = 4;\n«const r = Math.sqroot(x);»')).toEqual(['TS2551']);
    expect(await codes('typescript', '«const n: number = JSON.parze("1");»')).toEqual(['TS2551']);
  });

  it('a method missing on a value whose type is inferred', async () => {
    expect(await codes('typescript', 'const xs = [3, 1, 2];\n«xs.sortt();»')).toEqual(['TS2551']);
  });

  it('a key typed PropertyKey on purpose is judged, unlike keyof an unresolved value', async () => {
    expect(await codes('typescript', 'function g(k: PropertyKey, r: Record<string, number>) { «return r[k];» }')).toEqual(['TS2538']);
  });

  it('the same error once more is new', async () => {
    expect(await codes('typescript', 'const n: number = "one";\nfunction f() { «const m: number = "two";» }')).toEqual(['TS2322']);
  });

  it('a wrong argument type and count', async () => {
    expect(await codes('typescript', 'function area(w: number, h: number) { return w * h; }\n«area("3");»')).toEqual(['TS2554']);
    expect(await codes('typescript', 'function area(w: number, h: number) { return w * h; }\n«area("3", 4);»')).toEqual(['TS2345']);
  });

  it('in JavaScript: a member missing on a class whose this stays its own, even when a nested function hands on its own this', async () => {
    expect(
      await codes(
        'javascript',
        'class Rule { constructor(b) { this.mark = b; const f = function () { keep(this); }; } }\nconst r = new Rule(1);\n«r.mrak;»',
      ),
    ).toEqual(['TS2339']);
  });

  it('in JavaScript: a method missing on a class of the file', async () => {
    expect(await codes('javascript', 'class Queue { enqueue(x) { return x; } }\nconst q = new Queue();\n«q.enqeue(1);»')).toEqual([
      'TS2551',
    ]);
  });

  it('in TSX: a prop method that does not exist', async () => {
    expect(
      await codes(
        'tsx',
        'type P = { items: string[] };\nexport function L({ items }: P) { «return <ul>{items.mapp((i) => <li>{i}</li>)}</ul>;» }',
      ),
    ).toEqual(['TS2551']);
  });

  it('only errors meeting the completion: a new error in the suffix caused elsewhere is not charged to it', async () => {
    // The completion is fine; the suffix already had its error.
    expect(await codes('typescript', 'let s = "a";\n«s = "b";»\nconst k: number = s;')).toEqual([]);
  });

  it('a window of a longer document is not judged, and says so', async () => {
    const input = await jsInput('typescript', 'const a = 1;\n«a.foo();»', { prefixStart: 40 });
    await expect(typescriptTypesChecker.check(input)).rejects.toThrow(/window of a longer document/);
    input.tree.delete();
    input.baseline.tree.delete();
  });

  it('is available in Node', () => {
    expect(typescriptTypesChecker.unavailableReason?.()).toBeUndefined();
  });
});

describe('typescriptTypesChecker: the workspace files a file imports', () => {
  const files: Record<string, string> = {
    'src/model/shape.ts': [
      `import type { Unit } from './unit';`,
      'export interface Shape { area(): number; label: string; unit: Unit }',
      'export class Circle implements Shape { constructor(readonly r: number) {} area() { return 3.14 * this.r ** 2; } label = "circle"; unit = { name: "cm" }; }',
      `export { Circle as Round };`,
    ].join('\n'),
    'src/model/unit.ts': 'export interface Unit { name: string }',
    'src/broken.ts': 'export const n: number = "not a number";\nexport function twice(x: number) { return x * 2; }\nundefinedCall();',
    'src/cycle.ts': `import { run } from './main';\nexport const cycle = { go: () => run };`,
    'src/props.ts': [
      `import type { HTMLAttributes } from 'react';`,
      `import { Base } from './far-away';`,
      'export interface Props extends HTMLAttributes<HTMLElement> { label: string }',
      'export interface Own { size: number }',
      'export interface Both extends Own, Props {}',
      'export class Widget extends Base { own() { return 1; } }',
    ].join('\n'),
  };
  const checker = createTypescriptTypesChecker({ text: (p) => files[p] });
  const check = (source: string, file = 'src/main.ts') => checkedFindings(checker, 'typescript', source, { file });
  const prelude = `import { Circle, type Shape } from './model/shape';\nexport function run(s: Shape) {\n  `;

  it('a property of an imported interface misspelled is flagged', async () => {
    const [f, ...rest] = await check(`${prelude}«return s.lable;»\n}`);
    expect(rest).toEqual([]);
    expect(f).toMatch(/^TS2551 Property 'lable' does not exist on type 'Shape'/);
  });

  it('a method an imported class lacks, and a member of a type from a file the import imports', async () => {
    expect(await check(`${prelude}«return new Circle(2).areaa();»\n}`)).toEqual([expect.stringMatching(/^TS2551 .*'areaa'.*'Circle'/)]);
    expect(await check(`${prelude}«return s.unit.nam;»\n}`)).toEqual([expect.stringMatching(/^TS2551 .*'nam'.*'Unit'/)]);
  });

  it('within the budget only, and a program reused with other links resolves again', async () => {
    const shallow = createTypescriptTypesChecker({ text: (p) => files[p] }, { budget: { depth: 1, files: 10, chars: 1e6 } });
    const source = `${prelude}«return s.unit.nam;»\n}`;
    for (let i = 0; i < 2; i++) {
      // unit.ts is two hops away: past a depth of 1, `Unit` is `any`, even right after a check that had it.
      expect(await check(source)).toHaveLength(1);
      const input = await jsInput('typescript', source, { file: 'src/main.ts' });
      expect(await shallow.check(input)).toEqual([]);
      input.tree.delete();
      input.baseline.tree.delete();
    }
  });

  it('correct uses of the imported types are not flagged', async () => {
    expect(await check(`${prelude}«return s.area() + new Circle(1).r + s.unit.name.length + s.label.length;»\n}`)).toEqual([]);
  });

  it('without the workspace or the file name, the import is `any`: nothing flagged', async () => {
    const input = await jsInput('typescript', `${prelude}«return s.lable;»\n}`);
    expect(await typescriptTypesChecker.check(input)).toEqual([]);
    expect(await checker.check(input)).toEqual([]);
    input.tree.delete();
    input.baseline.tree.delete();
  });

  it('an import the workspace cannot resolve stays `any` and flags nothing', async () => {
    expect(
      await check(`import { Shape } from './nowhere';\nimport { X } from 'some-package';\ndeclare const s: Shape;\n«s.anything(X.more);»`),
    ).toEqual([]);
  });

  it('an imported file with errors of its own charges none to the completion', async () => {
    expect(await check(`import { n, twice } from './broken';\n«const m = twice(n) + 1;»`)).toEqual([]);
    expect(await check(`import { n, twice } from './broken';\n«const m = twice("n");»`)).toEqual([expect.stringMatching(/^TS2345/)]);
  });

  it('a circular import: the checked file is never read from the workspace', async () => {
    // cycle.ts imports main.ts (the checked file): that import is unresolved, so nothing there refers to a stale copy.
    expect(await check(`import { cycle } from './cycle';\nexport function run() { return 1; }\n«cycle.go();»`)).toEqual([]);
    expect(await check(`import { cycle } from './cycle';\nexport function run() { return 1; }\n«cycle.goo();»`)).toEqual([
      // `run` as cycle.ts sees it is `any`: its import of the checked file is unresolved.
      "TS2339 Property 'goo' does not exist on type '{ go: () => any; }'.",
    ]);
  });

  it("a type with a base the check cannot resolve (a package's) is not known whole: its missing members are not flagged", async () => {
    const prelude = `import type { Props, Both, Own } from './props';\nimport { Widget } from './props';\ndeclare const p: Props, b: Both, o: Own;\n`;
    expect(await check(`${prelude}«const x = p.className + b.onClick + new Widget().render() + p.label;»`)).toEqual([]);
    expect(await check(`${prelude}«const x = o.sise;»`)).toEqual([expect.stringMatching(/^TS2339 .*'sise'/)]);
  });

  it('an import the completion writes that names nothing the file exports', async () => {
    expect(await check(`«import { Circel } from './model/shape';»`)).toEqual([expect.stringMatching(/^TS2724 .*'Circel'/)]);
  });
});
