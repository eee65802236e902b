// A pipeline result as the host receives it: a range edit at the cursor and
// the provenance a badge shows, frozen. The pipeline's own record (the local
// tokens, the syntax errors, the escalation's details) stays inside.
import type { CompletionResult } from '../../../src/completion/pipeline';
import type { Delivery } from '../../../src/vocabulary/types';
import { deepFrozenCopy } from './frozen';
import type { Provenance, Suggestion } from './types';

/**
 * Where the request's body is: none handed to fetch(), or its delivery state.
 * The same reading as the IDE's badge (src/app/delivery.ts): a failure that
 * does not say is `unknown`, since over-reporting is safe and under-reporting is not.
 */
function deliveryOf(r: CompletionResult): Delivery | 'none' {
  if (r.route === 'escalated') return 'delivered';
  if (r.route !== 'failed' || !r.bytesSent) return 'none';
  return r.escalation?.delivery ?? 'unknown';
}

export function provenanceOf(r: CompletionResult): Provenance {
  const d = r.decision;
  return {
    route: r.route,
    summary: r.summary,
    reasons: d.escalateBecause,
    confidence: d.confidence,
    threshold: d.threshold,
    policy: d.policy,
    syntax: { checked: r.syntax.checked, valid: r.syntax.valid },
    source: r.alternative?.source ?? (r.route === 'escalated' ? 'escalated' : 'local'),
    model: r.local.model,
    device: r.local.device,
    bytesSent: r.bytesSent,
    ...(r.destination && { destination: r.destination }),
    delivery: deliveryOf(r),
    ...(r.blockedBy && { blockedBy: r.blockedBy }),
    ...(r.redactions && { redactions: r.redactions }),
    latencyMs: r.latencyMs,
  };
}

/** The suggestion for result `r` of a request whose cursor was at `cursor`: an insertion there (an empty range). */
export function suggestionOf(id: string, index: number, r: CompletionResult, cursor: number): Suggestion {
  return deepFrozenCopy({ id, index, edit: { from: cursor, to: cursor, text: r.text }, provenance: provenanceOf(r) });
}
