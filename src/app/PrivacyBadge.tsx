import type { CompletionResult } from '../completion/common/pipeline';
import type { CompletionStore } from './completion-state';
import { DELIVERY_MEANING, egressOf, egressSentence } from './delivery';
import { Icon, type IconName } from './Icon';
import { useStore } from './store';

export const ROUTE_LABEL: Record<CompletionResult['route'], string> = {
  local: 'Local',
  escalated: 'Escalated',
  blocked: 'Kept local',
  failed: 'Escalation failed',
};

export const ROUTE_ICON: Record<CompletionResult['route'], IconName> = {
  local: 'shield',
  escalated: 'cloudUpload',
  blocked: 'lock',
  failed: 'error',
};

const ALTERNATIVE_SOURCE: Record<NonNullable<CompletionResult['alternative']>['source'], string> = {
  escalated: "large model's",
  local: "local model's",
  'second-best': "local model's second-best",
};

/** What left the machine for this result, in words: delivered, not delivered, delivery unknown, or nothing. */
function egressWords(result: CompletionResult): string {
  return egressSentence(result);
}

/** Where the suggestion on screen came from, and whether any code left the machine. */
/** `data-seq` counts results shown this session (a hook for tests and the stats). */
export function PrivacyBadge({ completion }: { completion: CompletionStore }) {
  const { result, pending, seq } = useStore(completion);
  if (!result) {
    return (
      <div className="badge badge-none" data-testid="privacy-badge" data-route="none" data-seq={seq} role="status" aria-live="polite">
        <strong>
          <Icon name="shield" /> {pending ? 'Completing…' : 'No suggestion yet'}
        </strong>
        <span>Nothing has left this machine.</span>
      </div>
    );
  }
  const { state } = egressOf(result);
  const alt = result.alternative;
  return (
    <div
      className={`badge badge-${result.route}`}
      data-testid="privacy-badge"
      data-route={result.route}
      data-seq={seq}
      data-reasons={result.decision.escalateBecause.join(',')}
      role="status"
      aria-live="polite"
      {...(alt && { 'data-alternative': `${alt.index}/${alt.count}`, 'data-alternative-source': alt.source })}
    >
      <strong>
        <Icon name={ROUTE_ICON[result.route]} /> {ROUTE_LABEL[result.route]}
        {alt && (
          <span data-testid="badge-alternative">{` · ${ALTERNATIVE_SOURCE[alt.source]} suggestion, ${alt.index} of ${alt.count} (Alt+] / Alt+[)`}</span>
        )}
      </strong>
      <span data-testid="badge-summary">{result.summary}</span>
      <span data-testid="badge-egress" data-delivery={state} title={state === 'none' ? undefined : DELIVERY_MEANING[state]}>
        {egressWords(result)}
      </span>
      {pending && <em>updating…</em>}
    </div>
  );
}
