import { describe, expect, it } from 'vitest';
import { DiagnosticsCache } from './diagnostics-cache';

const diagnostics = (code: number) => [{ code, messageText: `error ${code}` }];

describe('DiagnosticsCache', () => {
  it('answers the same text, region and environment only', () => {
    const cache = new DiagnosticsCache();
    const files = new Map([['a.ts', 'export const a = 1;']]);
    const env = ['links', ...files.values()];
    cache.set(env, 'input.ts', 'const x = 1;', 3, 5, diagnostics(1));
    expect(cache.get(['links', 'export const a = 1;'], 'input.ts', 'const x = 1;', 3, 5)).toEqual(diagnostics(1));
    expect(cache.get(env, 'input.ts', 'const x = 2;', 3, 5)).toBeUndefined();
    expect(cache.get(env, 'input.ts', 'const x = 1;', 3, 6)).toBeUndefined();
    expect(cache.get(env, 'input.tsx', 'const x = 1;', 3, 5)).toBeUndefined();
    // An imported file changed: the answer may differ.
    expect(cache.get(['links', 'export const a = "1";'], 'input.ts', 'const x = 1;', 3, 5)).toBeUndefined();
    expect(cache.get(['other links', ...files.values()], 'input.ts', 'const x = 1;', 3, 5)).toBeUndefined();
  });

  it('keeps the most recently used entries', () => {
    const cache = new DiagnosticsCache();
    for (let i = 0; i < 8; i++) cache.set([], 'input.ts', `text ${i}`, 0, 0, diagnostics(i));
    expect(cache.get([], 'input.ts', 'text 0', 0, 0)).toEqual(diagnostics(0));
    cache.set([], 'input.ts', 'text 8', 0, 0, diagnostics(8));
    expect(cache.get([], 'input.ts', 'text 0', 0, 0)).toEqual(diagnostics(0));
    expect(cache.get([], 'input.ts', 'text 1', 0, 0)).toBeUndefined();
  });
});
