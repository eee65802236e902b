import type { CompletionResult } from '../completion/pipeline';

const LABEL: Record<CompletionResult['route'], string> = {
  local: 'Local',
  escalated: 'Escalated',
  blocked: 'Kept local',
  failed: 'Escalation failed',
};

/** Where the suggestion on screen came from, and whether any code left the machine. */
/** `seq` counts results shown this session (a hook for tests and the stats). */
export function PrivacyBadge({ result, pending, seq }: { result: CompletionResult | null; pending: boolean; seq: number }) {
  if (!result) {
    return (
      <div className="badge badge-none" data-testid="privacy-badge" data-route="none" data-seq={seq} role="status" aria-live="polite">
        <strong>{pending ? 'Completing…' : 'No suggestion yet'}</strong>
        <span>Nothing has left this machine.</span>
      </div>
    );
  }
  const left = result.bytesSent > 0;
  return (
    <div className={`badge badge-${result.route}`} data-testid="privacy-badge" data-route={result.route} data-seq={seq}
      data-reasons={result.decision.escalateBecause.join(',')} role="status" aria-live="polite">
      <strong>{LABEL[result.route]}</strong>
      <span data-testid="badge-summary">{result.summary}</span>
      <span data-testid="badge-egress">
        {left ? `${result.bytesSent} bytes of code sent to ${result.destination}` : 'No code left this machine.'}
      </span>
      {pending && <em>updating…</em>}
    </div>
  );
}
