import { useEffect, useMemo, useRef, useState } from 'react';
import { effectiveCatalog, recommendedFor, type CatalogEntry } from '../config/catalog';
import { type InferenceDevice, ROUTING_POLICIES } from '../vocabulary/types';
import { FIM_FAMILIES } from '../vocabulary/fim';
import { AGGREGATIONS } from '../vocabulary/confidence';
import { configProblems } from '../config/merge';
import { ENDPOINT_PROTOCOLS, type EndpointProtocol } from '../endpoint/types';
import type { AppConfig, ConfigLayer } from '../vocabulary/config';
import { closeOnEscape } from './Dialog';
import { Icon } from './Icon';

type Draft = {
  endpointOn: boolean;
  protocol: string;
  stream: boolean;
  url: string;
  model: string;
  family: string;
  timeoutMs: number;
  apiKey: string;
  maxTokens: number;
  policy: string;
  threshold: number;
  aggregation: string;
  semanticCheck: boolean;
  mode: string;
  device: string;
  promptLookup: boolean;
  predictOnAccept: boolean;
};

function draftOf(c: AppConfig): Draft {
  return {
    endpointOn: !!c.endpoint,
    protocol: c.endpoint?.protocol ?? 'openai-completions',
    stream: c.endpoint?.stream ?? false,
    url: c.endpoint?.url ?? '',
    model: c.endpoint?.model ?? '',
    family: c.endpoint?.family ?? 'qwen2.5-coder',
    timeoutMs: c.endpoint?.timeoutMs ?? 8000,
    apiKey: c.endpoint?.apiKey ?? '',
    maxTokens: c.endpoint?.maxTokens ?? 64,
    policy: c.router.policy,
    threshold: c.router.threshold,
    aggregation: c.router.aggregation,
    semanticCheck: c.router.semanticCheck !== false,
    mode: c.privacy.mode,
    device: c.device,
    promptLookup: c.model.promptLookup ?? false,
    predictOnAccept: c.editor.predictOnAccept !== false,
  };
}

function overridesOf(d: Draft, locked: boolean, config: AppConfig): ConfigLayer {
  return {
    endpoint: locked
      ? undefined
      : d.endpointOn
        ? {
            protocol: d.protocol as EndpointProtocol,
            stream: d.stream,
            url: d.url.trim(),
            model: d.model.trim(),
            family: d.family as AppConfig['model']['family'],
            timeoutMs: Number(d.timeoutMs),
            apiKey: d.apiKey || undefined,
            maxTokens: Number(d.maxTokens),
          }
        : null,
    router: {
      policy: d.policy as AppConfig['router']['policy'],
      threshold: Number(d.threshold),
      aggregation: d.aggregation as AppConfig['router']['aggregation'],
      semanticCheck: d.semanticCheck,
    },
    privacy: { mode: d.mode as AppConfig['privacy']['mode'] },
    device: d.device as AppConfig['device'],
    editor: { predictOnAccept: d.predictOnAccept },
    // Only a change is stored: an unchanged default keeps following the organisation's config.
    ...(d.promptLookup !== (config.model.promptLookup ?? false) && { model: { promptLookup: d.promptLookup } }),
  };
}

