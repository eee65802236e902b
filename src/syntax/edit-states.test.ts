// The validator in files people are editing, on the committed corpus of
// edit states (testing/data/edit-states.jsonl.gz, labelled by the real
// compilers: scripts/make-edit-states.ts). For all 8 languages, in clean
// documents and with an unrelated error planted elsewhere: no correct
// completion is rejected, and completions that add an error are caught.
// "Not checked" (with its reason) is neither: it is counted apart.
import { describe, expect, it } from 'vitest';
import { createNodeValidator } from './node-runtime';
import { CORPUS_LANGUAGES } from './testing/edit-states';
import { corpusPresent, corpusTable, loadCorpus, runCorpus } from './testing/edit-states-corpus';

/**
 * Where the validator stands on this corpus today (docs/syntax-validation.md
 * has the table): no false rejection anywhere, clean or broken; the share
 * caught is a regression bound, NOT the target (>= 95%), which it
 * does not meet everywhere yet (the doc says why, per language). A change
 * that lowers a number here should lower the bound with it.
 */
const KNOWN: Record<string, { brokenFalseRejections: number; caughtClean: number; caughtBroken: number }> = {
  python: { brokenFalseRejections: 0, caughtClean: 0.94, caughtBroken: 0.8 },
  java: { brokenFalseRejections: 0, caughtClean: 0.99, caughtBroken: 0.93 },
  cpp: { brokenFalseRejections: 0, caughtClean: 0.99, caughtBroken: 0.98 },
  csharp: { brokenFalseRejections: 0, caughtClean: 0.89, caughtBroken: 0.81 },
  javascript: { brokenFalseRejections: 0, caughtClean: 0.99, caughtBroken: 0.94 },
  typescript: { brokenFalseRejections: 0, caughtClean: 0.93, caughtBroken: 0.89 },
  go: { brokenFalseRejections: 0, caughtClean: 0.99, caughtBroken: 0.91 },
  rust: { brokenFalseRejections: 0, caughtClean: 0.96, caughtBroken: 0.72 },
};

describe.skipIf(!corpusPresent())('edit states: real programs with unrelated errors planted, labels from real compilers', () => {
  it('rejects no correct completion in clean documents, and stays within its measured bounds in broken ones', async () => {
    const validator = createNodeValidator();
    const tasks = loadCorpus();
    const result = await runCorpus(tasks, (req) => validator.validate(req));
    console.log(`${corpusTable(result)}\n\nfirst false rejections:\n${result.rejected.join('\n')}`);
    expect(Object.keys(result.tallies).sort()).toEqual([...CORPUS_LANGUAGES].sort());
    for (const [language, row] of Object.entries(result.tallies)) {
      const known = KNOWN[language];
      expect(row.clean.goodCases, `${language} clean`).toBeGreaterThan(30);
      expect(row.broken.goodCases, `${language} broken`).toBeGreaterThan(300);
      expect(row.clean.falseRejections, `${language} clean: false rejections`).toBe(0);
      expect(row.broken.falseRejections, `${language} broken: false rejections`).toBeLessThanOrEqual(known.brokenFalseRejections);
      expect(row.clean.caught / row.clean.badCases, `${language} clean: caught`).toBeGreaterThanOrEqual(known.caughtClean);
      expect(row.broken.caught / row.broken.badCases, `${language} broken: caught`).toBeGreaterThanOrEqual(known.caughtBroken);
    }
  }, 900_000);
});

if (!corpusPresent()) {
  describe('edit states', () => {
    it.skip('skipped: src/syntax/testing/data/edit-states.jsonl.gz not found (make it with `npx tsx scripts/make-edit-states.ts`)', () => {});
  });
}
