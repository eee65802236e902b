// What the settings schema (src/vocabulary/settings.ts) gives the rest of the
// config: each setting by its path, its checks, its JSON Schema, and the
// Settings panel's rows (values read from a config, a layer written back).
import { SETTING_GROUPS, type OrgLock, type Setting, type SettingSection, type SettingUi } from '../vocabulary/settings';
import type { AppConfig, ConfigLayer } from '../vocabulary/config';

export interface SettingEntry {
  /** Where it is in the config: `router.threshold`, `device`. */
  path: string;
  setting: Setting;
  /** The path's keys: `['router', 'threshold']`. */
  keys: readonly string[];
}

/** Every declared setting, in the schema's order. */
export const SETTING_ENTRIES: readonly SettingEntry[] = SETTING_GROUPS.flatMap(({ at, settings }) =>
  Object.entries(settings).map(([key, setting]) => ({ path: at ? `${at}.${key}` : key, setting, keys: at ? [at, key] : [key] })),
);

const keysOf = (path: string) => path.split('.');

function valueAtKeys(config: unknown, keys: readonly string[]): unknown {
  let v: unknown = config;
  for (const k of keys) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

/** The value at a setting's path (undefined when a part of the path is missing). */
export function valueAt(config: unknown, path: string): unknown {
  return valueAtKeys(config, keysOf(path));
}

/** A layer that sets one value at a path, merged into `layer`. */
function setAt(layer: Record<string, unknown>, path: string, value: unknown): void {
  const keys = keysOf(path);
  let o = layer;
  for (const k of keys.slice(0, -1)) o = (o[k] ??= {}) as Record<string, unknown>;
  o[keys[keys.length - 1]] = value;
}

function validValue(s: Setting, v: unknown): boolean {
  switch (s.kind) {
    case 'boolean':
      return typeof v === 'boolean';
    case 'choice':
      return (s.options as readonly unknown[]).includes(v);
    case 'number':
      return (
        typeof v === 'number' &&
        !Number.isNaN(v) &&
        (!s.integer || Number.isInteger(v)) &&
        (s.min === undefined || v >= s.min) &&
        (s.max === undefined || v <= s.max)
      );
  }
}

function mustBe(s: Setting): string {
  if (s.must) return s.must;
  switch (s.kind) {
    case 'boolean':
      return 'true or false';
    case 'choice':
      return `one of ${s.options.join(', ')}`;
    case 'number': {
      const what = s.integer ? 'an integer' : 'a number';
      if (s.min !== undefined && s.max !== undefined) return `${what} from ${s.min} to ${s.max}`;
      if (s.min !== undefined) return `${what} of at least ${s.min}`;
      return what;
    }
  }
}

/** Problems with the declared settings' values, each naming the setting and what it must be. */
export function settingProblems(c: AppConfig): string[] {
  const p: string[] = [];
  for (const { path, setting, keys } of SETTING_ENTRIES) {
    const v = valueAtKeys(c, keys);
    // An optional setting left out of a layer keeps the value below; the defaults always set it.
    if (v === undefined && setting.optional) continue;
    if (validValue(setting, v)) continue;
    const shown = setting.kind === 'choice' ? `"${String(v)}"` : String(v);
    p.push(`${path} ${shown} must be ${mustBe(setting)}`);
  }
  return p;
}

/** The JSON Schema of one setting, for config.json (scripts/config-schema.ts). */
export function jsonSchemaOf(s: Setting): Record<string, unknown> {
  const common = { description: s.description, default: s.default };
  switch (s.kind) {
    case 'boolean':
      return { type: 'boolean', ...common };
    case 'choice':
      return { type: 'string', enum: [...s.options], ...common };
    case 'number':
      return {
        type: s.integer ? 'integer' : 'number',
        ...(s.min !== undefined && { minimum: s.min }),
        ...(s.max !== undefined && { maximum: s.max }),
        ...common,
      };
  }
}

/** A setting the Settings panel shows. */
export interface PanelRow extends SettingEntry {
  ui: SettingUi;
}

/** The panel's rows of one section, in the schema's order. */
export function panelRows(section: SettingSection): PanelRow[] {
  return ALL_ROWS.filter((r) => r.ui.section === section);
}

const ALL_ROWS: readonly PanelRow[] = SETTING_ENTRIES.flatMap((e) => (e.setting.ui ? [{ ...e, ui: e.setting.ui }] : []));

/** The panel's values as a config has them, by path. */
export function panelValues(config: AppConfig): Record<string, unknown> {
  return Object.fromEntries(ALL_ROWS.map(({ path, setting }) => [path, valueAt(config, path) ?? setting.default]));
}

/** The panel's values as a layer to save over `config` (see `SettingUi.onlyChanges`). */
export function panelLayer(values: Readonly<Record<string, unknown>>, config: AppConfig): ConfigLayer {
  const layer: Record<string, unknown> = {};
  for (const { path, setting, ui } of ALL_ROWS) {
    const v = values[path];
    if (ui.onlyChanges && v === (valueAt(config, path) ?? setting.default)) continue;
    setAt(layer, path, v);
  }
  return layer as ConfigLayer;
}

/** Whether saving `layer` over `config` changes a setting that reloads the local model. */
export function reloadsModel(layer: ConfigLayer, config: AppConfig): boolean {
  return ALL_ROWS.some(({ path, setting, ui }) => {
    if (!ui.reloadsModel) return false;
    const next = valueAt(layer, path);
    return next !== undefined && next !== (valueAt(config, path) ?? setting.default);
  });
}

/** Whether the organisation's config locks this setting. */
export function isLocked(setting: Setting, locks: Pick<AppConfig['privacy'], OrgLock>): boolean {
  return setting.lockedBy !== undefined && locks[setting.lockedBy];
}
