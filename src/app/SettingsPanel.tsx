import { useEffect, useMemo, useRef, useState } from 'react';
import { effectiveCatalog, recommendedFor, type CatalogEntry } from '../config/catalog';
import type { InferenceDevice } from '../vocabulary/types';
import { FIM_FAMILIES } from '../vocabulary/fim';
import type { SettingSection } from '../vocabulary/settings';
import { configProblems } from '../config/merge';
import { isLocked, panelLayer, panelRows, panelValues, type PanelRow } from '../config/schema';
import { ENDPOINT_PROTOCOLS, type EndpointProtocol } from '../endpoint/types';
import type { AppConfig, ConfigLayer } from '../vocabulary/config';
import { closeOnEscape } from './Dialog';
import { Icon } from './Icon';

/** The endpoint's fields: one compound setting (null turns escalation off), edited as a whole. */
type EndpointDraft = {
  endpointOn: boolean;
  protocol: string;
  stream: boolean;
  url: string;
  model: string;
  family: string;
  timeoutMs: number;
  apiKey: string;
  maxTokens: number;
};

function endpointDraftOf(c: AppConfig): EndpointDraft {
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
  };
}

function overridesOf(d: EndpointDraft, values: Record<string, unknown>, locked: boolean, config: AppConfig): ConfigLayer {
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
    ...panelLayer(values, config),
  };
}

/** One setting's control, as its record in the settings schema describes it. */
function SettingRow({ row, value, locked, onChange }: { row: PanelRow; value: unknown; locked: boolean; onChange: (v: unknown) => void }) {
  const { setting, ui } = row;
  switch (setting.kind) {
    case 'boolean':
      return (
        <label title={ui.hint}>
          <input
            type="checkbox"
            checked={value === true}
            disabled={locked}
            onChange={(e) => onChange(e.target.checked)}
            data-testid={ui.testId}
          />{' '}
          {ui.label}
        </label>
      );
    case 'choice':
      return (
        <label title={ui.hint}>
          {ui.label}{' '}
          <select value={String(value)} onChange={(e) => onChange(e.target.value)} disabled={locked} data-testid={ui.testId}>
            {setting.options.map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        </label>
      );
    case 'number':
      return (
        <label title={ui.hint}>
          {ui.label}{' '}
          <input
            type="number"
            step={ui.step}
            min={setting.min}
            max={setting.max}
            value={Number(value)}
            disabled={locked}
            onChange={(e) => onChange(Number(e.target.value))}
            data-testid={ui.testId}
          />
        </label>
      );
  }
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
  const [d, setD] = useState<EndpointDraft>(() => endpointDraftOf(config));
  const set = <K extends keyof EndpointDraft>(k: K, v: EndpointDraft[K]) => setD((x) => ({ ...x, [k]: v }));
  // The schema's settings, by path (src/vocabulary/settings.ts).
  const [values, setValues] = useState(() => panelValues(config));
  const rows = (section: SettingSection) =>
    panelRows(section).map((row) => (
      <SettingRow
        key={row.path}
        row={row}
        value={values[row.path]}
        locked={isLocked(row.setting, locks)}
        onChange={(v) => setValues((x) => ({ ...x, [row.path]: v }))}
      />
    ));
  const epLocked = locks.lockEndpoint;
  // Invalid config.json entries: the built-in catalog (the config loader reports the problem).
  const catalog = useMemo(() => effectiveCatalog(config.catalog), [config.catalog]);
  // A catalog model by its entry; a custom model (not in the catalog) is listed by its id.
  const picked = config.model.catalogId ?? config.model.id;
  const recommended = recommendedFor(catalog, device);
  const problems = configProblems(preview(overridesOf(d, values, epLocked, config)), location.origin);
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
        {rows('Local model')}
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
        {rows('Routing')}
      </fieldset>
      <fieldset>
        <legend>Privacy and device</legend>
        {rows('Privacy and device')}
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
          onClick={() => onSave(overridesOf(d, values, epLocked, config))}
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
