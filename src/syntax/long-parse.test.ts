// Long parses do not hold the syntax worker: a multi-MB document being
// opened (or reparsed) is parsed in slices, and a check on another document
// is answered between two slices instead of after the whole parse. Its own
// checks wait at most their budget, then say why; once it is parsed they
// are windowed and right; edits sent meanwhile land on the parsed copy; a
// parse given up (document closed) leaves nothing behind.
//
// Times are compared with the plain parse of the same text, measured in the
// same test: relative, not absolute, so a slow or loaded machine scales both.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../testing/platform/prng';
import type { SyntaxRequest } from '../vocabulary/types';
import { LiveDocuments, MAX_SETTLE_MS } from './live-documents';
import { checkHeld, fullCheckAsTheWindowSees } from '../../testing/syntax/held-check';
import { createNodeValidator } from './node-runtime';
import { countingValidator, until } from '../../testing/syntax/counting-validator';
import { BENCH_DIR, benchPresent, loadAllTasks } from '../../testing/syntax/bench-tasks';
import { mutations } from '../../testing/syntax/mutations';
import type { TextEdit } from './text-edits';
import { cutWindow, rangesBefore } from './window';
import { pointAt } from './text-edits';

/** A message arriving at the worker: it runs when the event loop gets a turn (before slicing, only after the whole parse). */
const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function bigPython(chars: number): string {
  const fn = (i: number) =>
    `def f_${i}(a, b):\n    total = 0\n    for x in range(a):\n        if x % 2 == 0:\n            total += x * b\n    return total\n\n\n`;
  const parts: string[] = [];
  let n = 0;
  for (let i = 0; n < chars; i++) n += parts[parts.push(fn(i)) - 1].length;
  return parts.join('');
}

function bigJava(chars: number): string {
  const method = (i: number) =>
    `  int f_${i}(int a, int b) {\n    int total = 0;\n    for (int x = 0; x < a; x++) {\n      total += x * b;\n    }\n    return total;\n  }\n\n`;
  const parts: string[] = [];
  let n = 0;
  for (let i = 0; n < chars; i++) n += parts[parts.push(method(i)) - 1].length;
  return `class Big {\n${parts.join('')}}\n`;
}

const SMALL = 'class Small {\n  int add(int a, int b) {\n    return a + b;\n  }\n}\n';
const smallAt = SMALL.indexOf('a + b;');
/** The pipeline's request on the small document: `a * 2` (valid) or `a * (2` (unbalanced) in place of `a + b`. */
const smallReq = (completion: string): SyntaxRequest => ({
  language: 'java',
  prefix: SMALL.slice(0, smallAt),
  completion,
  suffix: SMALL.slice(smallAt + 'a + b'.length),
  documentId: 'Small.java',
  version: 1,
});
const SMALL_HELD = SMALL.slice(0, smallAt) + SMALL.slice(smallAt + 'a + b'.length);

/** The pipeline's request on a big document: `0 + 1` or `0 + (1` after `total = ` of the function in the middle. */
function bigReq(text: string, completion: string, documentId: string, version: number): SyntaxRequest {
  const at = cursorIn(text);
  return { language: 'python', prefix: text.slice(0, at), completion, suffix: text.slice(at), documentId, version };
}
/** In the middle function: `    total = |` with its `0` removed (bigHole). */
const cursorIn = (text: string) => text.indexOf('    total = \n', text.length >> 1) + '    total = '.length;
const bigHole = (text: string) => {
  const at = text.indexOf('    total = 0', text.length >> 1) + '    total = '.length;
  return text.slice(0, at) + text.slice(at + 1);
};

async function plainParseMs(validator: ReturnType<typeof createNodeValidator>, language: string, text: string): Promise<number> {
  const l = await validator.load(language);
  if (typeof l === 'string') throw new Error(l);
  const started = performance.now();
  const tree = l.parser.parse(text);
  const ms = performance.now() - started;
  tree?.delete();
  return ms;
}

