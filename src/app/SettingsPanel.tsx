import { useEffect, useRef, useState } from 'react';
import type { CatalogEntry } from '../config/catalog';
import { configProblems } from '../config/merge';
import { panelValues } from '../config/schema';
import type { AppConfig, ConfigLayer } from '../vocabulary/config';
import type { InferenceDevice } from '../vocabulary/types';
import { closeOnEscape } from './Dialog';
import { Icon } from './Icon';
import { endpointDraftOf, overridesOf, type EndpointDraft } from './settings-draft';
import { EndpointFieldset } from './SettingsEndpoint';
import { LocalModelFieldset } from './SettingsModel';
import { SectionRows } from './SettingRow';

/** Like every dialog: focus moves in when it opens and back to where it was when it closes. */
function useFocusInside<E extends HTMLElement>() {
  const root = useRef<E>(null);
  useEffect(() => {
    const prev = document.activeElement as HTMLElement | null;
    root.current?.querySelector<HTMLElement>('input:not(:disabled), select:not(:disabled)')?.focus();
    return () => prev?.focus();
  }, []);
  return root;
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
  const setValue = (path: string, v: unknown) => setValues((x) => ({ ...x, [path]: v }));
  const epLocked = locks.lockEndpoint;
  const problems = configProblems(preview(overridesOf(d, values, epLocked, config)), location.origin);
  const root = useFocusInside<HTMLDivElement>();
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
      <EndpointFieldset draft={d} set={set} locked={epLocked} allowedEndpoints={locks.allowedEndpoints} />
      <LocalModelFieldset config={config} device={device} onPickModel={onPickModel}>
        <SectionRows section="Local model" values={values} locks={locks} onChange={setValue} />
      </LocalModelFieldset>
      <fieldset>
        <legend>Routing</legend>
        <SectionRows section="Routing" values={values} locks={locks} onChange={setValue} />
      </fieldset>
      <fieldset>
        <legend>Privacy and device</legend>
        <SectionRows section="Privacy and device" values={values} locks={locks} onChange={setValue} />
      </fieldset>
      <SettingsActions problems={problems} onSave={() => onSave(overridesOf(d, values, epLocked, config))} onClose={onClose} />
    </div>
  );
}

/** What stops the save (the merged config's problems), and Save (disabled while there are any) or Cancel. */
function SettingsActions({ problems, onSave, onClose }: { problems: readonly string[]; onSave: () => void; onClose: () => void }) {
  return (
    <>
      {problems.length > 0 && (
        <ul className="error" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div className="buttons">
        <button type="button" onClick={onSave} disabled={problems.length > 0} data-testid="settings-save">
          Save
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </>
  );
}