export function SettingsPanel({
  config,
  locks,
  preview,
  onSave,
  onClose,
  onPickModel,
  device,
}: {
  config: AppConfig;
  /** The device the model runs on now: on WASM the picker recommends the smallest model. */
  device?: InferenceDevice;
  /** Switch the local model to a catalog entry (stored as a reference to it; reloads it). */
  onPickModel: (entry: CatalogEntry) => void;
  /** The organisation's locks: locked controls are shown but cannot be changed. */
  locks: Pick<AppConfig['privacy'], 'lockMode' | 'lockEndpoint' | 'allowedEndpoints'>;
  /** Merges overrides onto the organisation's config, for validation before saving. */
  preview: (o: ConfigLayer) => AppConfig;
  onSave: (o: ConfigLayer) => void;
  onClose: () => void;
}) {
  const [d, setD] = useState<Draft>(() => draftOf(config));
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const epLocked = locks.lockEndpoint;
  // Invalid config.json entries: the built-in catalog (the config loader reports the problem).
  const catalog = useMemo(() => effectiveCatalog(config.catalog), [config.catalog]);
  // A catalog model by its entry; a custom model (not in the catalog) is listed by its id.
  const picked = config.model.catalogId ?? config.model.id;
  const recommended = recommendedFor(catalog, device);
  const problems = configProblems(preview(overridesOf(d, epLocked, config)), location.origin);
  const epOff = !d.endpointOn || epLocked;
  // Like every dialog: focus moves in when it opens and back to where it was when it closes.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const prev = document.activeElement as HTMLElement | null;
    root.current?.querySelector<HTMLElement>('input:not(:disabled), select:not(:disabled)')?.focus();
    return () => prev?.focus();
  }, []);
  return (
    <div
      className="settings"
      role="dialog"
      aria-labelledby="settings-title"
      data-testid="settings"
      ref={root}
      onKeyDown={closeOnEscape(onClose)}
    >
      <h2 id="settings-title">Settings</h2>
      <button
        type="button"
        className="icon-button close-dialog"
        onClick={onClose}
        aria-label="Close settings (Escape)"
        title="Close (Escape)"
        data-testid="close-settings"
      >
        <Icon name="close" />
      </button>
      <fieldset>
        <legend>Escalation endpoint</legend>
        {epLocked && <p data-testid="endpoint-locked">Set by your organisation and locked.</p>}
        <p className="hint">Allowed destinations: {locks.allowedEndpoints.join(', ') || 'none'}</p>
        <label>
          <input
            type="checkbox"
            checked={d.endpointOn}
            disabled={epLocked}
            onChange={(e) => set('endpointOn', e.target.checked)}
            data-testid="endpoint-on"
          />{' '}
          Escalate to my organisation's server
        </label>
        <label>
          Protocol{' '}
          <select value={d.protocol} onChange={(e) => set('protocol', e.target.value)} disabled={epOff} data-testid="endpoint-protocol">
            {ENDPOINT_PROTOCOLS.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={d.stream} onChange={(e) => set('stream', e.target.checked)} disabled={epOff} /> Stream the answer
        </label>
        <label>
          URL{' '}
          <input
            value={d.url}
            onChange={(e) => set('url', e.target.value)}
            placeholder="http://gpu-box:8000/v1"
            disabled={epOff}
            data-testid="endpoint-url"
          />
        </label>
        <label>
          Model <input value={d.model} onChange={(e) => set('model', e.target.value)} disabled={epOff} data-testid="endpoint-model" />
        </label>
        <label>
          FIM family{' '}
          <select value={d.family} onChange={(e) => set('family', e.target.value)} disabled={epOff}>
            {FIM_FAMILIES.map((f) => (
              <option key={f}>{f}</option>
            ))}
          </select>
        </label>
        <label>
          Timeout (ms){' '}
          <input type="number" value={d.timeoutMs} onChange={(e) => set('timeoutMs', Number(e.target.value))} disabled={epOff} />
        </label>
        <label>
          Max tokens <input type="number" value={d.maxTokens} onChange={(e) => set('maxTokens', Number(e.target.value))} disabled={epOff} />
        </label>
        <label>
          Bearer token{' '}
          <input type="password" value={d.apiKey} onChange={(e) => set('apiKey', e.target.value)} disabled={epOff} autoComplete="off" />
        </label>
      </fieldset>
      <fieldset>
        <legend>Local model</legend>
        <label>
          Model{' '}
          <select
            value={picked}
            onChange={(e) => {
              const m = catalog.find((x) => x.id === e.target.value);
              if (m) onPickModel(m);
            }}
            data-testid="model-picker"
          >
            {catalog.some((m) => m.id === picked) ? null : <option value={picked}>{picked} (custom)</option>}
            {catalog.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label} ({m.family}, ~{m.sizeMB.webgpu >= 1 ? `${Math.round(m.sizeMB.webgpu)} MB` : 'tiny'})
                {m === recommended ? ' (recommended on WASM)' : ''}
              </option>
            ))}
          </select>
        </label>
        <label title="The same suggestions, written in fewer model passes where they repeat nearby code (docs/prompt-lookup.md); reloads the model">
          <input
            type="checkbox"
            checked={d.promptLookup}
            onChange={(e) => set('promptLookup', e.target.checked)}
            data-testid="prompt-lookup"
          />{' '}
          Copy drafts from the context (prompt-lookup decoding)
        </label>
        {recommended && picked !== recommended.id && (
          <p className="hint" data-testid="model-recommendation">
            The model runs on WASM here (no usable WebGPU): {recommended.label} is the smallest model and answers fastest on the CPU.
            <button type="button" onClick={() => onPickModel(recommended)}>
              Use it
            </button>
          </p>
        )}
      </fieldset>
      <fieldset>
        <legend>Routing</legend>
        <label>
          Policy{' '}
          <select value={d.policy} onChange={(e) => set('policy', e.target.value)} data-testid="router-policy">
            {ROUTING_POLICIES.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
        <label>
          Confidence threshold{' '}
          <input type="number" step="0.05" min="0" max="1" value={d.threshold} onChange={(e) => set('threshold', Number(e.target.value))} />
        </label>
        <label>
          Aggregation{' '}
          <select value={d.aggregation} onChange={(e) => set('aggregation', e.target.value)}>
            {AGGREGATIONS.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </label>
        <label title="Names and standard-library members the completion uses that exist nowhere (policy syntax+confidence+semantic)">
          <input
            type="checkbox"
            checked={d.semanticCheck}
            onChange={(e) => set('semanticCheck', e.target.checked)}
            data-testid="semantic-check"
          />{' '}
          Semantic check
        </label>
      </fieldset>
      <fieldset>
        <legend>Privacy and device</legend>
        <label>
          Mode{' '}
          <select value={d.mode} onChange={(e) => set('mode', e.target.value)} disabled={locks.lockMode} data-testid="privacy-mode">
            <option>escalate</option>
            <option>local-only</option>
          </select>
        </label>
        <label>
          Device{' '}
          <select value={d.device} onChange={(e) => set('device', e.target.value)}>
            <option>auto</option>
            <option>webgpu</option>
            <option>wasm</option>
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={d.predictOnAccept}
            onChange={(e) => set('predictOnAccept', e.target.checked)}
            data-testid="predict-on-accept"
          />{' '}
          Prepare the next suggestion while one is shown (local model only; ready on Tab)
        </label>
      </fieldset>
      {problems.length > 0 && (
        <ul className="error" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div className="buttons">
        <button
          type="button"
          onClick={() => onSave(overridesOf(d, epLocked, config))}
          disabled={problems.length > 0}
          data-testid="settings-save"
        >
          Save
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}