describe('a multi-MB document being parsed does not hold the worker', () => {
  const big = bigHole(bigPython(4 * 1024 * 1024));

  it('a check on a small document is answered between two slices of the big open, well before its parse ends; the big document is then checked in its window', async () => {
    const validator = createNodeValidator();
    const docs = new LiveDocuments(validator);
    await docs.openDocument('Small.java', 'java', SMALL_HELD, 1);
    expect(await docs.validate(smallReq('a * 2'))).toMatchObject({ checked: true, valid: true }); // grammar loaded, parser warm
    const bigParseMs = await plainParseMs(validator, 'python', big);

    const t0 = performance.now();
    let openedAt = Infinity;
    const opening = docs.openDocument('big.py', 'python', big, 1).then((r) => {
      openedAt = performance.now() - t0;
      return r;
    });
    await macrotask();
    const asked = performance.now();
    const valid = await docs.validate(smallReq('a * 2'));
    const invalid = await docs.validate(smallReq('a * (2'));
    const smallMs = performance.now() - asked;
    const answeredAt = performance.now() - t0;
    expect(valid).toMatchObject({ checked: true, valid: true });
    expect(invalid).toMatchObject({ checked: true, valid: false });
    expect(openedAt).toBe(Infinity); // answered while the big document was still being parsed
    expect(await opening).toEqual({ ok: true });
    console.log(
      `${(big.length / 1e6).toFixed(1)} M code units: plain parse ${bigParseMs.toFixed(0)} ms, sliced open ${openedAt.toFixed(0)} ms; two small checks answered in ${smallMs.toFixed(1)} ms, at ${answeredAt.toFixed(0)} ms into the open`,
    );
    expect(smallMs).toBeLessThan(bigParseMs / 4);

    // The big document's own checks: its window, right both ways.
    const ok = await docs.validate(bigReq(big, '0 + 1', 'big.py', 1));
    const bad = await docs.validate(bigReq(big, '0 + (1', 'big.py', 1));
    expect(ok).toMatchObject({ checked: true, valid: true });
    expect(bad).toMatchObject({ checked: true, valid: false });
    expect(ok.ms + bad.ms).toBeLessThan(bigParseMs / 4); // windowed, not a whole-text parse
  });

  it("the big document's own check waits at most its budget and says why, the parse goes on, and later checks are right", async () => {
    const validator = createNodeValidator();
    const bigParseMs = await plainParseMs(validator, 'python', big);
    const budgetMs = bigParseMs / 10;
    const docs = new LiveDocuments(validator, { budgetMs });

    const opening = docs.openDocument('big.py', 'python', big, 1);
    await macrotask();
    let asked = performance.now();
    const early = await docs.validate(bigReq(big, '0 + 1', 'big.py', 1));
    const earlyMs = performance.now() - asked;
    expect(early).toMatchObject({ checked: false, valid: false });
    expect(early.uncheckedReason).toMatch(/parse of this document .* did not finish within the \d+ ms time budget/);
    expect(earlyMs).toBeLessThan(bigParseMs / 4);
    // whenSettled: what a caller that needs the check on the held copy waits for, the open's parse.
    let settled = false;
    const whenSettled = docs.whenSettled('big.py').then(() => (settled = true));
    await macrotask();
    expect(settled).toBe(false);
    await whenSettled;
    expect(await docs.validate(bigReq(big, '0 + 1', 'big.py', 1))).toMatchObject({ checked: true, valid: true });
    expect(await opening).toEqual({ ok: true });
    expect(await docs.validate(bigReq(big, '0 + (1', 'big.py', 1))).toMatchObject({ checked: true, valid: false });

    // A big document the worker does not hold: the whole-text check, given up at the budget.
    asked = performance.now();
    const notHeld = await docs.validate(bigReq(big, '0 + 1', 'other.py', 1));
    expect(notHeld).toMatchObject({ checked: false, valid: false });
    expect(notHeld.uncheckedReason).toMatch(/whole-text check .* did not finish/);
    expect(performance.now() - asked).toBeLessThan(bigParseMs / 4);
    // A parse given up on the shared parser leaves it clean for the next document.
    await docs.openDocument('Small.java', 'java', SMALL_HELD, 1);
    expect(await docs.validate(smallReq('a * 2'))).toMatchObject({ checked: true, valid: true });
    expect(await docs.validate(smallReq('a * (2'))).toMatchObject({ checked: true, valid: false });
    expect(await validator.validate({ language: 'python', prefix: 'x = ', completion: '(1', suffix: '\n' })).toMatchObject({
      checked: true,
      valid: false,
    });
  });

  it('edits sent while the document is still being parsed apply to the parsed copy, and their verdicts are right', async () => {
    const validator = createNodeValidator();
    const docs = new LiveDocuments(validator);
    await docs.openDocument('Small.java', 'java', SMALL_HELD, 1);
    const opening = docs.openDocument('big.py', 'python', big, 1);
    await macrotask();
    // v2: a statement typed below the hole; v3: a function added at the very top (the reparse covers the whole file).
    let text = big;
    const edit = (e: TextEdit) => {
      text = text.slice(0, e.rangeOffset) + e.text + text.slice(e.rangeOffset + e.rangeLength);
      return e;
    };
    const line = text.indexOf('\n', cursorIn(text)) + 1;
    const v2 = docs.applyEdits('big.py', 2, [edit({ rangeOffset: line, rangeLength: 0, text: '    y = total\n' })], text.length);
    const v3 = docs.applyEdits(
      'big.py',
      3,
      [edit({ rangeOffset: 0, rangeLength: 0, text: 'def top():\n    return [1, 2]\n\n\n' })],
      text.length,
    );
    expect(await docs.validate(smallReq('a * (2'))).toMatchObject({ checked: true, valid: false }); // between slices
    expect(await opening).toEqual({ ok: true });
    expect(await v2).toBe(true);
    expect(await v3).toBe(true);
    expect(docs.versionOf('big.py')).toBe(3);
    expect(docs.textOf('big.py')).toBe(text);
    const at = cursorIn(text);
    expect(await checkHeld(docs, 'big.py', 'python', 3, at, '0 + 1')).toMatchObject({ checked: true, valid: true });
    expect(await checkHeld(docs, 'big.py', 'python', 3, at, '0 + (1')).toMatchObject({ checked: true, valid: false });
    expect(await checkHeld(docs, 'big.py', 'python', 3, text.indexOf('[1, 2]') + 1, '0, (')).toMatchObject({ checked: true, valid: false });
    expect(await checkHeld(docs, 'big.py', 'python', 3, text.indexOf('[1, 2]') + 1, '0, ')).toMatchObject({ checked: true, valid: true });
  });

  it('the reparse after a pause in typing is given up when a key comes, and made at the next pause', async () => {
    let text = big;
    const type = (docs: LiveDocuments, version: number, typed: string) => {
      text = typed + text;
      return docs.applyEdits('big.py', version, [{ rangeOffset: 0, rangeLength: 0, text: typed }], text.length);
    };
    let typing: Promise<boolean> | undefined;
    // The second key comes as the reparse of the first starts: an edit at the top, so the reparse covers the whole file, in slices.
    const { v, counted } = countingValidator({ onReparse: () => (typing ??= type(docs, 3, 'import re\n')) });
    const docs = new LiveDocuments(v, { settleMs: 20 });
    await docs.openDocument('big.py', 'python', big, 1);
    expect(await type(docs, 2, 'import os\n')).toBe(true);
    await until(() => typing !== undefined);
    expect(await typing).toBe(true); // applied once the reparse gave up, at its first pause
    expect(counted).toMatchObject({ reparses: 1, givenUp: 1, finished: 0 });
    expect([docs.versionOf('big.py'), docs.textOf('big.py') === text]).toEqual([3, true]);
    await until(() => counted.finished === 1); // the next pause
    expect(counted.reparses).toBe(2);
    expect(await checkHeld(docs, 'big.py', 'python', 3, cursorIn(text), '0 + 1')).toMatchObject({ checked: true, valid: true });
    expect(await checkHeld(docs, 'big.py', 'python', 3, 'import re'.length, ', os')).toMatchObject({ checked: true, valid: true });
    expect(await checkHeld(docs, 'big.py', 'python', 3, 'import re'.length, ', (')).toMatchObject({ checked: true, valid: false });
    expect(counted.reparses).toBe(2); // the checks needed no other
  });

  it('a reparse given up counts what it ran: the next one waits for a pause ten times as long', async () => {
    let text = big;
    const type = (docs: LiveDocuments, version: number, typed: string) => {
      text = typed + text;
      return docs.applyEdits('big.py', version, [{ rangeOffset: 0, rangeLength: 0, text: typed }], text.length);
    };
    const starts: number[] = [];
    let typing: Promise<boolean> | undefined;
    let typed = 0;
    const { v, counted } = countingValidator({
      onReparse: () => {
        starts.push(performance.now());
        typing ??= type(docs, 3, 'import re\n').then((ok) => ((typed = performance.now()), ok));
      },
    });
    const docs = new LiveDocuments(v, { settleMs: 20 });
    await docs.openDocument('big.py', 'python', big, 1);
    expect(await type(docs, 2, 'import os\n')).toBe(true);
    await until(() => typing !== undefined);
    expect(await typing).toBe(true); // applied once the reparse gave up
    expect(counted).toMatchObject({ reparses: 1, givenUp: 1 });
    const ran = typed - starts[0]; // the edit is applied right after the reparse stops
    await until(() => counted.finished === 1);
    expect(starts).toHaveLength(2);
    // Without the given-up reparse's time the wait would be settleMs, 20 ms.
    expect(starts[1] - typed).toBeGreaterThanOrEqual(Math.min(MAX_SETTLE_MS, 10 * ran) * 0.9);
    expect(starts[1] - typed).toBeGreaterThan(100);
  });

  it("until a reparse has run, the open's parse stands for its cost: the first one waits for a pause ten times as long", async () => {
    const starts: number[] = [];
    const { v, counted } = countingValidator({ onReparse: () => starts.push(performance.now()) });
    const parseMs = await plainParseMs(v, 'python', big);
    const docs = new LiveDocuments(v, { settleMs: 20 });
    await docs.openDocument('big.py', 'python', big, 1);
    const typed = performance.now();
    expect(await docs.applyEdits('big.py', 2, [{ rangeOffset: 0, rangeLength: 0, text: 'import os\n' }], big.length + 10)).toBe(true);
    await until(() => counted.finished === 1);
    // Without the open's parse the wait would be settleMs, 20 ms; a sliced open takes at least the plain parse.
    expect(starts[0] - typed).toBeGreaterThanOrEqual(Math.min(MAX_SETTLE_MS, 10 * parseMs) * 0.9);
    expect(starts[0] - typed).toBeGreaterThan(100);
  });

  it('closing a document while it is being opened gives the parse up; nothing of it is kept, and the next open starts afresh', async () => {
    const validator = createNodeValidator();
    const java = bigJava(3 * 1024 * 1024);
    const parseMs = await plainParseMs(validator, 'java', java);
    const docs = new LiveDocuments(validator);
    const opening = docs.openDocument('Big.java', 'java', java, 1);
    await macrotask();
    const closedAt = performance.now();
    await docs.closeDocument('Big.java');
    const result = await opening;
    expect(performance.now() - closedAt).toBeLessThan(parseMs / 4);
    expect(result).toEqual({ ok: false, reason: 'the document was closed while it was being parsed' });
    expect(docs.versionOf('Big.java')).toBeUndefined();
    // An edit for it finds no copy (the editor then opens it again); the next open holds the right text and tree.
    expect(await docs.applyEdits('Big.java', 2, [{ rangeOffset: 0, rangeLength: 0, text: '//\n' }])).toBe(false);
    expect(await docs.openDocument('Big.java', 'java', SMALL_HELD, 4)).toEqual({ ok: true });
    expect(await docs.treeString('Big.java')).toBe(await freshTree(validator, 'java', SMALL_HELD));
    expect(await checkHeld(docs, 'Big.java', 'java', 4, smallAt, 'a * (2')).toMatchObject({ checked: true, valid: false });
    expect(await checkHeld(docs, 'Big.java', 'java', 4, smallAt, 'a * 2')).toMatchObject({ checked: true, valid: true });
  });
});

