// The Settings panel's escalation endpoint: its fields are one compound setting, drafted here
// and saved as a whole (settings-draft.ts).
import { FIM_FAMILIES } from '../vocabulary/fim';
import { ENDPOINT_PROTOCOLS } from '../endpoint/types';
import type { EndpointDraft } from './settings-draft';

interface Props {
  draft: EndpointDraft;
  set: <K extends keyof EndpointDraft>(key: K, value: EndpointDraft[K]) => void;
  /** Set by the organisation: shown, not changeable. */
  locked: boolean;
  allowedEndpoints: readonly string[];
}

export function EndpointFieldset({ draft: d, set, locked, allowedEndpoints }: Props) {
  const off = !d.endpointOn || locked;
  return (
    <fieldset>
      <legend>Escalation endpoint</legend>
      {locked && <p data-testid="endpoint-locked">Set by your organisation and locked.</p>}
      <p className="hint">Allowed destinations: {allowedEndpoints.join(', ') || 'none'}</p>
      <label>
        <input
          type="checkbox"
          checked={d.endpointOn}
          disabled={locked}
          onChange={(e) => set('endpointOn', e.target.checked)}
          data-testid="endpoint-on"
        />{' '}
        Escalate to my organisation's server
      </label>
      <label>
        Protocol{' '}
        <select value={d.protocol} onChange={(e) => set('protocol', e.target.value)} disabled={off} data-testid="endpoint-protocol">
          {ENDPOINT_PROTOCOLS.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
      </label>
      <label>
        <input type="checkbox" checked={d.stream} onChange={(e) => set('stream', e.target.checked)} disabled={off} /> Stream the answer
      </label>
      <label>
        URL{' '}
        <input
          value={d.url}
          onChange={(e) => set('url', e.target.value)}
          placeholder="http://gpu-box:8000/v1"
          disabled={off}
          data-testid="endpoint-url"
        />
      </label>
      <label>
        Model <input value={d.model} onChange={(e) => set('model', e.target.value)} disabled={off} data-testid="endpoint-model" />
      </label>
      <EndpointTuning draft={d} set={set} off={off} />
    </fieldset>
  );
}

/** The endpoint's prompt format, limits and token. */
function EndpointTuning({ draft: d, set, off }: Pick<Props, 'draft' | 'set'> & { off: boolean }) {
  return (
    <>
      <label>
        FIM family{' '}
        <select value={d.family} onChange={(e) => set('family', e.target.value)} disabled={off}>
          {FIM_FAMILIES.map((f) => (
            <option key={f}>{f}</option>
          ))}
        </select>
      </label>
      <label>
        Timeout (ms) <input type="number" value={d.timeoutMs} onChange={(e) => set('timeoutMs', Number(e.target.value))} disabled={off} />
      </label>
      <label>
        Max tokens <input type="number" value={d.maxTokens} onChange={(e) => set('maxTokens', Number(e.target.value))} disabled={off} />
      </label>
      <label>
        Bearer token{' '}
        <input type="password" value={d.apiKey} onChange={(e) => set('apiKey', e.target.value)} disabled={off} autoComplete="off" />
      </label>
    </>
  );
}
