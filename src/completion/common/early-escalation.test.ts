import { describe, expect, it } from 'vitest';
import { BracketScanner } from './bracket-scan';
import { earlyEscalationCheck, parseEarlyReason } from './early-escalation';
import type { LanguageId, RouterConfig } from '../../vocabulary/types';

/**
 * The first closing bracket in `added` that cannot match the innermost open
 * bracket left by `before` + what precedes it in `added`: the check each
 * step of early escalation makes.
 */
const firstUnrepairableBracket = (language: LanguageId, before: string, added: string) =>
  BracketScanner.forPrefix(language, before)?.check(added);

const router = (over: Partial<RouterConfig> = {}): RouterConfig => ({
  policy: 'syntax+confidence',
  threshold: 0.5,
  aggregation: 'min',
  ...over,
});
const toks = (...p: number[]) => p.map((prob, id) => ({ id, text: 'x', prob }));

describe('confidence upper bound', () => {
  // The bound the confidence reason reports: with a threshold of 1 every bound under 1 stops generation and says it.
  const confidenceUpperBound = (probs: number[], cfg: RouterConfig, maxNewTokens: number) => {
    const check = earlyEscalationCheck({ router: { ...cfg, threshold: 1 }, language: 'python', prefix: '', maxNewTokens })!;
    const reason = parseEarlyReason(check({ tokens: toks(...probs), text: '' })!);
    expect(reason.kind).toBe('confidence');
    return Number(/can reach at most ([\d.]+) </.exec(reason.message)![1]);
  };

  it('min cannot recover from one weak token; mean and geomean can, until the budget runs out', () => {
    expect(confidenceUpperBound([0.9, 0.2], router(), 10)).toBeCloseTo(0.2);
    expect(confidenceUpperBound([0.2], router({ aggregation: 'mean' }), 4)).toBeCloseTo((0.2 + 3) / 4);
    expect(confidenceUpperBound([0.2, 0.2, 0.2, 0.2], router({ aggregation: 'mean' }), 4)).toBeCloseTo(0.2);
    expect(confidenceUpperBound([0.25], router({ aggregation: 'geomean' }), 2)).toBeCloseTo(0.5);
  });
});

describe('unrepairable brackets', () => {
  it('finds a closer of the wrong kind in the generated text', () => {
    expect(firstUnrepairableBracket('python', 'x = foo(', 'a, b]')).toEqual({ closer: ']', opener: '(' });
    expect(firstUnrepairableBracket('java', 'int[] a = {', '1, 2)')).toEqual({ closer: ')', opener: '{' });
  });
  it('ignores brackets in strings and comments, and matching closers', () => {
    expect(firstUnrepairableBracket('python', 'x = foo(', 'a, "]", b)  # ]')).toBeUndefined();
    expect(firstUnrepairableBracket('cpp', 'f(', "a, ']', /* ] */ b)")).toBeUndefined();
    expect(firstUnrepairableBracket('python', 's = """(\n', '"""]')).toBeUndefined();
  });
  it('is not certain about closers with nothing open (the prefix may be windowed) or in prefix text', () => {
    expect(firstUnrepairableBracket('python', 'x = 1\n', ')')).toBeUndefined();
    expect(firstUnrepairableBracket('python', 'a = (]\nb = ', '1')).toBeUndefined();
  });
  it('a one-line string ends at the newline', () => {
    expect(firstUnrepairableBracket('cpp', 'f("abc\n(', ']')).toEqual({ closer: ']', opener: '(' });
  });
  it('does not judge languages it does not lex', () => {
    expect(firstUnrepairableBracket('javascript', 'f(', ']')).toBeUndefined();
  });
});

describe('earlyEscalationCheck', () => {
  const base = { language: 'python', prefix: 'def f(a):\n    return g(', maxNewTokens: 8 };
  it('stops on certain low confidence', () => {
    const check = earlyEscalationCheck({ ...base, router: router() })!;
    expect(check({ tokens: toks(0.9), text: 'a' })).toBeUndefined();
    const r = check({ tokens: toks(0.9, 0.1), text: 'a,' })!;
    expect(parseEarlyReason(r)).toMatchObject({ kind: 'confidence' });
  });
  it('stops on an unrepairable bracket only under syntax+confidence', () => {
    const check = earlyEscalationCheck({ ...base, router: router() })!;
    expect(parseEarlyReason(check({ tokens: toks(0.99, 0.99), text: 'a]' })!)).toMatchObject({ kind: 'syntax' });
    const confOnly = earlyEscalationCheck({ ...base, router: router({ policy: 'confidence-only' }) })!;
    expect(confOnly({ tokens: toks(0.99, 0.99), text: 'a]' })).toBeUndefined();
  });
  it('never stops always-local; always-escalate stops at once', () => {
    expect(earlyEscalationCheck({ ...base, router: router({ policy: 'always-local' }) })).toBeUndefined();
    expect(
      parseEarlyReason(earlyEscalationCheck({ ...base, router: router({ policy: 'always-escalate' }) })!({ tokens: toks(1), text: 'a' })!)
        .kind,
    ).toBe('policy');
  });
});
