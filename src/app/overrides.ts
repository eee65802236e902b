// The user's settings changed (settings panel, toolbar, Git, demo): the new
// stored layer, the config it gives, and whether the model loads again.
import { effectiveCatalog } from '../config/catalog';
import { mergeLayers } from '../config/merge';
import type { AppConfig, ConfigLayer } from '../vocabulary/config';
import { userConfig } from './settings-store';

/** The stored settings with `o` over them, and the config they give under the organisation's. */
export function settingsWith(orgConfig: AppConfig, stored: ConfigLayer, o: ConfigLayer) {
  const user = mergeLayers(stored, o);
  const { config, problems } = userConfig(orgConfig, user);
  return { user, config, problems };
}

/** The model loads again when the change asks for it (a model setting) or it is to run on another device. */
export function modelChanged(reloadModel: boolean, next: AppConfig, current: AppConfig): boolean {
  return reloadModel || next.device !== current.device;
}

/** The settings that switch to the demo model. */
export function demoModelLayer(config: AppConfig): ConfigLayer {
  const demo = config.demoModel;
  // A reference when the demo model is in the catalog (it is, built in), so its entry decides how it loads.
  return {
    model: effectiveCatalog(config.catalog).some((e) => e.id === demo)
      ? { catalogId: demo }
      : { id: demo, family: 'qwen2.5-coder', source: { kind: 'bundled' } },
  };
}
