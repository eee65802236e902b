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

  it('adds the second-best start to a single answer, numbered and named, and to nothing else', () => {
    const kept = escalated({ route: 'local', text: 'a + b', summary: 'local on wasm, confidence 0.98' });
    const second = escalated({ route: 'local', text: 'b + b', summary: "the local model's second-best start", bytesSent: 0 });
    const [a, b, ...rest] = alternativesOf(kept, second);
    expect(rest).toEqual([]);
    expect(a).toMatchObject({
      text: 'a + b',
      summary: 'local on wasm, confidence 0.98',
      alternative: { index: 1, count: 2, source: 'local' },
    });
    expect(b).toMatchObject({ text: 'b + b', alternative: { index: 2, count: 2, source: 'second-best' } });
    // A large model's single answer keeps its name.
    const alone = escalated({}, { text: 'a + (b' });
    expect(alternativesOf(alone, second)[0].alternative?.source).toBe('escalated');
    // Not where two answers are offered already, nor the same text, nor an empty one, nor after an empty suggestion.
    expect(alternativesOf(escalated(), second).map((r) => r.alternative?.source)).toEqual(['escalated', 'local']);
    expect(alternativesOf(kept, { ...second, text: 'a + b' })).toHaveLength(1);
    expect(alternativesOf(kept, { ...second, text: ' ' })).toHaveLength(1);
    expect(alternativesOf({ ...kept, text: '' }, second)).toHaveLength(1);
  });
});
