// Merging configuration layers (defaults <- config.json <- user settings) and
// checking the result, so a typo in config.json is a clear message, not a crash.
// Not a schema validator or deep-merge library: a compiling validator needs `unsafe-eval`, which the page's
// Content-Security-Policy refuses, its messages do not name the fix, and a union's `kind` must not be mixed.
import { FIM_FAMILIES } from '../vocabulary/fim';
import { MODEL_SETTINGS } from '../vocabulary/settings';
import { ENDPOINT_PROTOCOLS } from '../endpoint/types';
import { endpointUrlProblems, isValidSourceExpression } from '../privacy/destinations';
import { BUILTIN_CATALOG, effectiveCatalog, mergeCatalog, modelFieldsOf, type CatalogEntry } from './catalog';
import { settingProblems } from './schema';
import type { AppConfig, ConfigLayer, LocalModelConfig, ModelLayer, ModelSource } from '../vocabulary/config';

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function mergeValue(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (!isPlainObject(over) || !isPlainObject(base)) return over;
  // A discriminated union (e.g. model.source) must not mix fields of two kinds.
  if ('kind' in over && over.kind !== base.kind) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = mergeValue(base[k], v);
  return out;
}

function isEqual(a: unknown, b: unknown): boolean {
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => isEqual(a[k], b[k]));
  }
  return a === b;
}

// ---- The local model: catalog references, custom models, tweaks ----------

/** Model fields that carry over when another model is chosen; the others describe the model itself. */
const TUNING_KEYS = [
  ...(Object.keys(MODEL_SETTINGS) as (keyof typeof MODEL_SETTINGS)[]),
  'latencyTargetMs',
] as const satisfies readonly (keyof LocalModelConfig)[];
/** Fields a catalog entry fixes, besides `id` and `catalogId`. */
const ENTRY_KEYS = ['family', 'dtype', 'contextWindow', 'fileName'] as const satisfies readonly (keyof LocalModelConfig)[];

function tuningOf(m: ModelLayer): ModelLayer {
  const out: ModelLayer = {};
  for (const k of TUNING_KEYS) if (m[k] !== undefined) (out as Record<string, unknown>)[k] = m[k];
  return out;
}

/** How a layer's model relates to the model below it. */
function modelChange(over: ModelLayer, below: ModelLayer): 'pick' | 'custom' | 'tweak' {
  if (over.catalogId !== undefined) return 'pick';
  const belowId = below.id ?? below.catalogId;
  return over.id !== undefined && over.id !== belowId ? 'custom' : 'tweak';
}

/** Where a picked entry is loaded from: bundled entries from the app, others from the organisation's mirror when the model below came from one, else the hub. */
function sourceFor(e: CatalogEntry, below: ModelSource): ModelSource {
  if (e.bundled) return { kind: 'bundled' };
  return below.kind === 'url' ? below : { kind: 'hub' };
}

function withoutCatalogId(m: ModelLayer): ModelLayer {
  const { catalogId: _, ...rest } = m;
  return rest;
}

/**
 * Two stored layers in one (the user's saved settings and a change from the
 * UI). A layer that picks a catalog entry or names another model replaces
 * what described the model below (its overrides belong to that model); tuning
 * such as `maxNewTokens` carries over.
 */
export function mergeLayers(below: ConfigLayer, over: ConfigLayer): ConfigLayer {
  const { model, ...rest } = over;
  const out = mergeValue(below, rest) as ConfigLayer;
  if (!model) return out;
  const m = below.model ?? {};
  switch (modelChange(model, m)) {
    case 'pick':
      out.model = mergeValue(tuningOf(m), model) as ModelLayer;
      break;
    case 'custom':
      out.model = mergeValue(withoutCatalogId(m), model) as ModelLayer;
      break;
    case 'tweak':
      out.model = mergeValue(m, model) as ModelLayer;
      break;
  }
  return out;
}

/**
 * The model below after the catalog changed under it (config.json overrides
 * the entry the built-in default refers to): fields that were the entry's
 * take the entry's new values; fields set explicitly stay.
 */
function refreshModel(m: LocalModelConfig, before: CatalogEntry | undefined, after: CatalogEntry | undefined): LocalModelConfig {
  if (!before || !after || before === after) return m;
  const out = { ...m } as Record<string, unknown>;
  const was = modelFieldsOf(before) as Record<string, unknown>;
  const now = modelFieldsOf(after) as Record<string, unknown>;
  for (const k of ENTRY_KEYS) {
    if (!isEqual(out[k], was[k])) continue;
    if (now[k] === undefined) delete out[k];
    else out[k] = now[k];
  }
  return out as unknown as LocalModelConfig;
}

function resolveModel(
  below: LocalModelConfig,
  layer: ModelLayer | null | undefined,
  catalog: readonly CatalogEntry[],
  problems: string[],
): LocalModelConfig {
  if (!layer) return below;
  switch (modelChange(layer, below)) {
    case 'tweak':
      return mergeValue(below, layer) as LocalModelConfig;
    case 'custom':
      return mergeValue(withoutCatalogId(below), layer) as LocalModelConfig;
    case 'pick': {
      const entry = catalog.find((e) => e.id === layer.catalogId);
      if (!entry) {
        problems.push(
          `model.catalogId "${layer.catalogId}" is not in the model catalog (it has ${catalog.map((e) => `"${e.id}"`).join(', ')})`,
        );
        return mergeValue(below, tuningOf(layer)) as LocalModelConfig; // the model below, i.e. the default
      }
      const picked = { ...tuningOf(below), ...modelFieldsOf(entry), source: sourceFor(entry, below.source) } as LocalModelConfig;
      const { catalogId: _, ...overrides } = layer;
      return mergeValue(picked, overrides) as LocalModelConfig;
    }
  }
}

