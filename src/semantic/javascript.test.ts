// The JavaScript/TypeScript names checker on hand-made completions (between
// « and »): every scoping form that must resolve, and the mutants a small
// model makes that must not.
import { describe, expect, it } from 'vitest';
import { javascriptNamesChecker } from './javascript';
import { jsInput } from '../../testing/semantic/js-input';
import type { SemanticRequest } from './types';

async function findings(language: string, source: string, more: Partial<SemanticRequest> = {}) {
  const input = await jsInput(language, source, more);
  try {
    return await javascriptNamesChecker.check(input);
  } finally {
    input.tree.delete();
    input.baseline.tree.delete();
  }
}

const names = async (language: string, source: string, more: Partial<SemanticRequest> = {}) =>
  (await findings(language, source, more)).map((f) => `${f.kind}:${f.name}`);

const VALID: [string, string, string][] = [
  ['javascript', 'var hoisted', 'function f() { «return x + 1;» var x = 2; }'],
  ['javascript', 'function declaration hoisted from the suffix', '«const r = later(2);»\nfunction later(n) { return n; }'],
  ['javascript', 'let in an enclosing block', 'const a = 1; { let b = 2; if (a) { «console.log(a + b);» } }'],
  [
    'javascript',
    'params with destructuring, defaults and rest',
    'function f({ a, b: c = 1, ...d }, [e, ...g] = [], h = a) { «return a + c + d + e + g + h;» }',
  ],
  ['javascript', 'arrow params', 'const f = (x, { y }) => «x * y»;'],
  ['javascript', 'single arrow param', 'const f = x => «x * 2»;'],
  ['javascript', 'catch param', 'try { run(); } catch (err) { «console.error(err.message);» }\nfunction run() {}'],
  [
    'javascript',
    'class name and this members',
    'class Stack { constructor() { this.items = []; } push(x) { «this.items.push(x); return new Stack();» } }',
  ],
  ['javascript', 'class expression name inside itself', 'const C = class Inner { clone() { «return new Inner();» } };'],
  ['javascript', 'named function expression inside itself', 'const fact = function go(n) { «return n < 2 ? 1 : n * go(n - 1);» };'],
  [
    'javascript',
    'imports: default, named, namespace',
    'import React, { useState as useS } from "react";\nimport * as path from "path";\n«const [v] = useS(0); path.join(React.version, v);»',
  ],
  ['javascript', 'require and module', '«const fs = require("fs"); module.exports = { fs }; process.exit(0);»'],
  ['javascript', 'labels', '«outer: for (let i = 0; i < 3; i++) { for (const j of [1]) { if (j) continue outer; break outer; } }»'],
  ['javascript', 'typeof guard of a global', '«if (typeof window !== "undefined") document.title = "x";»'],
  [
    'javascript',
    'for-in and for-of bindings',
    'const o = {};\n«for (const k in o) console.log(k); for (const [a, b] of Object.entries(o)) console.log(a, b);»',
  ],
  [
    'javascript',
    'object keys, member access, strings are not names',
    '«const o = { alpha: 1, "beta": 2 }; const s = "gamma delta"; o.epsilon = o.alpha;»',
  ],
  ['javascript', 'shorthand property of a declared name', 'const width = 3;\n«const box = { width };»'],
  ['javascript', 'destructuring assignment of declared names', 'let a, b;\n«({ a, b } = { a: 1, b: 2 }); [a, b] = [b, a];»'],
  ['javascript', 'sloppy-mode global', 'counter = 0;\n«counter += 1;»'],
  ['javascript', 'arguments inside a function', 'function f() { «return arguments.length;» }'],
  [
    'javascript',
    'globals: ES, DOM, Node, worker',
    '«const m = new Map(); setTimeout(() => {}, 1); fetch("/"); Buffer.from("x"); globalThis.x = structuredClone({}); new URL("http://a"); Math.max(1, 2); JSON.stringify(NaN); Promise.withResolvers(); Object.groupBy([], (x) => x);»',
  ],
  [
    'javascript',
    'namespace members that exist',
    '«Math.sqrt(2); JSON.parse("1"); console.table([]); Object.fromEntries([]); Array.from([]); Number.isInteger(1); String.raw``;»',
  ],
  ['javascript', 'a namespace the file extends', 'Math.clampTo = (x) => x;\n«Math.clampTo(3);»'],
  ['javascript', 'a local that shadows a namespace', 'const Math = { sqroot: (x) => x };\n«Math.sqroot(4);»'],
  [
    'javascript',
    'JSX components and intrinsic elements',
    'import Button from "./Button";\nfunction App({ label }) { return «<div className="a"><Button onClick={() => label} disabled /></div>»; }',
  ],
  ['javascript', 'JSX member component', 'import * as UI from "./ui";\nconst x = «<UI.Card title="t" />»;'],
  ['javascript', 'workspace names', '«const r = helperFromOtherFile(1);»'],
  ['javascript', 'a name the document already misses', 'pageGlobal.init();\n«pageGlobal.run();»'],
  ['javascript', 'switch-case let', 'function f(x) { switch (x) { case 1: { let y = 2; «return y;» } default: return 0; } }'],
  ['javascript', 'var in a for loop, used after it', 'function f() { for (var i = 0; i < 3; i++) {} «return i;» }'],
  ['javascript', 'with statement: not judged', 'with (obj) { «whatever(nothing);» }'],
  ['javascript', 'eval: not judged', 'eval("var q = 1");\n«q + zz;»'],
  ['javascript', 'export of a local and re-export', 'const a = 1;\n«export { a as b }; export { c } from "./c";»'],
  ['javascript', 'getters, setters and static blocks', 'class P { static #n = 0; static { P.init = true; } get v() { «return P.#n;» } }'],
  ['javascript', 'async generator and await', 'async function* g(items) { «for await (const it of items) yield await it;» }'],
  ['javascript', 'new.target and import.meta', 'function F() { «if (!new.target) return; console.log(import.meta);» }'],
  [
    'typescript',
    'type names, generics and type params',
    'interface Box<T> { value: T }\ntype Pair<A, B> = [A, B];\nfunction wrap<T>(v: T): Box<T> { «const p: Pair<T, string> = [v, ""]; return { value: p[0] };» }',
  ],
  [
    'typescript',
    'lib types',
    '«const r: Record<string, Partial<Array<number>>> = {}; let e: HTMLElement | null = null; const p: Promise<ReadonlyMap<string, Uint8Array>> = Promise.resolve(new Map());»',
  ],
  ['typescript', 'enums and their members', 'enum Color { Red = 1, Green = Red << 1 }\n«const c: Color = Color.Green;»'],
  [
    'typescript',
    'namespaces, qualified type names',
    'namespace Geo { export interface Point { x: number } export const origin = 0; }\n«const p: Geo.Point = { x: Geo.origin };»',
  ],
  [
    'typescript',
    'type-only imports',
    'import type { Config } from "./config";\nimport { type Opts, make } from "./make";\n«const c: Config = make({} as Opts);»',
  ],
  [
    'typescript',
    'mapped, conditional and infer types',
    '«type RO<T> = { readonly [K in keyof T]: T[K] }; type El<T> = T extends (infer U)[] ? U : never;»',
  ],
  ['typescript', 'typeof in a type, keyof', 'const config = { a: 1 };\n«type Keys = keyof typeof config; let k: Keys = "a";»'],
  [
    'typescript',
    'class with parameter properties, implements, abstract',
    'interface Shape { area(): number }\nabstract class Base { abstract name(): string }\n«class Sq extends Base implements Shape { constructor(private side: number) { super(); } area() { return this.side ** 2; } name() { return "sq"; } }»',
  ],
  [
    'typescript',
    'declare and overloads',
    'declare const VERSION: string;\nfunction pad(x: string): string;\nfunction pad(x: number): string;\nfunction pad(x: any) { return String(x); }\n«pad(VERSION);»',
  ],
  [
    'typescript',
    'type predicates and function types',
    '«function isStr(x: unknown): x is string { return typeof x === "string"; }\ntype Fn = (input: string, count?: number) => void;»',
  ],
  ['typescript', 'index signatures', '«interface Dict { [key: string]: number }»'],
  ['typescript', 'import = require', 'import fs = require("fs");\n«fs.readFileSync("a");»'],
  ['typescript', 'declare global: not judged', 'declare global { interface Window { app: unknown } }\n«missingThing();»'],
  [
    'tsx',
    'TSX component with generics and props',
    'import { useState } from "react";\ntype Props = { items: string[] };\nexport function List({ items }: Props) { «const [sel, setSel] = useState<string | null>(null); return <ul>{items.map((i) => <li key={i} onClick={() => setSel(i)}>{sel}</li>)}</ul>;» }',
  ],
];

