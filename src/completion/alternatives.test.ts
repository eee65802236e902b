import { describe, expect, it } from 'vitest';
import { alternativesOf } from './alternatives';
import type { CompletionResult } from './pipeline';

function escalated(over: Partial<CompletionResult> = {}, local: Partial<CompletionResult['local']> = {}): CompletionResult {
  return {
    text: 'a - b',
    route: 'escalated',
    summary: 'escalated to 127.0.0.1: confidence',
    bytesSent: 120,
    destination: '127.0.0.1',
    latencyMs: 10,
    decision: { action: 'escalate', confidence: 0.35, reasons: [], escalateBecause: ['confidence'] },
    local: { text: 'a + b', tokens: [], device: 'wasm', finish: 'stop', ...local },
    syntax: { checked: true, valid: true, language: 'python' },
    ...over,
  } as unknown as CompletionResult;
}

describe('alternativesOf', () => {
  it('offers the large model first and the local answer second, each saying which it is', () => {
    const [first, second, ...rest] = alternativesOf(escalated());
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ text: 'a - b', route: 'escalated', alternative: { index: 1, count: 2, source: 'escalated' } });
    expect(second).toMatchObject({ text: 'a + b', alternative: { index: 2, count: 2, source: 'local' } });
    expect(second.summary).toContain("local model's suggestion");
    expect(second.summary).toContain('confidence 0.35');
    // The request's egress stays on both: the code left for this request either way.
    expect(second.bytesSent).toBe(120);
  });

  it('offers one where there is no second answer worth showing', () => {
    const one = (r: CompletionResult) => alternativesOf(r).length;
    expect(one(escalated({ route: 'local', text: 'a + b' }))).toBe(1);
    expect(one(escalated({ route: 'failed' }))).toBe(1);
    expect(one(escalated({}, { text: 'a - b' }))).toBe(1); // the same text
    expect(one(escalated({}, { text: '  ' }))).toBe(1);
    expect(one(escalated({}, { finish: 'early' } as never))).toBe(1); // partial
    expect(one(escalated({ syntax: { checked: true, valid: false, language: 'python' } } as never))).toBe(1); // broken code
    expect(alternativesOf(escalated({ route: 'local', text: 'x' }))[0].alternative).toBeUndefined();
  });
});
