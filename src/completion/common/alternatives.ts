// Alternative suggestions for one request, cycled with Alt+] and Alt+[: where
// the router escalated and the local model's own answer is one the user may
// see, both are offered, each with its own provenance for the badge. Where
// there is one answer, the local model's second-best start (second-best.ts),
// asked for when the user asks for another, joins it.
import type { CompletionResult } from './pipeline';

/**
 * The results to offer, the router's choice first. One, unless the large
 * model answered and the local answer is a distinct, whole, syntactically
 * sound suggestion (the rule the fallback follows: never show broken code),
 * or a second-best start is given (only where there is one answer, and only
 * a text not already offered).
 */
export function alternativesOf(r: CompletionResult, secondBest?: CompletionResult): CompletionResult[] {
  const answers = answersOf(r);
  if (!secondBest || answers.length > 1 || !r.text || !secondBest.text.trim() || secondBest.text === r.text) return answers;
  return [
    { ...r, alternative: { index: 1, count: 2, source: r.route === 'escalated' ? 'escalated' : 'local' } },
    { ...secondBest, alternative: { index: 2, count: 2, source: 'second-best' } },
  ];
}

/** The router's choice, and the local answer where the router escalated past a good one. */
function answersOf(r: CompletionResult): CompletionResult[] {
  if (r.route !== 'escalated' || !r.text) return [r];
  const local = r.local.text;
  if (!local.trim() || local === r.text || r.local.finish === 'early' || (r.syntax.checked && !r.syntax.valid)) return [r];
  const why = r.decision.escalateBecause.join(' + ') || 'policy';
  return [
    {
      ...r,
      alternative: { index: 1, count: 2, source: 'escalated' },
      summary: `${r.summary} (alternative 1 of 2; Alt+] shows the local model's)`,
    },
    {
      ...r,
      text: local,
      alternative: { index: 2, count: 2, source: 'local' },
      summary: `the local model's suggestion (on ${r.local.device}, confidence ${r.decision.confidence.toFixed(2)}), not the router's choice: it escalated (${why}); alternative 2 of 2, Alt+[ shows the large model's`,
    },
  ];
}
