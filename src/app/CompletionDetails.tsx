import type { CompletionResult } from '../completion/common/pipeline';
import { semanticText, syntaxVerdictText, windowText, withheldText } from './completion-details-text';
import type { CompletionStore } from './completion-state';
import { DELIVERY_MEANING, DELIVERY_WORDS, egressOf } from './delivery';
import { useStore } from './store';

/** The numbers behind the decision: reasons, per-token probabilities, syntax verdict, timings. */
export function CompletionDetails({ completion, modelLabel }: { completion: CompletionStore; modelLabel: (id: string) => string }) {
  const { result } = useStore(completion);
  if (!result) return null;
  const { decision, local, syntax } = result;
  const egress = egressOf(result);
  const typeErrors = result.semantic?.findings.filter((f) => f.kind === 'type-error') ?? [];
  return (
    <details className="details" data-testid="completion-details">
      <summary>
        Why: {decision.policy}, {decision.aggregation} confidence {decision.confidence.toFixed(3)} (threshold {decision.threshold})
      </summary>
      <ReasonList reasons={decision.reasons} />
      {typeErrors.length ? (
        <ul className="reasons" data-testid="semantic-type-errors">
          {typeErrors.map((f, i) => (
            <li key={i}>
              type error <code>{f.name}</code> at {f.row + 1}:{f.column + 1}: {f.detail}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        Local model {modelLabel(local.model)} on {local.device}: {local.tokens.length} tokens in {local.ms.toFixed(0)} ms ({local.finish}
        {local.earlyReason ? `: ${local.earlyReason}` : ''}).
        {local.window && windowText(local.window)}
        {local.snippets?.length ? (
          <span data-testid="context-files">
            {' '}
            Other files in the prompt: {local.snippets.map((s) => `${s.file} (${s.tokens} tokens)`).join(', ')}.
          </span>
        ) : null}
        {withheldText(result.escalation)} Syntax {syntaxVerdictText(syntax)} in {syntax.ms.toFixed(2)} ms
        {syntax.preexistingErrors ? `, ${syntax.preexistingErrors} error(s) already in the file` : ''}.
        {result.semantic && semanticText(result.semantic)} Total {result.latencyMs.toFixed(0)} ms.
      </p>
      <TokenTable tokens={local.tokens} />
      {result.escalation?.error && <p className="error">Escalation error: {result.escalation.error.message}</p>}
      {egress.state !== 'none' && (
        <p data-testid="details-delivery" data-delivery={egress.state}>
          Request body: {egress.bytes} bytes to {result.destination}, {DELIVERY_WORDS[egress.state]}: {DELIVERY_MEANING[egress.state]}.
        </p>
      )}
    </details>
  );
}

/** Each reason the router weighed, with the names a semantic finding is missing. */
function ReasonList({ reasons }: { reasons: CompletionResult['decision']['reasons'] }) {
  return (
    <ul className="reasons">
      {reasons.map((r, i) => (
        <li key={i} data-kind={r.kind} data-status={r.status}>
          <b>{r.kind}</b> {r.status}: {r.message}
          {r.names?.length ? (
            <span data-testid="semantic-names">
              {' '}
              missing: <code>{r.names.join(', ')}</code>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The local model's tokens and their probabilities. */
function TokenTable({ tokens }: { tokens: CompletionResult['local']['tokens'] }) {
  return (
    <table className="tokens">
      <thead>
        <tr>
          <th>token</th>
          <th>p</th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((t, i) => (
          <tr key={i}>
            <td>
              <code>{JSON.stringify(t.text)}</code>
            </td>
            <td>{t.prob.toFixed(3)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
