// Bad input through the worker's own API (createSyntaxService, as in the
// browser): every request gets a definite verdict or a clear reason, never a
// throw, and the service still answers the next request normally.
import { describe, expect, it } from 'vitest';
import type { SyntaxRequest, SyntaxVerdict } from '../vocabulary/types';
import { createNodeSyntaxService } from './node';
import { MAX_DOCUMENT_LENGTH } from '../syntax/validator';

const service = createNodeSyntaxService({ onLoadError: () => {} });
const prefix = 'def add(a, b):\n    return ';
const suffix = '\n\nprint(add(1, 2))\n';
const check = (completion: string, more: Partial<SyntaxRequest> = {}) =>
  service.validate({ language: 'python', prefix, completion, suffix, ...more });

/** The service still works: a fresh, ordinary request gets the ordinary answer. */
async function stillWorks(): Promise<void> {
  expect(await check('a + b')).toMatchObject({ checked: true, valid: true });
  expect(await check('a + (b')).toMatchObject({ checked: true, valid: false });
}

function definite(v: SyntaxVerdict): void {
  expect(typeof v.checked).toBe('boolean');
  expect(typeof v.valid).toBe('boolean');
  expect(Array.isArray(v.errors)).toBe(true);
  expect(Number.isFinite(v.ms)).toBe(true);
  if (!v.checked) {
    expect(v.valid).toBe(false);
    expect(v.uncheckedReason).toMatch(/\w/);
  }
}

