// Early escalation (beyond the published method): stop local generation as
// soon as it is certain that the router will escalate, and escalate at once.
// Two certainties are cheap to see while decoding:
//  - confidence: even if every remaining token had probability 1, the
//    aggregated confidence could not reach the threshold;
//  - syntax: the partial text closes a bracket with the wrong kind, an error
//    that appending text can never repair.
import { BracketScanner } from './bracket-scan';
import { aggregateConfidence } from '../../vocabulary/confidence';
import type { LanguageId, RouterConfig, TokenProb } from '../../vocabulary/types';

type EarlyStopKind = 'confidence' | 'syntax' | 'policy';

interface EarlyStopInput {
  router: RouterConfig;
  language: LanguageId;
  /** The prefix the model sees (possibly windowed). */
  prefix: string;
  maxNewTokens: number;
}

/** Reasons are written `kind: message` so they survive the worker boundary as plain strings. */
export function parseEarlyReason(reason: string): { kind: EarlyStopKind; message: string } {
  const m = /^(confidence|syntax|policy): (.*)$/s.exec(reason);
  return m ? { kind: m[1] as EarlyStopKind, message: m[2] } : { kind: 'policy', message: reason };
}

/** The highest confidence the finished completion could still reach. */
function confidenceUpperBound(probs: readonly number[], cfg: RouterConfig, maxNewTokens: number): number {
  const remaining = Math.max(0, maxNewTokens - probs.length);
  // Every aggregation is non-decreasing in added certain tokens, so the best case is all of them.
  return aggregateConfidence(
    [...probs, ...Array<number>(remaining).fill(1)].map((prob) => ({ prob })),
    cfg.aggregation,
  );
}

/** The per-token check for the local generation, or undefined when early escalation cannot apply. */
export function earlyEscalationCheck(
  input: EarlyStopInput,
): ((partial: { tokens: readonly TokenProb[]; text: string }) => string | undefined) | undefined {
  const { router } = input;
  if (router.policy === 'always-local') return undefined;
  if (router.policy === 'always-escalate') return () => 'policy: always-escalate sends every request';
  // Per request: the scanner lexes the prefix once and then only what each step adds.
  const brackets =
    router.policy === 'syntax+confidence' || router.policy === 'syntax+confidence+semantic'
      ? BracketScanner.forPrefix(input.language, input.prefix)
      : undefined;
  return ({ tokens, text }) => {
    const bound = confidenceUpperBound(
      tokens.map((t) => t.prob),
      router,
      input.maxNewTokens,
    );
    if (bound < router.threshold) {
      return `confidence: ${router.aggregation} confidence can reach at most ${bound.toFixed(3)} < ${router.threshold} after ${tokens.length} token(s)`;
    }
    if (brackets) {
      const bad = brackets.check(text);
      if (bad) return `syntax: "${bad.closer}" closes "${bad.opener}" after ${tokens.length} token(s); no continuation can repair it`;
    }
    return undefined;
  };
}
