// The syntax worker's pause (message-yield.ts). Its point, Chromium's task
// order, is measured by `npx tsx bench/index.ts syntax --browser-only` and
// exercised by the e2e suite (the app's worker uses it); here: it resumes
// every paused caller, a sliced parse through it gives the same verdicts and
// lets another document's check in, and it holds no event loop open.
import { describe, expect, it } from 'vitest';
import { LiveDocuments } from '../syntax/live-documents';
import { createNodeValidator } from '../syntax/node-runtime';
import { messageYield } from './message-yield';

describe('messageYield', () => {
  it('resumes every caller, in the order they paused', async () => {
    const order: number[] = [];
    await Promise.all([0, 1, 2, 3].map((i) => messageYield().then(() => order.push(i))));
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it('as the validator pause: a parse cut into thousands of slices gives the right verdicts, and a check on another document runs in between', async () => {
    const fn = (i: number) => `def f_${i}(a, b):\n    total = 0\n    for x in range(a):\n        total += x * b\n    return total\n\n\n`;
    const full = Array.from({ length: 4000 }, (_, i) => fn(i)).join('');
    const hole = full.indexOf('total = 0', full.length >> 1) + 'total = '.length;
    const big = full.slice(0, hole) + full.slice(hole + 1); // `total = ` in the middle function, the cursor after it
    const small = 'class Small {\n  int add(int a, int b) {\n    return ;\n  }\n}\n';
    const at = small.indexOf('return ') + 'return '.length;
    const sliced = new LiveDocuments(createNodeValidator({ sliceMs: 0, yieldToEvents: messageYield }));
    await sliced.openDocument('Small.java', 'java', small, 1);
    await sliced.validate({ language: 'python', prefix: 'x = ', completion: '1', suffix: '\n' }); // grammar loaded: the open parses at once
    let opened = false;
    const opening = sliced.openDocument('big.py', 'python', big, 1).then((r) => ((opened = true), r));
    for (let i = 0; i < 10; i++) await messageYield(); // a few slices in
    const between = await sliced.validate({
      language: 'java',
      prefix: small.slice(0, at),
      completion: 'a + b',
      suffix: small.slice(at),
      documentId: 'Small.java',
      version: 1,
    });
    expect(between).toMatchObject({ checked: true, valid: true });
    expect(opened).toBe(false);
    expect(await opening).toEqual({ ok: true });

    for (const completion of ['1', '(1']) {
      const req = { language: 'python', prefix: big.slice(0, hole), completion, suffix: big.slice(hole), documentId: 'big.py', version: 1 };
      const v = await sliced.validate(req);
      expect(v).toMatchObject({ checked: true, valid: completion === '1' });
    }
  });
});
