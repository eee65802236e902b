// The Settings panel's local model: the catalog picker (a custom model listed by its id), the
// schema's model settings, and on WASM the suggestion of the smallest model.
import { useMemo, type ReactNode } from 'react';
import { effectiveCatalog, recommendedFor, type CatalogEntry } from '../config/catalog';
import type { AppConfig } from '../vocabulary/config';
import type { InferenceDevice } from '../vocabulary/types';
import { modelSizeText } from './settings-draft';

interface Props {
  config: AppConfig;
  device?: InferenceDevice;
  onPickModel: (entry: CatalogEntry) => void;
  /** The schema's rows of this section. */
  children: ReactNode;
}

export function LocalModelFieldset({ config, device, onPickModel, children }: Props) {
  // Invalid config.json entries: the built-in catalog (the config loader reports the problem).
  const catalog = useMemo(() => effectiveCatalog(config.catalog), [config.catalog]);
  // A catalog model by its entry; a custom model (not in the catalog) is listed by its id.
  const picked = config.model.catalogId ?? config.model.id;
  const recommended = recommendedFor(catalog, device);
  return (
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
              {m.label} ({m.family}, ~{modelSizeText(m)}){m === recommended ? ' (recommended on WASM)' : ''}
            </option>
          ))}
        </select>
      </label>
      {children}
      {recommended && picked !== recommended.id && (
        <p className="hint" data-testid="model-recommendation">
          The model runs on WASM here (no usable WebGPU): {recommended.label} is the smallest model and answers fastest on the CPU.
          <button type="button" onClick={() => onPickModel(recommended)}>
            Use it
          </button>
        </p>
      )}
    </fieldset>
  );
}
