// Alternative suggestions for one request, cycled with Alt+] and Alt+[: where
// the router escalated and the local model's own answer is one the user may
// see, both are offered, each with its own provenance for the badge.
import type { CompletionResult } from './pipeline';

/**
 * The results to offer, the router's choice first. One, unless the large
 * model answered and the local answer is a distinct, whole, syntactically
 * sound suggestion (the rule the fallback follows: never show broken code).
 */
export function alternativesOf(r: CompletionResult): CompletionResult[] {
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
