// A pipeline result as the host receives it: a range edit at the cursor and
// the provenance a badge shows, frozen. The pipeline's own record (the local
// tokens, the syntax errors, the escalation's details) stays inside.
import type { CompletionResult } from '../../../src/completion/common/pipeline';
import { egressOf } from '../../../src/completion/common/egress';
import { deepFrozenCopy } from './frozen';
import type { Provenance, Suggestion } from './types';

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
    delivery: egressOf(r).state,
    ...(r.blockedBy && { blockedBy: r.blockedBy }),
    ...(r.redactions && { redactions: r.redactions }),
    latencyMs: r.latencyMs,
  };
}

/** The suggestion for result `r` of a request whose cursor was at `cursor`: an insertion there (an empty range). */
export function suggestionOf(id: string, index: number, r: CompletionResult, cursor: number): Suggestion {
  return deepFrozenCopy({ id, index, edit: { from: cursor, to: cursor, text: r.text }, provenance: provenanceOf(r) });
}
