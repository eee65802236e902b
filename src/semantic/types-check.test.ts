// The app's types check around a compiler service: one check at a time, a
// budget that says "not checked", a warm-up, and the merge into the names
// check's verdict. The services here are stand-ins (one slow on purpose); the
// rule over a real compiler is tested in type-diagnostics and typescript-types.
import { describe, expect, it } from 'vitest';
import { createTypesCheck, withTypes, type FindTypeErrors } from './types-check';
import { typeFindings, type Diagnose } from './type-diagnostics';
import type { SemanticVerdict } from './types';

const req = { language: 'typescript', prefix: 'const xs = [1];\n', completion: 'xs.sortt();', suffix: '\n' };
const missing: Diagnose = async (_name, text) =>
  text.includes('sortt') ? [{ code: 2551, start: 19, length: 5, messageText: "Property 'sortt' does not exist on type 'number[]'." }] : [];
/** The rule over a diagnostics service, as the browser's worker runs it. */
const over =
  (diagnose: Diagnose): FindTypeErrors =>
  (input) =>
    typeFindings(input, diagnose);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('createTypesCheck', () => {
  it('gives the findings of the one rule, with its time', async () => {
    const out = await createTypesCheck(over(missing)).check(req);
    expect(out).toMatchObject({ findings: [{ kind: 'type-error', name: 'TS2551', row: 1, column: 3 }] });
    expect(out.ms).toBeGreaterThanOrEqual(0);
  });

  it('a check past its budget says so, and the next one waits for the slow one to finish', async () => {
    let running = 0;
    let most = 0;
    const slow: Diagnose = async (...args) => {
      running++;
      most = Math.max(most, running);
      await sleep(60);
      running--;
      return missing(...args);
    };
    const check = createTypesCheck(over(slow));
    const first = await check.check({ ...req, budgetMs: 20 });
    expect(first).toMatchObject({ notChecked: 'over budget (20 ms)' });
    const second = await check.check({ ...req, budgetMs: 5_000 });
    expect(second).toMatchObject({ findings: [{ name: 'TS2551' }] });
    expect(most).toBe(1);
  });

  it('passes the workspace and the file on to the service', async () => {
    const seen: unknown[] = [];
    const find: FindTypeErrors = async (input, workspace) => (seen.push([input.file, workspace?.text('b.ts')]), []);
    const check = createTypesCheck(find);
    await check.check({ ...req, file: 'src/a.ts' }, { text: () => 'export {}' });
    await check.check(req);
    expect(seen).toEqual([
      ['src/a.ts', 'export {}'],
      [undefined, undefined],
    ]);
  });

  it('a window of a longer document, or a service that fails, is not checked, with why', async () => {
    expect(await createTypesCheck(over(missing)).check({ ...req, prefixStart: 10 })).toMatchObject({
      notChecked: expect.stringMatching(/^the text is a window of a longer document/),
    });
    const broken: Diagnose = async () => {
      throw new Error('worker gone');
    };
    expect(await createTypesCheck(over(broken)).check(req)).toMatchObject({ notChecked: 'worker gone' });
  });

  it('warms the service once, and a check behind a long warm-up is over budget, not a pass', async () => {
    const texts: string[] = [];
    const check = createTypesCheck(
      over(async (name, text, start, end, browser) => {
        texts.push(text);
        if (texts.length === 1) await sleep(80);
        return missing(name, text, start, end, browser);
      }),
    );
    expect(check.isWarm()).toBe(false);
    void check.warm();
    void check.warm();
    expect(await check.check({ ...req, budgetMs: 10 })).toMatchObject({ notChecked: 'over budget (10 ms)' });
    expect(check.isWarm()).toBe(false);
    await check.warm();
    expect(check.isWarm()).toBe(true);
    const warmed = texts.length;
    await check.warm();
    expect(texts.length).toBe(warmed);
  });
});

describe('withTypes', () => {
  const names: SemanticVerdict = {
    language: 'typescript',
    checked: true,
    findings: [{ kind: 'unresolved-name', name: 'countt', row: 0, column: 0, detail: 'd' }],
    checks: ['names'],
    notChecked: [{ kind: 'types', reason: 'no TypeScript service here' }],
    ms: 3,
  };
  const typeError = { kind: 'type-error' as const, name: 'TS2551', row: 0, column: 5, detail: 'x' };

  it('adds the type errors and replaces the "no service" note', () => {
    const v = withTypes(names, { findings: [typeError], ms: 12 });
    expect(v).toMatchObject({ checked: true, checks: ['names', 'types'], ms: 12, typesMs: 12 });
    expect(v.findings.map((f) => f.name)).toEqual(['countt', 'TS2551']);
    expect(v.notChecked).toBeUndefined();
  });

  it('lists a types check that did not run as not checked, never as a pass', () => {
    const v = withTypes(names, { notChecked: 'over budget (50 ms)', ms: 50 });
    expect(v.checks).toEqual(['names']);
    expect(v.notChecked).toEqual([{ kind: 'types', reason: 'over budget (50 ms)' }]);
  });

  it('keeps a found type error when the names check could not run', () => {
    const unchecked: SemanticVerdict = {
      language: 'typescript',
      checked: false,
      uncheckedReason: 'timed out',
      findings: [],
      checks: [],
      ms: 50,
    };
    expect(withTypes(unchecked, { findings: [], ms: 4 })).toMatchObject({ checked: false, uncheckedReason: 'timed out' });
    const v = withTypes(unchecked, { findings: [typeError], ms: 4 });
    expect(v).toMatchObject({ checked: true, checks: ['types'], notChecked: [{ kind: 'names', reason: 'timed out' }] });
    expect(v.uncheckedReason).toBeUndefined();
  });
});
