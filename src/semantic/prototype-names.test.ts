// Every name Object.prototype has (`constructor`, `toString`, `__proto__`
// ...) in every position a completion can put a name, in Python and in
// JavaScript/TypeScript: a names table that is a plain object finds these
// names in it and the check fails ("members.has is not a function"). Each
// case must be checked (never "the semantic check failed"), a bound use is
// never flagged, and an unbound one is, where the language has no such name.
import { describe, expect, it } from 'vitest';
import { createNodeSemanticCheck } from '../../testing/semantic/node-check';
import type { SemanticRequest } from './types';

const check = createNodeSemanticCheck();
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

/** A case: its source with the completion between « and », and what must be flagged (by name) or nothing. */
type Case = [position: string, source: string, flagged: string[]];

function request(language: string, source: string, more: Partial<SemanticRequest>): SemanticRequest {
  const [prefix, rest] = source.split('«');
  const [completion, suffix] = rest.split('»');
  return { language, prefix, completion, suffix, budgetMs: 20_000, ...more };
}

async function expectCase(language: string, [position, source, flagged]: Case, more: Partial<SemanticRequest> = {}) {
  const v = await check(request(language, source, more));
  expect(v.checked, `${position}: ${v.uncheckedReason}`).toBe(true);
  expect(v.notChecked ?? [], position).toEqual([]);
  const names = v.findings.map((f) => f.name);
  expect(names, `${position}: ${source}`).toEqual(flagged);
}

function pythonCases(n: string): Case[] {
  // A dunder is one of Python's implicit names or an object's own: only plain names are unbound for sure.
  const unbound = n.startsWith('__') ? null : [n];
  return [
    ['bound name', `${n} = 1\n«print(${n})»\n`, []],
    ...(unbound ? ([['unbound name', `«print(${n})»\n`, unbound]] as Case[]) : []),
    ['callee', `def ${n}():\n    return 1\n«${n}()»\n`, []],
    ['member of a value', `x = object()\n«x.${n}»\n`, []],
    ['method call on a value', `x = object()\n«x.${n}()»\n`, []],
    ['member of a stdlib module', `import math\n«math.${n}»\n`, n.startsWith('__') ? [] : [n]],
    ['from-import of a stdlib module', `«from math import ${n}»\n`, n.startsWith('__') ? [] : [n]],
    ['import', `«import ${n}»\n`, []],
    ['from-import of a workspace module', `«from ${n} import ${n}»\n`, []],
    ['parameter', `«def f(${n}):\n    return ${n}»\n`, []],
    ['keyword argument', `«print(${n}=1)»\n`, []],
    ['class and method', `class ${n}:\n    def ${n}(self):\n        return 1\n«${n}().${n}()»\n`, []],
    ['method of an own class', `class C:\n    def m(self):\n        return 1\n«C().${n}()»\n`, []],
    ['attribute store', `x = object()\n«x.${n} = 1»\n`, []],
    ['comprehension', `«[${n} for ${n} in range(3)]»\n`, []],
    ['member of a literal', `«"s".${n}»\n`, n.startsWith('__') ? [] : [n]],
    ['member of a typed name', `xs = []\n«xs.${n}()»\n`, n.startsWith('__') ? [] : [n]],
    ['annotated parameter named so', `«def f(${n}: str):\n    return ${n}.strip()»\n`, []],
  ];
}

function javascriptCases(n: string): Case[] {
  return [
    ['declared name', `const ${n} = 1;\n«console.log(${n});»\n`, []],
    ['callee', `function ${n}() { return 1; }\n«${n}();»\n`, []],
    ['member of a declared name', `const ${n} = { x: 1 };\n«${n}.x;»\n`, []],
    ['member call', `const o = {};\n«o.${n};»\n`, []],
    ['member of a namespace object', `«Math.${n};»\n`, []],
    ['member of console', `«console.${n};»\n`, []],
    ['.call on a declared name', `const ${n} = function () {};\n«${n}.call(null);»\n`, []],
    ['import', `«import { ${n} } from './m';»\n`, []],
    ['default import', `«import ${n} from './m';»\n`, []],
    ['parameter', `«function f(${n}) { return ${n}; }»\n`, []],
    ['arrow parameter', `«const f = (${n}) => ${n};»\n`, []],
    ['object key and shorthand', `const ${n} = 1;\n«const o = { ${n}, [${n}]: 2, ${n}x: 3 };»\n`, []],
    ['class method', `«class C { ${n}() { return this.${n}; } }»\n`, []],
    ['destructuring', `«const { ${n} } = { ${n}: 1 };»\n`, []],
    ['a member chain', `const o = { a: {} };\n«o.a.${n}.${n};»\n`, []],
  ];
}

const TS_TYPE_CASES = (n: string): Case[] => [
  ['type name', `type ${n} = number;\n«let v: ${n} = 1;»\n`, []],
  ['interface member', `«interface I { ${n}: number }»\n`, []],
];

describe('every Object.prototype name in every position', () => {
  it('lists __proto__ among the names', () => {
    expect(PROTOTYPE_NAMES).toContain('__proto__');
    expect(PROTOTYPE_NAMES).toContain('hasOwnProperty');
  });

  it.each(PROTOTYPE_NAMES)('Python: %s', async (n) => {
    for (const c of pythonCases(n)) await expectCase('python', c);
    // The names as the workspace's names and classes, too.
    await expectCase('python', ['workspace names', `«${n}()»\n`, []], { workspaceNames: [n] });
    await expectCase('python', ['workspace class', `from shapes import ${n}\n«${n}().${n}()»\n`, []], {
      workspaceClasses: [{ local: n, module: 'shapes', name: n, file: 'shapes.py', members: [n] }],
    });
  });

  it.each(PROTOTYPE_NAMES)('JavaScript: %s', async (n) => {
    for (const c of javascriptCases(n)) await expectCase('javascript', c);
    await expectCase('javascript', ['the reported shapes', `«${n}.x; hasOwnProperty.call(o, 'a'); toString.call(o);»\n`, []], {
      workspaceNames: [n, 'o'],
    });
  });

  it.each(PROTOTYPE_NAMES)('TypeScript: %s', async (n) => {
    for (const c of [...javascriptCases(n), ...TS_TYPE_CASES(n)]) await expectCase('typescript', c);
  });
});