async function freshTree(validator: ReturnType<typeof createNodeValidator>, language: string, text: string): Promise<string> {
  return (await freshParse(validator, language, text)).tree;
}

async function freshParse(
  validator: ReturnType<typeof createNodeValidator>,
  language: string,
  text: string,
): Promise<{ tree: string; hasError: boolean }> {
  const l = await validator.load(language);
  if (typeof l === 'string') throw new Error(l);
  const tree = l.parser.parse(text)!;
  try {
    return { tree: tree.rootNode.toString(), hasError: tree.rootNode.hasError };
  } finally {
    tree.delete();
  }
}

// A resumed parse is not always the same parse as one in one go: tree-sitter
// starts its round over the stack's versions again, so where a syntax error
// keeps several versions alive, the recovery can come out differently (the
// tree is still one tree-sitter could give). Trees are compared where the
// text parses cleanly; verdicts everywhere.
describe.skipIf(!benchPresent())("a window parsed from the whole document's tree", () => {
  it('is the tree of a fresh parse of the window, even when every parse may pause (tree-sitter reads which ranges changed only when a parse starts): every 7th benchmark task', async () => {
    const sliced = createNodeValidator({ sliceMs: 0, yieldToEvents: () => new Promise((resolve) => setImmediate(resolve)) });
    const differ: string[] = [];
    let n = 0;
    for (const [i, t] of loadAllTasks().entries()) {
      if (i % 7) continue;
      const l = await sliced.load(t.language);
      if (typeof l === 'string') throw new Error(l);
      const text = t.prefix + t.suffix; // broken where the middle is missing: recovery is where a wrong reuse shows
      const whole = l.parser.parse(text)!;
      const spans = cutWindow(whole, t.prefix.length, text.length).spans;
      const ranges = rangesBefore(spans, (offset) => pointAt(text, offset));
      const fresh = l.parser.parse(text, null, { includedRanges: ranges })!;
      const from = whole.copy();
      const reused = (await sliced.parseInSlices(l.grammar, text, { oldTree: from, includedRanges: ranges }))!;
      if (spans.length > 1) n++;
      if (reused.rootNode.toString() !== fresh.rootNode.toString()) differ.push(`${t.set} ${t.id}`);
      for (const tree of [whole, fresh, from, reused]) tree.delete();
    }
    expect(n).toBeGreaterThan(400); // windows that cut something
    expect(differ).toEqual([]); // 9 of 450 differed when such a parse could pause
  });
});

