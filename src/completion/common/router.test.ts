import { describe, expect, it } from 'vitest';
import { decideRoute, semanticCheckAsked } from './router';
import type { RouterConfig, SyntaxVerdict, TokenProb } from '../../vocabulary/types';
import type { SemanticFinding, SemanticVerdict } from '../../semantic/types';

const tokens = (...probs: number[]): TokenProb[] => probs.map((prob, id) => ({ id, text: 'x', prob }));
const valid: SyntaxVerdict = { checked: true, valid: true, errors: [], preexistingErrors: 0, ms: 0.2, language: 'python' };
const invalid: SyntaxVerdict = {
  ...valid,
  valid: false,
  errors: [{ kind: 'missing', row: 3, column: 0, detail: ')' }],
};
const unchecked: SyntaxVerdict = { ...valid, checked: false, valid: false, language: 'cobol' };
const cfg = (over: Partial<RouterConfig> = {}): RouterConfig => ({
  policy: 'syntax+confidence',
  threshold: 0.5,
  aggregation: 'mean',
  ...over,
});

describe('syntax + confidence routing', () => {
  it('keeps a valid, confident completion and says why', () => {
    const d = decideRoute({ tokens: tokens(0.9, 0.8), syntax: valid }, cfg());
    expect(d.action).toBe('keep');
    expect(d.confidence).toBeCloseTo(0.85);
    expect(d.escalateBecause).toEqual([]);
    expect(d.reasons.map((r) => [r.kind, r.status])).toEqual([
      ['syntax', 'pass'],
      ['confidence', 'pass'],
    ]);
  });

  it('escalates a confident completion that introduces a syntax error, with the error in the reason', () => {
    const d = decideRoute({ tokens: tokens(0.99, 0.99), syntax: invalid }, cfg());
    expect(d.action).toBe('escalate');
    expect(d.escalateBecause).toEqual(['syntax']);
    expect(d.reasons[0].message).toContain('missing ) at 4:1');
  });

  it('escalates a valid but uncertain completion, carrying the numbers', () => {
    const d = decideRoute({ tokens: tokens(0.3, 0.4), syntax: valid }, cfg());
    expect(d.escalateBecause).toEqual(['confidence']);
    const r = d.reasons.find((x) => x.kind === 'confidence')!;
    expect(r.value).toBeCloseTo(0.35);
    expect(r.threshold).toBe(0.5);
  });

  it('lists both reasons when both fail', () => {
    const d = decideRoute({ tokens: tokens(0.1), syntax: invalid }, cfg());
    expect(d.escalateBecause).toEqual(['syntax', 'confidence']);
  });

  it('treats the threshold as inclusive', () => {
    expect(decideRoute({ tokens: tokens(0.5), syntax: valid }, cfg()).action).toBe('keep');
    expect(decideRoute({ tokens: tokens(0.4999), syntax: valid }, cfg()).action).toBe('escalate');
  });

  it('uses the selected aggregation: min catches one weak token that mean hides', () => {
    const t = tokens(0.99, 0.99, 0.99, 0.2);
    expect(decideRoute({ tokens: t, syntax: valid }, cfg({ aggregation: 'mean' })).action).toBe('keep');
    const d = decideRoute({ tokens: t, syntax: valid }, cfg({ aggregation: 'min' }));
    expect(d.action).toBe('escalate');
    expect(d.confidence).toBeCloseTo(0.2);
  });

  it('an empty completion has no confidence and is escalated', () => {
    const d = decideRoute({ tokens: [], syntax: valid }, cfg());
    expect(d.confidence).toBe(0);
    expect(d.action).toBe('escalate');
  });

  it('an unchecked language is shown as not checked, not as a pass, and confidence decides', () => {
    const d = decideRoute({ tokens: tokens(0.9), syntax: unchecked }, cfg());
    expect(d.action).toBe('keep');
    const s = d.reasons.find((r) => r.kind === 'syntax')!;
    expect(s.status).toBe('info');
    expect(s.message).toContain('not checked');
  });
});

