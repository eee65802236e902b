import { describe, expect, it } from 'vitest';
import type { CompletionResult } from '../completion/common/pipeline';
import { semanticText, syntaxVerdictText, windowText, withheldText } from './completion-details-text';

type Semantic = NonNullable<CompletionResult['semantic']>;
const semantic = (s: Partial<Semantic>): Semantic => ({ language: 'python', checked: true, findings: [], checks: [], ms: 1.234, ...s });

describe('completion details text', () => {
  it('the context window says when it was cut around the cursor', () => {
    expect(windowText({ prefixTokens: 100, suffixTokens: 20, truncated: false } as never)).toBe(' Context 100 + 20 tokens.');
    expect(windowText({ prefixTokens: 1000, suffixTokens: 200, truncated: true } as never)).toBe(
      ' Context 1000 + 200 tokens (windowed around the cursor).',
    );
    expect(windowText(undefined)).toBe('');
  });
  it('context kept back from the large model is named with why', () => {
    expect(withheldText(undefined)).toBeNull();
    expect(withheldText({ withheldContext: [{ file: '.env', why: 'excluded by the privacy rules' }] } as never)).toBe(
      ' Kept back from the large model: .env (excluded by the privacy rules).',
    );
  });
  it('a syntax check that did not run is said, never shown as a pass', () => {
    expect(syntaxVerdictText({ checked: false } as never)).toBe('not checked');
    expect(syntaxVerdictText({ checked: true, valid: true } as never)).toBe('valid');
    expect(syntaxVerdictText({ checked: true, valid: false, errors: [{}, {}] } as never)).toBe('invalid (2 introduced)');
  });
  it('the semantic sentence gives findings or why not checked, skipped analyses and the times', () => {
    expect(semanticText(semantic({}))).toBe(' Semantic check 0 finding(s) in 1.23 ms.');
    expect(
      semanticText(
        semantic({
          checked: false,
          uncheckedReason: 'timed out',
          notChecked: [{ kind: 'types', reason: 'no project' }],
          typesMs: 0.5,
        } as Partial<Semantic>),
      ),
    ).toBe(' Semantic check not checked (timed out); types not checked: no project in 1.23 ms (types 0.50 ms).');
  });
});