describe('a parse paused and resumed many times gives the verdicts of the parse in one go', () => {
  it('random edits with every parse cut into tiny slices, other checks running in between: trees equal a fresh parse (where the text is clean), verdicts equal a full check of what the window sees', async () => {
    // sliceMs 0: every progress check (about a hundred parser steps) pauses the parse; setImmediate keeps the test fast.
    const sliced = createNodeValidator({ sliceMs: 0, yieldToEvents: () => new Promise((resolve) => setImmediate(resolve)) });
    const plain = createNodeValidator({ sliceMs: Infinity });
    const docs = new LiveDocuments(sliced, { budgetMs: Infinity });
    const random = mulberry32(11);
    const alphabet = ['(', ')', '{', '}', ':', '\n', '    ', 'x', ' = ', '"', ';', 'if ', 'return ', '[', ']'];
    await docs.openDocument('Small.java', 'java', SMALL_HELD, 1);
    for (const [language, text0] of [
      ['python', bigPython(20_000)],
      ['java', bigJava(20_000)],
    ] as const) {
      let text = text0;
      expect(await docs.openDocument('f', language, text, 0)).toEqual({ ok: true });
      expect(await docs.treeString('f')).toBe(await freshTree(plain, language, text));
      for (let version = 1; version <= 15; version++) {
        const at = Math.floor(random() * (text.length + 1));
        const len = random() < 0.4 ? Math.min(text.length - at, Math.floor(random() * 6)) : 0;
        const ins = random() < 0.8 ? alphabet[Math.floor(random() * alphabet.length)] : '';
        text = text.slice(0, at) + ins + text.slice(at + len);
        // The edit and a check on another document, at once: the check runs in the edit's pauses.
        const [edited, other] = await Promise.all([
          docs.applyEdits('f', version, [{ rangeOffset: at, rangeLength: len, text: ins }], text.length),
          docs.validate(smallReq(version % 2 ? 'a * 2' : 'a * (2')),
        ]);
        expect(edited).toBe(true);
        expect(other).toMatchObject({ checked: true, valid: version % 2 === 1 });
        expect(docs.textOf('f')).toBe(text);
        const fresh = await freshParse(plain, language, text);
        if (!fresh.hasError) expect(await docs.treeString('f')).toBe(fresh.tree);
        const offset = Math.floor(random() * (text.length + 1));
        for (const completion of ['x = (1)', 'x = (1', '"', '}\n']) {
          const live = await checkHeld(docs, 'f', language, version, offset, completion);
          const full = await fullCheckAsTheWindowSees(docs, plain, 'f', language, offset, completion);
          expect([language, version, completion, live?.valid]).toEqual([language, version, completion, full.valid]);
        }
      }
    }
  });

  it.skipIf(!benchPresent())(
    `ground truths and their corruptions (every 7th task of ${BENCH_DIR}), pausing every ~100 parser steps: the verdicts of the parse in one go`,
    async () => {
      const sliced = createNodeValidator({ sliceMs: 0, yieldToEvents: () => new Promise((resolve) => setImmediate(resolve)) });
      const plain = createNodeValidator({ sliceMs: Infinity });
      const live = new LiveDocuments(sliced, { budgetMs: Infinity });
      const differ: string[] = [];
      let n = 0;
      for (const [i, t] of loadAllTasks().entries()) {
        if (i % 7) continue;
        await live.openDocument('t', t.language, t.prefix + t.suffix, 1);
        for (const completion of [t.middle, ...mutations(t).map((m) => m.middle)]) {
          const req = { language: t.language, prefix: t.prefix, completion, suffix: t.suffix };
          const reference = (await plain.validate(req)).valid;
          const full = (await sliced.validate(req)).valid;
          const windowed = (await checkHeld(live, 't', t.language, 1, t.prefix.length, completion))!.valid;
          n++;
          if (full !== reference || windowed !== reference) differ.push(`${t.set} ${t.id}: ${JSON.stringify(completion).slice(0, 80)}`);
        }
      }
      expect(n).toBeGreaterThan(2000);
      expect(differ).toEqual([]);
    },
  );
});