describe('baselines', () => {
  it('confidence-only keeps a confident invalid completion (the failure syntax routing fixes)', () => {
    const d = decideRoute({ tokens: tokens(0.99), syntax: invalid }, cfg({ policy: 'confidence-only' }));
    expect(d.action).toBe('keep');
    expect(d.reasons.find((r) => r.kind === 'syntax')!.status).toBe('info');
  });
  it('always-local keeps everything, always-escalate escalates everything, with a policy reason', () => {
    const a = decideRoute({ tokens: tokens(0.01), syntax: invalid }, cfg({ policy: 'always-local' }));
    expect(a.action).toBe('keep');
    const b = decideRoute({ tokens: tokens(0.99), syntax: valid }, cfg({ policy: 'always-escalate' }));
    expect(b.action).toBe('escalate');
    expect(b.escalateBecause).toEqual(['policy']);
  });
  it('rejects an unknown policy clearly', () => {
    expect(() => decideRoute({ tokens: tokens(1), syntax: valid }, cfg({ policy: 'sometimes' as never }))).toThrow(
      /Unknown routing policy "sometimes"/,
    );
  });
});

describe('syntax + confidence + semantic routing', () => {
  const semantic = (over: Partial<SemanticVerdict> = {}): SemanticVerdict => ({
    language: 'python',
    checked: true,
    findings: [],
    checks: ['names'],
    ms: 0.3,
    ...over,
  });
  const finding = (name: string): SemanticFinding => ({
    kind: 'unresolved-name',
    name,
    row: 1,
    column: 4,
    detail: `\`${name}\` is not defined`,
  });
  const policy = cfg({ policy: 'syntax+confidence+semantic' });

  it('keeps a valid, confident completion that uses nothing missing, the semantic pass among the reasons', () => {
    const d = decideRoute({ tokens: tokens(0.9), syntax: valid, semantic: semantic() }, policy);
    expect(d.action).toBe('keep');
    expect(d.reasons.map((r) => [r.kind, r.status])).toEqual([
      ['syntax', 'pass'],
      ['semantic', 'pass'],
      ['confidence', 'pass'],
    ]);
  });

  it('escalates a confident, valid completion that uses names that resolve nowhere, naming them', () => {
    const d = decideRoute(
      {
        tokens: tokens(0.99),
        syntax: valid,
        semantic: semantic({ findings: [finding('numbrs'), finding('is_prime'), finding('numbrs')] }),
      },
      policy,
    );
    expect(d.action).toBe('escalate');
    expect(d.escalateBecause).toEqual(['semantic']);
    const r = d.reasons.find((x) => x.kind === 'semantic')!;
    expect(r.names).toEqual(['numbrs', 'is_prime']);
    expect(r.message).toContain('numbrs, is_prime');
    expect(r.message).toContain('at 2:5');
  });

  it('a type error escalates too, counted apart from the missing names (its code is no name)', () => {
    const typeError: SemanticFinding = { kind: 'type-error', name: 'TS2365', row: 0, column: 9, detail: "Operator '+' cannot be applied" };
    const only = decideRoute({ tokens: tokens(0.99), syntax: valid, semantic: semantic({ findings: [typeError] }) }, policy);
    expect(only.action).toBe('escalate');
    const r = only.reasons.find((x) => x.kind === 'semantic')!;
    expect(r.names).toBeUndefined();
    expect(r.message).toMatch(/^introduces 1 type error\(s\) \(first: Operator/);
    const both = decideRoute(
      { tokens: tokens(0.99), syntax: valid, semantic: semantic({ findings: [finding('countt'), typeError] }) },
      policy,
    ).reasons.find((x) => x.kind === 'semantic')!;
    expect(both.names).toEqual(['countt']);
    expect(both.message).toMatch(/^uses what is not there: countt; introduces 1 type error\(s\)/);
  });

  it('a check that did not run, timed out or has no checker is info, never a failure', () => {
    for (const s of [
      undefined,
      semantic({ checked: false, uncheckedReason: 'timed out (over 50 ms)' }),
      semantic({ checked: false, language: 'go', uncheckedReason: 'no semantic checker for go' }),
    ]) {
      const d = decideRoute({ tokens: tokens(0.9), syntax: valid, semantic: s }, policy);
      expect(d.action).toBe('keep');
      const r = d.reasons.find((x) => x.kind === 'semantic')!;
      expect(r.status).toBe('info');
      expect(r.message).toMatch(/^not checked: /);
    }
  });

  it('the other policies ignore a semantic finding', () => {
    const s = semantic({ findings: [finding('nope')] });
    expect(decideRoute({ tokens: tokens(0.9), syntax: valid, semantic: s }, cfg()).action).toBe('keep');
    expect(semanticCheckAsked({ policy: 'syntax+confidence' })).toBe(false);
    expect(semanticCheckAsked({ policy: 'syntax+confidence+semantic' })).toBe(true);
  });
});