describe('bad input', () => {
  it('an empty completion fills nothing: invalid where the hole is an error, valid where it is not', async () => {
    const hole = { language: 'python', prefix: 'def f(x):\n    if ', suffix: ':\n        return 1\n' };
    expect(await service.validate({ ...hole, completion: '' })).toMatchObject({ checked: true, valid: false }); // `if :` stays broken
    expect(await check('')).toMatchObject({ checked: true, valid: true }); // a bare `return` is a statement
    const v = await service.validate({ language: 'python', prefix: 'x = 1\n', completion: '', suffix: 'y = 2\n' });
    expect(v).toMatchObject({ checked: true, valid: true, errors: [] });
  });

  it('a completion of only whitespace is judged like any other text', async () => {
    for (const ws of [' ', '   ', '\n', '\t\t', '\r\n', '\n\n\n    ']) definite(await check(ws));
    expect((await service.validate({ language: 'java', prefix: 'class A {', completion: '  \n  ', suffix: '}\n' })).valid).toBe(true);
    await stillWorks();
  });

  it('very long lines (a 1 MB line in the prefix, a 200 kB completion line)', async () => {
    const long = `x = [${'1, '.repeat(350_000)}1]\n`;
    const v = await service.validate({ language: 'python', prefix: long + prefix, completion: 'a + b', suffix });
    expect(v).toMatchObject({ checked: true, valid: true });
    const w = await check(`a + ${'b + '.repeat(50_000)}b`);
    expect(w).toMatchObject({ checked: true, valid: true });
    expect((await check(`a + ${'(b + '.repeat(50_000)}b`)).valid).toBe(false);
    await stillWorks();
  });

  it('lone surrogates (invalid UTF-16) in the prefix, the completion and the suffix', async () => {
    for (const [p, c, s] of [
      ['s = "\uD800"\n' + prefix, 'a + b', suffix],
      [prefix, 'a + "\uDC00"', suffix],
      [prefix, 'a + b', suffix + '# \uDBFF\n'],
      [prefix, '\uD800', suffix],
    ]) {
      definite(await service.validate({ language: 'python', prefix: p, completion: c, suffix: s }));
    }
    expect((await service.validate({ language: 'python', prefix, completion: '"\uD800"', suffix })).valid).toBe(true);
    await stillWorks();
  });

  it('a 5 MB file: checked in full, through the live document too', async () => {
    const fn = (i: number) => `def f_${i}(a, b):\n    total = 0\n    for x in range(a):\n        total += x * b\n    return total\n\n\n`;
    let big = '';
    for (let i = 0; big.length < 5 * 1024 * 1024; i++) big += fn(i);
    const at = big.indexOf('    total = 0', big.length >> 1) + '    total = '.length;
    const started = performance.now();
    const full = await service.validate({ language: 'python', prefix: big.slice(0, at), completion: '0 + 1', suffix: big.slice(at + 1) });
    expect(full).toMatchObject({ checked: true, valid: true });
    expect((await service.openDocument('big.py', 'python', big.slice(0, at) + big.slice(at + 1), 1)).ok).toBe(true);
    const held = (completion: string) => ({
      language: 'python',
      prefix: big.slice(0, at),
      suffix: big.slice(at + 1),
      completion,
      documentId: 'big.py',
      version: 1,
    });
    expect(await service.validate(held('0 + (1'))).toMatchObject({ checked: true, valid: false, checkedOn: 'live-document' });
    expect(await service.validate(held('0 + 1'))).toMatchObject({ checked: true, valid: true, checkedOn: 'live-document' });
    expect(await service.applyEdits('big.py', 2, [{ rangeOffset: at, rangeLength: 0, text: '1' }], big.length)).toBe(true);
    console.log(`5 MB file: full check, open, two live checks and an edit in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await service.closeDocument('big.py');
    await stillWorks();
  });

  it('a document over the size limit gets a clear "not checked", not a stall', async () => {
    const v = await service.validate({ language: 'python', prefix: 'x'.repeat(MAX_DOCUMENT_LENGTH), completion: '1', suffix: '' });
    expect(v).toMatchObject({ checked: false, valid: false });
    expect(v.uncheckedReason).toMatch(/over the \d+ the validator parses/);
  });

  it('an unknown language is not checked, and says so', async () => {
    const v = await service.validate({ language: 'cobol', prefix: 'MOVE ', completion: 'A TO B', suffix: '.\n' });
    expect(v).toMatchObject({ checked: false, valid: false, errors: [], uncheckedReason: 'no grammar for cobol' });
  });

  it('requests of the wrong shape (from a file, from a bug) get a reason, not an exception', async () => {
    const odd = [
      null,
      undefined,
      42,
      'text',
      {},
      { language: 'python' },
      { language: 'python', prefix: 1, completion: 'a', suffix: '' },
      { language: 7, prefix: '', completion: '', suffix: '' },
    ];
    for (const req of odd) {
      const v = await service.validate(req as unknown as SyntaxRequest);
      definite(v);
      expect(v.checked).toBe(false);
    }
    expect((await service.openDocument('x.py', 'python', 5 as unknown as string, 1)).ok).toBe(false);
    expect(await service.applyEdits('x.py', 2, 'nope' as unknown as [])).toBe(false);
    await service.openDocument('y.py', 'python', 'x = 1\n', 1);
    expect(await service.applyEdits('y.py', 2, [{ rangeOffset: -1, rangeLength: 0, text: 'a' }])).toBe(false);
    // Dropped: the check falls back to the request's own text.
    expect(
      await service.validate({ language: 'python', prefix: '', suffix: 'x = 1\n', completion: 'a', documentId: 'y.py', version: 2 }),
    ).toMatchObject({ checkedOn: 'request-text' });
    await service.openDocument('y.py', 'python', 'x = 1\n', 1);
    definite(
      await service.validate({
        language: 'python',
        prefix: 'x = 1\n'.repeat(20),
        suffix: '',
        completion: 'a',
        documentId: 'y.py',
        version: 1,
      }),
    );
    definite(
      await service.validate({
        language: 'python',
        prefix: '',
        suffix: 'x = 1\n',
        completion: 7 as unknown as string,
        documentId: 'y.py',
        version: 1,
      }),
    );
    await stillWorks();
  });
});
