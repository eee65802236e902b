import { describe, expect, it, vi } from 'vitest';
import { SECRET_SAMPLES } from '../../testing/privacy/secret-corpus';
import { clearSecretScanCache, findSecrets, guardOutgoing, prescanSecrets } from './secret-guard';

// Count the rule set's runs: each is one piece of text scanned rather than found in the cache.
const lintRuns = vi.hoisted(() => ({ count: 0 }));
vi.mock('@secretlint/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@secretlint/core')>();
  return { ...core, lintSource: (...args: Parameters<typeof core.lintSource>) => (lintRuns.count++, core.lintSource(...args)) };
});

function longFile(): string {
  let text = '';
  for (let i = 0; text.length < 400_000; i++) {
    text += `def total_${i}(items):\n    return sum(i.price * i.quantity for i in items) + ${i}\n\n`;
    if (i % 40 === 0) text += SECRET_SAMPLES[(i / 40) % SECRET_SAMPLES.length].text;
  }
  return text;
}

describe('prescanning a file for credentials', () => {
  it('leaves the escalation that follows nothing to scan, and finds what a cold scan finds', async () => {
    const text = longFile();
    clearSecretScanCache();
    const cold = await findSecrets(text);
    clearSecretScanCache();
    let pauses = 0;
    expect(await prescanSecrets(text, { pause: async () => void pauses++ })).toBe(true);
    expect(pauses).toBeGreaterThan(5); // many small slices, not one block
    lintRuns.count = 0;
    const cut = text.length >> 1;
    const guarded = await guardOutgoing(text.slice(0, cut), text.slice(cut), 'block');
    expect(lintRuns.count).toBe(0);
    expect(guarded.findings.length).toBe(cold.length);
    // After a keystroke only the edited chunk and the seams beside it are scanned again.
    await guardOutgoing(`${text.slice(0, cut)}x`, text.slice(cut), 'block');
    expect(lintRuns.count).toBeGreaterThan(0);
    expect(lintRuns.count).toBeLessThanOrEqual(3);
  });

  it('stops at the next piece when the signal aborts (the next keystroke)', async () => {
    clearSecretScanCache();
    const ac = new AbortController();
    lintRuns.count = 0;
    const done = await prescanSecrets(longFile(), { signal: ac.signal, pause: async () => ac.abort() });
    expect(done).toBe(false);
    expect(lintRuns.count).toBe(1);
  });

  it("secretlint's profiler leaves no marks on the timeline (they would pile up over a day of escalations)", async () => {
    const before = performance.getEntriesByType('mark').length;
    await findSecrets(`token = "${'a1B2'.repeat(10)}"\n`.repeat(3));
    expect(performance.getEntriesByType('mark').length).toBe(before);
  });
});
