// The live documents: edits keep the held tree equal to a fresh parse of
// the edited text, a completion checked on the held document (a window of
// it, see window.ts) gets the verdict a full check gives, and a copy that
// is behind, ahead or wrong is never trusted.
import { beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../testing/platform/prng';
import type { SyntaxVerdict } from '../vocabulary/types';
import { LiveDocuments } from './live-documents';
import { checkHeld, fullCheckAsTheWindowSees } from '../../testing/syntax/held-check';
import { createNodeValidator } from './node-runtime';
import { BENCH_DIR, benchPresent, loadAllTasks } from '../../testing/syntax/bench-tasks';
import { mutations } from '../../testing/syntax/mutations';
import type { TextEdit } from './text-edits';
import { cutWindow } from './window';
import { typeBurst, typingSources } from '../../testing/syntax/typing-sources';
import { countingValidator, until } from '../../testing/syntax/counting-validator';

const validator = createNodeValidator();
const fresh = async (language: string, text: string) => {
  const l = await validator.load(language);
  if (typeof l === 'string') throw new Error(l);
  const tree = l.parser.parse(text)!;
  try {
    return tree.rootNode.toString();
  } finally {
    tree.delete();
  }
};
const brief = (v: SyntaxVerdict) => ({
  checked: v.checked,
  valid: v.valid,
  errors: v.errors.map((e) => `${e.kind} ${e.row}:${e.column} ${e.detail}`),
});

describe('editing a held document', () => {
  const text0 = 'def add(a, b):\n    return a + b\n\n\nprint(add(1, 2))\n';

  it('typing, deleting and replacing keep text and tree equal to a fresh parse (with and without Monaco ranges)', async () => {
    const docs = new LiveDocuments(validator);
    expect(await docs.openDocument('a.py', 'python', text0, 1)).toEqual({ ok: true });
    let text = text0;
    let version = 1;
    const apply = async (e: TextEdit) => {
      text = text.slice(0, e.rangeOffset) + e.text + text.slice(e.rangeOffset + e.rangeLength);
      expect(await docs.applyEdits('a.py', ++version, [e], text.length)).toBe(true);
      expect(docs.textOf('a.py')).toBe(text);
      expect(await docs.treeString('a.py')).toBe(await fresh('python', text));
    };
    // Type a new statement one key at a time after `return a + b`.
    const at = text0.indexOf('\n\n\n');
    for (const [i, ch] of [...'\n    c = (a'].entries()) await apply({ rangeOffset: at + i, rangeLength: 0, text: ch });
    // Monaco's range for the next key (row 2, after `    c = (a`): 1-based lines and columns.
    await apply({
      rangeOffset: at + 11,
      rangeLength: 0,
      text: ')',
      range: { startLineNumber: 3, startColumn: 11, endLineNumber: 3, endColumn: 11 },
    });
    await apply({ rangeOffset: 0, rangeLength: 3, text: 'async def' }); // a replacement
    await apply({ rangeOffset: text.indexOf('print'), rangeLength: 'print(add(1, 2))\n'.length, text: '' }); // a deletion
  });

  it('several changes in one event are applied in order, each on the text the previous one left', async () => {
    const docs = new LiveDocuments(validator);
    await docs.openDocument('b.py', 'python', 'x = 1\ny = 2\n', 1);
    // Monaco orders a multi-cursor event from the end of the document backwards.
    const edits: TextEdit[] = [
      { rangeOffset: 10, rangeLength: 1, text: '20' },
      { rangeOffset: 4, rangeLength: 1, text: '10' },
    ];
    expect(await docs.applyEdits('b.py', 2, edits, 14)).toBe(true);
    expect(docs.textOf('b.py')).toBe('x = 10\ny = 20\n');
  });

  it('random edit sequences on benchmark files keep the tree exact and the verdicts equal to a full check of what the window sees (members it cut out that hold errors set aside)', async () => {
    if (!benchPresent()) return;
    const random = mulberry32(7);
    const tasks = loadAllTasks().filter((_, i) => i % 97 === 0);
    const docs = new LiveDocuments(validator);
    const alphabet = ['(', ')', '{', '}', ':', '\n', '    ', 'x', ' = ', '"', ';', 'if ', 'return '];
    for (const t of tasks) {
      let text = t.prefix + t.middle + t.suffix;
      await docs.openDocument('f', t.language, text, 0);
      for (let version = 1; version <= 12; version++) {
        const at = Math.floor(random() * (text.length + 1));
        const len = random() < 0.4 ? Math.min(text.length - at, Math.floor(random() * 6)) : 0;
        const ins = random() < 0.8 ? alphabet[Math.floor(random() * alphabet.length)] : '';
        text = text.slice(0, at) + ins + text.slice(at + len);
        expect(await docs.applyEdits('f', version, [{ rangeOffset: at, rangeLength: len, text: ins }], text.length)).toBe(true);
        const offset = Math.floor(random() * (text.length + 1));
        const completion = random() < 0.5 ? t.middle : t.middle.slice(0, Math.floor(t.middle.length / 2));
        const live = await checkHeld(docs, 'f', t.language, version, offset, completion);
        const full = await fullCheckAsTheWindowSees(docs, validator, 'f', t.language, offset, completion);
        expect([t.id, version, live?.valid]).toEqual([t.id, version, full.valid]);
      }
      expect(await docs.treeString('f')).toBe(await fresh(t.language, text));
    }
  });
});

describe('a burst of edits is reparsed once', () => {
  const text0 = 'def add(a, b):\n    return a + b\n\n\nprint(add(1, 2))\n';
  const typed = '\nvalue = add(3, 4) + (5'; // left open: the tree must follow the text, errors and all
  const at = text0.indexOf('\n\n\n');
  const typeAll = async (docs: LiveDocuments) => {
    for (const [i, ch] of [...typed].entries())
      expect(await docs.applyEdits('a.py', 2 + i, [{ rangeOffset: at + i, rangeLength: 0, text: ch }])).toBe(true);
    return text0.slice(0, at) + typed + text0.slice(at);
  };

  it('edits move the text at once and the tree when typing pauses: one reparse for the burst, equal to a fresh parse', async () => {
    const { v, counted } = countingValidator();
    const docs = new LiveDocuments(v, { settleMs: 30 });
    await docs.openDocument('a.py', 'python', text0, 1);
    const text = await typeAll(docs);
    expect(docs.textOf('a.py')).toBe(text);
    expect(counted.reparses).toBe(0);
    await new Promise((r) => setTimeout(r, 150));
    expect(counted.reparses).toBe(1);
    expect(await docs.treeString('a.py')).toBe(await fresh('python', text));
    expect(counted.reparses).toBe(1); // already parsed: nothing more
    // A change event that changes nothing (a version bump) leaves the tree parsed: the check needs no reparse.
    expect(await docs.applyEdits('a.py', 2 + typed.length, [])).toBe(true);
    const offset = at + typed.length;
    expect((await checkHeld(docs, 'a.py', 'python', 2 + typed.length, offset, ')'))?.valid).toBe(true);
    expect(counted.reparses).toBe(1);
  });

  it('a check before the pause in a file too small to cut reparses first and judges the edited text, as a full check does', async () => {
    const { v, counted } = countingValidator();
    const docs = new LiveDocuments(v, { settleMs: 60_000 });
    await docs.openDocument('a.py', 'python', text0, 1);
    const text = await typeAll(docs);
    const offset = at + typed.length;
    for (const completion of [')', ']']) {
      const live = await checkHeld(docs, 'a.py', 'python', 1 + typed.length, offset, completion);
      const full = await validator.validate({ language: 'python', prefix: text.slice(0, offset), completion, suffix: text.slice(offset) });
      expect([completion, live?.valid]).toEqual([completion, full.valid]);
    }
    expect([counted.reparses, await docs.treeString('a.py')]).toEqual([1, await fresh('python', text)]);
  });

  it('with settleMs 0 every change event is reparsed', async () => {
    const { v, counted } = countingValidator();
    const docs = new LiveDocuments(v, { settleMs: 0 });
    await docs.openDocument('a.py', 'python', text0, 1);
    const text = await typeAll(docs);
    expect(await docs.treeString('a.py')).toBe(await fresh('python', text));
    expect(counted.reparses).toBe(typed.length);
  });
});

describe('a check while typing judges a window of the edited tree', () => {
  /** A statement typed at the end of a line, as the typing benchmark types it, and the completion that ends it. */
  function statementBurst(language: string, text: string, cursor: number, n: number) {
    const lineEnd = text.indexOf('\n', cursor) === -1 ? text.length : text.indexOf('\n', cursor);
    const lineStart = text.lastIndexOf('\n', lineEnd - 1) + 1;
    const indent = /^[ \t]*/.exec(text.slice(lineStart, lineEnd))![0];
    const keys = [`\n${indent}`, ...(language === 'python' ? `value_${n} = ` : `const v${n} = `)];
    const edits: TextEdit[] = [];
    let at = lineEnd;
    for (const k of keys) {
      edits.push({ rangeOffset: at, rangeLength: 0, text: k });
      text = text.slice(0, at) + k + text.slice(at);
      at += k.length;
    }
    return { edits, text, cursor: at, completion: language === 'python' ? 'a + b' : 'a + b;' };
  }

  it('on files nobody here wrote: an acceptance needs no reparse, and every verdict equals that of a copy parsed afresh', async () => {
    const { v, counted } = countingValidator();
    const random = mulberry32(31);
    const completions = ['x', ')', ' + 1', '(', '"', 'value)', '\n'];
    // The benchmark's case: a statement typed and accepted, checked on the edited tree or after a reparse.
    const statements = { accepted: 0, onEdited: 0 };
    let onEdited = 0;
    for (const source of typingSources(random, 5)) {
      const { language, path } = source;
      const docs = new LiveDocuments(v, { settleMs: 60_000, budgetMs: Infinity });
      await docs.openDocument('f', language, source.text, 0);
      let { text } = source;
      let cursor = Math.floor(random() * text.length);
      let version = 0;
      for (let burst = 0; burst < 8; burst++) {
        if (random() < 0.2) cursor = Math.floor(random() * text.length); // typing goes on elsewhere
        // Most bursts type a statement and are completed as the benchmark's are; the rest are any keys.
        const statement = random() < 0.75;
        const typed = statement
          ? statementBurst(language, text, cursor, burst)
          : { ...typeBurst(random, text, cursor, 6), completion: completions[Math.floor(random() * completions.length)] };
        for (const e of typed.edits) expect(await docs.applyEdits('f', ++version, [e])).toBe(true);
        ({ text, cursor } = typed);
        const { completion } = typed;
        const reparsesBefore = counted.reparses;
        const live = await checkHeld(docs, 'f', language, version, cursor, completion);
        const parsedAfresh = new LiveDocuments(validator);
        await parsedAfresh.openDocument('g', language, text, 0);
        const expected = await checkHeld(parsedAfresh, 'g', language, 0, cursor, completion);
        expect([path, burst, completion, live?.checked, live?.valid]).toEqual([
          path,
          burst,
          completion,
          expected?.checked,
          expected?.valid,
        ]);
        const edited = counted.reparses === reparsesBefore;
        if (edited) {
          onEdited++;
          expect(live!.valid).toBe(true); // a rejection is decided on the reparsed tree
        }
        if (statement && live?.valid) {
          statements.accepted++;
          if (edited) statements.onEdited++;
          // Accepted, as the benchmark accepts the suggestion.
          expect(await docs.applyEdits('f', ++version, [{ rangeOffset: cursor, rangeLength: 0, text: completion }])).toBe(true);
          text = text.slice(0, cursor) + completion + text.slice(cursor);
          cursor += completion.length;
        }
      }
      expect(await docs.treeString('f')).toBe(await fresh(language, text));
    }
    expect(statements.accepted).toBeGreaterThan(10);
    // The rest were checked after a reparse: the edits were not all inside the window, or the
    // file had an error outside it (left there by the bursts of any keys).
    expect(statements.onEdited).toBeGreaterThan(statements.accepted / 3);
    console.log(
      `checks on the edited tree: ${onEdited}; typed statements accepted: ${statements.accepted}, ${statements.onEdited} of them on the edited tree`,
    );
  });

  it('a reparse waits for a longer pause in typing after a slow one', async () => {
    const { v, counted } = countingValidator({ delayMs: 80 });
    const docs = new LiveDocuments(v, { settleMs: 20 });
    const text = 'x = 1\n';
    await docs.openDocument('s.py', 'python', text, 0);
    await docs.applyEdits('s.py', 1, [{ rangeOffset: 0, rangeLength: 0, text: 'y = 2\n' }]);
    await until(() => counted.finished === 1);
    await docs.applyEdits('s.py', 2, [{ rangeOffset: 0, rangeLength: 0, text: 'z = 3\n' }]);
    await new Promise((r) => setTimeout(r, 300)); // far past settleMs, short of ten times the reparse's 80 ms
    expect(counted.reparses).toBe(1);
    await until(() => counted.finished === 2);
    expect(await docs.treeString('s.py')).toBe(await fresh('python', 'z = 3\ny = 2\nx = 1\n'));
  });
});

describe('a file broken in a member far from the cursor', () => {
  const method = (i: number) =>
    `  int f_${i}(int a, int b) {\n    int total = 0;\n    for (int x = 0; x < a; x++) {\n      total += x * b;\n    }\n    return total;\n  }\n\n`;
  const fileWith = (broken: (m: string) => string) =>
    `class A {\n${Array.from({ length: 12 }, (_, i) => (i === 1 ? broken(method(i)) : method(i))).join('')}}\n`;
  const completions = ['total = total + 1;\n    ', '}\n    ', 'total = (total;\n    ', 'return;\n    '];

  it("an error inside a member the window cuts out is set aside: the verdict is the whole-text check's of the file without that member", async () => {
    const text = fileWith((m) => m.replace('int total = 0;', 'int total = ;'));
    const offset = text.indexOf('return total;', text.indexOf('f_9'));
    const docs = new LiveDocuments(validator);
    await docs.openDocument('A.java', 'java', text, 1);
    expect((await docs.membersSetAside('A.java', offset))!.map(([s, e]) => text.slice(s, e).trim().split('\n')[0])).toEqual([
      'int f_1(int a, int b) {',
    ]);
    const verdicts: string[] = [];
    for (const completion of completions) {
      const live = (await checkHeld(docs, 'A.java', 'java', 1, offset, completion))!;
      expect(brief(live)).toEqual(brief(await fullCheckAsTheWindowSees(docs, validator, 'A.java', 'java', offset, completion)));
      expect(live.errors.map((e) => e.row)).not.toContain(text.slice(0, text.indexOf('int total = ;')).split('\n').length - 1);
      verdicts.push(live.valid ? 'valid' : 'invalid');
    }
    expect(verdicts).toEqual(['valid', 'invalid', 'invalid', 'valid']);
  });

  it('an error tree-sitter does not keep inside one member (a string left open) is not set aside: the whole text decides', async () => {
    const text = fileWith((m) => m.replace('int total = 0;', 'String s = "abc;'));
    const offset = text.indexOf('return total;', text.indexOf('f_9'));
    const docs = new LiveDocuments(validator);
    await docs.openDocument('A.java', 'java', text, 1);
    expect(await docs.membersSetAside('A.java', offset)).toBeUndefined();
    for (const completion of completions) {
      const live = (await checkHeld(docs, 'A.java', 'java', 1, offset, completion))!;
      expect(brief(live)).toEqual(
        brief(await validator.validate({ language: 'java', prefix: text.slice(0, offset), completion, suffix: text.slice(offset) })),
      );
    }
  });
});

describe('a copy that cannot be trusted is not used', () => {
  const text = 'class A {\n  int f(int a) {\n    return a;\n  }\n}\n';

  it('the live path is not used for a version the worker does not hold, and validate falls back to the full text', async () => {
    const docs = new LiveDocuments(validator);
    await docs.openDocument('A.java', 'java', text, 3);
    const at = text.indexOf('a;');
    expect(await checkHeld(docs, 'A.java', 'java', 4, at, 'a + ')).toBeUndefined();
    expect(await checkHeld(docs, 'B.java', 'java', 3, at, 'a + ')).toBeUndefined();
    // Held at version 3, but the editor's text differs: the guard sees it, the verdict is the full check's.
    const edited = text.replace('return a;', 'return a + b;');
    const req = {
      language: 'java',
      prefix: edited.slice(0, edited.indexOf(' + b')),
      completion: ' * (2',
      suffix: edited.slice(edited.indexOf(' + b')),
      documentId: 'A.java',
      version: 3,
    };
    expect(brief(await docs.validate(req))).toEqual(brief(await validator.validate({ ...req, documentId: undefined, version: undefined })));
    expect((await docs.validate(req)).valid).toBe(false);
  });

  it('an edit that does not fit, or a lost event (wrong resulting length), drops the copy; an old event is a no-op', async () => {
    const docs = new LiveDocuments(validator);
    await docs.openDocument('A.java', 'java', text, 1);
    expect(await docs.applyEdits('A.java', 1, [{ rangeOffset: 0, rangeLength: 0, text: 'x' }])).toBe(true); // already in the text
    expect(docs.textOf('A.java')).toBe(text);
    expect(await docs.applyEdits('A.java', 2, [{ rangeOffset: 0, rangeLength: 0, text: '//' }], text.length + 5)).toBe(false);
    expect(docs.versionOf('A.java')).toBeUndefined();
    await docs.openDocument('A.java', 'java', text, 1);
    expect(await docs.applyEdits('A.java', 2, [{ rangeOffset: text.length + 1, rangeLength: 0, text: 'x' }])).toBe(false);
    expect(docs.versionOf('A.java')).toBeUndefined();
    expect(await docs.applyEdits('A.java', 3, [{ rangeOffset: 0, rangeLength: 0, text: 'x' }])).toBe(false); // not held
  });

  it('a language without a grammar is not held, and says why', async () => {
    const docs = new LiveDocuments(validator);
    expect(await docs.openDocument('a.cob', 'cobol', 'MOVE A TO B.\n', 1)).toEqual({ ok: false, reason: 'no grammar for cobol' });
  });
});

describe('the window of a large file is small', () => {
  const fn = (i: number) =>
    `def f_${i}(a, b):\n    total = 0\n    for x in range(a):\n        if x % 2 == 0:\n            total += x * b\n    return total\n\n\n`;
  const text = Array.from({ length: 1250 }, (_, i) => fn(i)).join('');

  beforeAll(() => expect(text.split('\n').length).toBeGreaterThan(10_000));

  it('a completion in the middle of a 10,000-line file parses a few hundred characters, and is judged as a full check judges it', async () => {
    const l = await validator.load('python');
    if (typeof l === 'string') throw new Error(l);
    const tree = l.parser.parse(text)!;
    const offset = text.indexOf('    total = 0', text.length >> 1) + '    total = '.length;
    const spans = cutWindow(tree, offset, text.length).spans;
    tree.delete();
    const size = spans.reduce((n, [s, e]) => n + e - s, 0);
    expect(size).toBeLessThan(1000); // three functions and the skeleton, of 380,000 characters
    expect(text.split('\n').length).toBeGreaterThan(10_000);

    const docs = new LiveDocuments(validator);
    await docs.openDocument('big.py', 'python', text, 1);
    for (const completion of ['a + b', 'a + (b', '(', '0\n    y = 1', '0\n  y = 1', '']) {
      const live = await checkHeld(docs, 'big.py', 'python', 1, offset, completion);
      const full = await validator.validate({ language: 'python', prefix: text.slice(0, offset), completion, suffix: text.slice(offset) });
      expect([completion, live!.valid]).toEqual([completion, full.valid]);
    }
  });
});

describe('a request that carries a window of the document', () => {
  const fn = (i: number) => `def f_${i}(a, b):\n    total = 0\n    for x in range(a):\n        total += x * b\n    return total\n\n\n`;
  const text = Array.from({ length: 3000 }, (_, i) => fn(i)).join('');
  const offset = text.indexOf('    total = 0', text.length >> 1) + '    total = '.length;
  const start = text.lastIndexOf('\n', offset - 65_536) + 1;
  const windowed = (completion: string, over: Partial<{ prefixStart: number; documentLength: number; version: number }> = {}) => ({
    language: 'python',
    prefix: text.slice(start, offset),
    completion,
    suffix: text.slice(offset, offset + 30_000),
    documentId: 'w.py',
    version: 1,
    prefixStart: start,
    documentLength: text.length,
    ...over,
  });

  it("is checked on the held document at the window's place, as the whole text is", async () => {
    const docs = new LiveDocuments(validator);
    await docs.openDocument('w.py', 'python', text, 1);
    for (const completion of ['a + b', 'a + (b', '0\n  y = 1']) {
      const live = await docs.validate(windowed(completion));
      const full = await validator.validate({ language: 'python', prefix: text.slice(0, offset), completion, suffix: text.slice(offset) });
      expect(live.checkedOn).toBe('live-document');
      expect([completion, live.checked, live.valid]).toEqual([completion, full.checked, full.valid]);
    }
  });

  it('a window placed wrongly (another offset or document length) does not use the held copy', async () => {
    const docs = new LiveDocuments(validator);
    await docs.openDocument('w.py', 'python', text, 1);
    expect((await docs.validate(windowed('a + b', { prefixStart: start + 1 }))).checkedOn).toBe('request-text');
    expect((await docs.validate(windowed('a + b', { documentLength: text.length + 1 }))).checkedOn).toBe('request-text');
  });
});

describe.skipIf(!benchPresent())(`the live path agrees with the full check on the benchmarks (${BENCH_DIR})`, () => {
  it('ground truths and their corruptions, every 7th task', async () => {
    const docs = new LiveDocuments(validator);
    const differ: string[] = [];
    let n = 0;
    for (const [i, t] of loadAllTasks().entries()) {
      if (i % 7) continue;
      await docs.openDocument('t', t.language, t.prefix + t.suffix, 1);
      for (const completion of [t.middle, ...mutations(t).map((m) => m.middle)]) {
        const live = (await checkHeld(docs, 't', t.language, 1, t.prefix.length, completion))!;
        const full = await validator.validate({ language: t.language, prefix: t.prefix, completion, suffix: t.suffix });
        n++;
        if (live.valid !== full.valid) differ.push(`${t.set} ${t.id}: ${JSON.stringify(completion).slice(0, 80)}`);
        if (completion === t.middle) expect(live.valid, `${t.set} ${t.id}`).toBe(true);
      }
    }
    expect(n).toBeGreaterThan(2000);
    expect(differ).toEqual([]);
  });
});

describe('how many documents are held', () => {
  it('drops the least recently used document past 32, a check counting as use', async () => {
    const docs = new LiveDocuments(validator);
    const text = 'x = 1\n';
    for (let i = 0; i < 32; i++) expect(await docs.openDocument(`d${i}.py`, 'python', text, 1)).toEqual({ ok: true });
    expect(docs.versionOf('d0.py')).toBe(1);
    const v = await docs.validate({ language: 'python', prefix: text, completion: 'y = 2\n', suffix: '', documentId: 'd0.py', version: 1 });
    expect(v.checked).toBe(true);
    await docs.openDocument('d32.py', 'python', text, 1);
    expect(docs.versionOf('d1.py')).toBeUndefined();
    expect(docs.versionOf('d0.py')).toBe(1);
    expect(docs.versionOf('d32.py')).toBe(1);
    await docs.openDocument('d33.py', 'python', text, 1);
    expect(docs.versionOf('d2.py')).toBeUndefined();
    expect(docs.textOf('d0.py')).toBe(text);
  });
});
