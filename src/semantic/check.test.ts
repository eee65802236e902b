import { describe, expect, it } from 'vitest';
import { checkSemantics, hasSemanticChecker, primeSemantics, type SemanticParse } from './check';
import { createNodeValidator } from '../syntax/node-runtime';
import { createNodeSemanticCheck } from '../../testing/semantic/node-check';
import { validatorParse } from './parse';
import type { LanguageChecker } from './types';

const parse = validatorParse(createNodeValidator());

describe('checkSemantics', () => {
  it("parses from the previous check's document: the same spot, the next keystroke, another spot, another file", async () => {
    const check = (prefix: string, completion: string, suffix: string) =>
      checkSemantics({ language: 'python', prefix, completion, suffix, budgetMs: 10_000 }, parse).then((v) =>
        v.findings.map((f) => f.name),
      );
    const head = 'import math\n\ndef area(r):\n    ';
    const tail = '\n\ndef other(items):\n    return len(items)\n';
    expect(await check(head, 'return math.pi * r * r', tail)).toEqual([]);
    expect(await check(head, 'return math.pii * radius', tail)).toEqual(['radius', 'pii']);
    expect(await check(head + 'return ', 'math.pi * rr', tail)).toEqual(['rr']);
    expect(await check(head + 'return math.pi * r * r', '\n    x = []\n    x.apend(1)', tail)).toEqual(['apend']);
    expect(await check('def f():\n    ', 'return undefined_name', '\n')).toEqual(['undefined_name']);
    expect(await check(head, 'return math.pi * r * r', tail.replace('items', 'things'))).toEqual([]);
  });

  it('a document opening is parsed and analysed ahead of its checks, by the checkers that keep an analysis', async () => {
    const text = 'import math\n\ndef area(r):\n    return math.pi * r * r\n';
    const primed: string[] = [];
    const keeps: LanguageChecker = {
      languages: ['python'],
      kind: 'names',
      check: () => [],
      prime: (t, tree) => primed.push(`${t === text}:${tree.rootNode.text === text}`),
    };
    const keepsNothing: LanguageChecker = { languages: ['python'], kind: 'names', check: () => [] };
    await primeSemantics('python', text, parse, [keeps, keepsNothing]);
    expect(primed).toEqual(['true:true']);
    // The real Python checker's analysis of the opened document serves the check that follows, with the same verdict.
    await primeSemantics('python', text, parse);
    const v = await checkSemantics(
      { language: 'python', prefix: text.replace('math.pi * r * r\n', ''), completion: 'math.pii * r', suffix: '\n', budgetMs: 10_000 },
      parse,
    );
    expect(v.findings.map((f) => f.name)).toEqual(['pii']);
  });

  it('registers Python; other languages are not checked, with the reason', async () => {
    expect(hasSemanticChecker('python')).toBe(true);
    expect(hasSemanticChecker('rust')).toBe(false);
    const v = await checkSemantics({ language: 'rust', prefix: 'fn main() { ', completion: 'x', suffix: ' }' }, parse);
    expect(v).toMatchObject({ checked: false, uncheckedReason: 'no semantic checker for rust', findings: [], checks: [] });
  });

  it('TypeScript: the app checks names and says the types were not checked; the Node adapter checks both', async () => {
    const req = {
      language: 'typescript',
      prefix: 'class Cart {\n  total(): number { return 1; }\n}\nconst cart = new Cart();\nconst n: number = ',
      completion: 'cart.totl() + countt',
      suffix: ';\n',
      budgetMs: 60_000,
    };
    const inApp = await checkSemantics(req, parse);
    expect(inApp).toMatchObject({ checked: true, checks: ['names'], notChecked: [{ kind: 'types' }] });
    expect(inApp.findings.map((f) => f.name)).toEqual(['countt']);
    const inNode = await createNodeSemanticCheck()(req);
    expect(inNode.checks).toEqual(['names', 'types']);
    expect(inNode.notChecked).toBeUndefined();
    expect(inNode.findings.map((f) => f.kind)).toEqual(expect.arrayContaining(['unresolved-name', 'type-error']));
  });

  it('hands a checker the completed text, its span and both trees', async () => {
    let seen: { text: string; span: string; baseline: string; rootTypes: string[] } | undefined;
    const spy: LanguageChecker = {
      languages: ['python'],
      kind: 'names',
      check: (input) => {
        seen = {
          text: input.text,
          span: input.text.slice(input.completionStart, input.completionEnd),
          baseline: input.baseline.text,
          rootTypes: [input.tree.rootNode.type, input.baseline.tree.rootNode.type],
        };
        return [{ kind: 'unresolved-name', name: 'zz', row: 0, column: 4, detail: 'd' }];
      },
    };
    const v = await checkSemantics({ language: 'python', prefix: 'x = ', completion: 'zz', suffix: '\n', budgetMs: 10_000 }, parse, [spy]);
    expect(seen).toEqual({ text: 'x = zz\n', span: 'zz', baseline: 'x = \n', rootTypes: ['module', 'module'] });
    expect(v).toMatchObject({ checked: true, checks: ['names'], findings: [{ name: 'zz' }] });
  });

  it('a checker that throws, a parse out of time or a missing grammar is "not checked", never a pass', async () => {
    const boom: LanguageChecker = {
      languages: ['python'],
      kind: 'names',
      check: () => {
        throw new Error('boom');
      },
    };
    expect(await checkSemantics({ language: 'python', prefix: '', completion: 'x', suffix: '' }, parse, [boom])).toMatchObject({
      checked: false,
      uncheckedReason: 'the semantic check failed: boom',
    });
    const slow: SemanticParse = { ready: async () => undefined, parse: async () => null };
    expect(await checkSemantics({ language: 'python', prefix: '', completion: 'x', suffix: '', budgetMs: 5 }, slow)).toMatchObject({
      checked: false,
      uncheckedReason: 'timed out (over 5 ms)',
    });
    const hanging: LanguageChecker = { languages: ['python'], kind: 'types', check: () => new Promise(() => undefined) };
    expect(
      await checkSemantics({ language: 'python', prefix: '', completion: 'x', suffix: '', budgetMs: 30 }, parse, [hanging]),
    ).toMatchObject({ checked: false, uncheckedReason: 'timed out (over 30 ms)' });
    const none: SemanticParse = { ready: async () => 'no grammar for python', parse: async () => null };
    expect(await checkSemantics({ language: 'python', prefix: '', completion: 'x', suffix: '' }, none)).toMatchObject({
      checked: false,
      uncheckedReason: 'no grammar for python',
    });
  });
});