describe('javascriptNamesChecker: what must not be flagged', () => {
  for (const [language, title, source] of VALID) {
    it(`${language}: ${title}`, async () => {
      // A case that does not parse would pass for the wrong reason (its names hide in the error).
      const input = await jsInput(language, source);
      expect(input.tree.rootNode.hasError).toBe(false);
      input.tree.delete();
      input.baseline.tree.delete();
      expect(await names(language, source, { workspaceNames: ['helperFromOtherFile'] })).toEqual([]);
    });
  }

  it('registers for javascript, typescript and tsx as a names check', () => {
    expect(javascriptNamesChecker.languages).toEqual(['javascript', 'typescript', 'tsx']);
    expect(javascriptNamesChecker.kind).toBe('names');
  });
});

describe('javascriptNamesChecker: mutants that must be flagged', () => {
  it('an identifier renamed to a near miss', async () => {
    expect(
      await names('javascript', 'function total(items) { let sum = 0; for (const it of items) { «sum += itme.price;» } return sum; }'),
    ).toEqual(['unresolved-name:itme']);
  });

  it('a call to a function defined nowhere', async () => {
    expect(await names('typescript', 'function main(xs: number[]) { «return computeMedian(xs);» }')).toEqual([
      'unresolved-name:computeMedian',
    ]);
  });

  it('a name scoped to another block', async () => {
    expect(await names('javascript', 'function f() { if (true) { let inner = 1; } «return inner;» }')).toEqual(['unresolved-name:inner']);
  });

  it('a parameter of another function', async () => {
    expect(await names('javascript', 'function a(value) { return value; }\nfunction b() { «return value * 2;» }')).toEqual([
      'unresolved-name:value',
    ]);
  });

  it('a catch parameter outside its clause', async () => {
    expect(await names('javascript', 'try {} catch (e) {}\n«console.log(e);»')).toEqual(['unresolved-name:e']);
  });

  it('a member missing from a standard namespace', async () => {
    expect(await names('javascript', 'const x = 2;\n«const r = Math.sqroot(x) + JSON.parze("1");»')).toEqual([
      'unknown-member:sqroot',
      'unknown-member:parze',
    ]);
  });

  it('a misspelt type name', async () => {
    expect(await names('typescript', 'interface User { name: string }\n«function greet(u: Usr): string { return u.name; }»')).toEqual([
      'unresolved-name:Usr',
    ]);
  });

  it('an undefined JSX component, a shorthand of an undefined name', async () => {
    expect(await names('tsx', 'export const App = () => «<Layoutt>{{ titel }.titel}</Layoutt>»;')).toEqual([
      'unresolved-name:Layoutt',
      'unresolved-name:titel',
      'unresolved-name:Layoutt',
    ]);
  });

  it("only what lies in the completion: a miss in the prefix is not the completion's", async () => {
    expect(await names('javascript', 'missingBefore();\n«const ok = 1;»')).toEqual([]);
  });

  it('a window of a longer document is not judged, and says so', async () => {
    const source = 'function f() { «return g(1);» }';
    await expect(findings('javascript', source, { prefixStart: 100 })).rejects.toThrow(/window of a longer document/);
    await expect(findings('javascript', source, { prefixStart: 0, documentLength: 1000 })).rejects.toThrow(/window/);
    expect(await names('javascript', source, { prefixStart: 0, documentLength: 'function f() {  }'.length })).toEqual([
      'unresolved-name:g',
    ]);
  });

  it('a finding carries its position in the completed text', async () => {
    const [f] = await findings('javascript', 'const a = 1;\n«a + nope;»');
    expect(f).toMatchObject({ kind: 'unresolved-name', name: 'nope', row: 1, column: 4 });
    expect(f.detail).toContain('nope');
  });
});