interface ResolvedConfig {
  config: AppConfig;
  /**
   * What in the layer could not be applied and was replaced: a model
   * reference to an id the catalog does not have (the model below, i.e. the
   * default, is used instead). `configProblems` checks the rest.
   */
  problems: string[];
}

/**
 * A stored layer over a resolved config: objects merge key by key, anything
 * else (including null and arrays) replaces; the model is resolved against
 * the catalog as config.json has it (see `LocalModelConfig`), so a catalog
 * reference always gets the entry's current fields.
 */
export function resolveConfig(base: AppConfig, layer?: ConfigLayer): ResolvedConfig {
  if (!layer) return { config: base, problems: [] };
  const { model, ...rest } = layer;
  const merged = mergeValue(base, rest) as AppConfig;
  const catalog = effectiveCatalog(merged.catalog);
  const problems: string[] = [];
  let below = base.model;
  if (below.catalogId !== undefined && merged.catalog !== base.catalog) {
    const id = below.catalogId;
    below = refreshModel(
      below,
      effectiveCatalog(base.catalog).find((e) => e.id === id),
      catalog.find((e) => e.id === id),
    );
  }
  return { config: { ...merged, model: resolveModel(below, model, catalog, problems) }, problems };
}

/**
 * Settings saved before model references copied the picked catalog entry's
 * fields into `model`. Such a model, when its id is an entry of `catalog`,
 * becomes a reference to that entry (the copies are dropped, so the entry's
 * current fields apply); a source other than the one picking the entry gives
 * is kept as an explicit override. Any other model stays a custom model.
 * Idempotent: a layer with `catalogId` is returned as it is.
 */
export function migrateLayer(layer: ConfigLayer, catalog: readonly CatalogEntry[], org: AppConfig): ConfigLayer {
  const m = layer.model;
  if (!isPlainObject(m) || m.catalogId !== undefined || typeof m.id !== 'string') return layer;
  const entry = catalog.find((e) => e.id === m.id);
  if (!entry) return layer;
  const { id: _id, family: _f, dtype: _d, contextWindow: _c, fileName: _n, source, ...others } = m;
  const model: ModelLayer = { catalogId: entry.id, ...others };
  // The picker wrote the hub (before the organisation had a mirror) or what picking gives now.
  const derived = source == null || isEqual(source, sourceFor(entry, org.model.source)) || (source.kind === 'hub' && !entry.bundled);
  if (!derived) model.source = source;
  return { ...layer, model };
}

/** Problems a user can fix, each naming the setting. Empty when the config is usable. */
export function configProblems(c: AppConfig, pageOrigin?: string): string[] {
  const p: string[] = [];
  if (!FIM_FAMILIES.includes(c.model.family)) p.push(`model.family "${c.model.family}" is not one of ${FIM_FAMILIES.join(', ')}`);
  if (!c.model.id) p.push('model.id is empty');
  for (const d of ['webgpu', 'wasm'] as const) {
    const t = c.model.latencyTargetMs?.[d];
    if (!(typeof t === 'number' && t >= 0))
      p.push(`model.latencyTargetMs.${d} ${String(t)} must be a number of milliseconds (0: fixed budgets)`);
  }
  // The plain settings, each checked as src/vocabulary/settings.ts declares it.
  p.push(...settingProblems(c));
  for (const [lang, t] of Object.entries(c.router.perLanguage ?? {})) {
    if (!(typeof t === 'number' && t >= 0 && t <= 1)) p.push(`router.perLanguage.${lang} ${String(t)} must be between 0 and 1`);
  }
  try {
    mergeCatalog(BUILTIN_CATALOG, c.catalog);
  } catch (e) {
    p.push(`catalog: ${(e as Error).message}`);
  }
  for (const a of c.privacy.allowedEndpoints) {
    if (!isValidSourceExpression(a))
      p.push(`privacy.allowedEndpoints entry "${a}" must look like https://host, https://*.domain or http://host:* (no path)`);
  }
  if (c.git?.server && !isHttpUrl(c.git.server))
    p.push(`git.server "${c.git.server}" must be an http(s) address such as https://git.example.com`);
  if (c.endpoint) {
    p.push(...endpointUrlProblems(c.endpoint.url, c.privacy.allowedEndpoints, pageOrigin));
    if (!FIM_FAMILIES.includes(c.endpoint.family))
      p.push(`endpoint.family "${c.endpoint.family}" is not one of ${FIM_FAMILIES.join(', ')}`);
    if (!c.endpoint.model) p.push('endpoint.model is empty');
    if (c.endpoint.protocol && !ENDPOINT_PROTOCOLS.includes(c.endpoint.protocol)) {
      p.push(`endpoint.protocol "${c.endpoint.protocol}" must be one of ${ENDPOINT_PROTOCOLS.join(', ')}`);
    }
    if (!(c.endpoint.timeoutMs > 0)) p.push('endpoint.timeoutMs must be a positive number of milliseconds');
  }
  return p;
}

/**
 * Keys in a config layer that the schema does not know: a typo such as
 * `"treshold"` would otherwise be silently ignored. `template` has every key.
 */
export function unknownKeys(layer: unknown, template: unknown, path = ''): string[] {
  if (!isPlainObject(layer) || !isPlainObject(template)) return [];
  if (Object.keys(template).length === 0) return []; // a free-form map (e.g. router.perLanguage)
  const out: string[] = [];
  for (const [k, v] of Object.entries(layer)) {
    const at = path ? `${path}.${k}` : k;
    if (!(k in template)) out.push(at);
    else out.push(...unknownKeys(v, template[k], at));
  }
  return out;
}

function isHttpUrl(s: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(s).protocol);
  } catch {
    return false;
  }
}
