// Merging configuration layers (defaults <- config.json <- user settings) and
// checking the result, so a typo in config.json is a clear message, not a crash.
import { FIM_FAMILIES } from '../completion/fim';
import { AGGREGATIONS } from '../completion/confidence';
import { ROUTING_POLICIES } from '../completion/router';
import { ENDPOINT_PROTOCOLS } from '../endpoint/types';
import { endpointUrlProblems, isValidSourceExpression } from '../privacy/destinations';
import { BUILTIN_CATALOG, mergeCatalog } from './catalog';
import type { AppConfig } from './types';

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object | null ? DeepPartial<NonNullable<T[K]>> | null : T[K] };

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Objects merge key by key; anything else (including null and arrays) replaces. */
export function mergeConfig<T>(base: T, ...layers: (DeepPartial<T> | undefined)[]): T {
  let out: unknown = base;
  for (const layer of layers) out = mergeValue(out, layer);
  return out as T;
}

function mergeValue(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (!isPlainObject(over) || !isPlainObject(base)) return over;
  // A discriminated union (e.g. model.source) must not mix fields of two kinds.
  if ('kind' in over && over.kind !== base.kind) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = mergeValue(base[k], v);
  return out;
}

/** Problems a user can fix, each naming the setting. Empty when the config is usable. */
export function configProblems(c: AppConfig, pageOrigin?: string): string[] {
  const p: string[] = [];
  if (!FIM_FAMILIES.includes(c.model.family)) p.push(`model.family "${c.model.family}" is not one of ${FIM_FAMILIES.join(', ')}`);
  if (!c.model.id) p.push('model.id is empty');
  if (!['auto', 'webgpu', 'wasm'].includes(c.device)) p.push(`device "${c.device}" must be auto, webgpu or wasm`);
  if (!ROUTING_POLICIES.includes(c.router.policy)) p.push(`router.policy "${c.router.policy}" must be one of ${ROUTING_POLICIES.join(', ')}`);
  if (!AGGREGATIONS.includes(c.router.aggregation)) p.push(`router.aggregation "${c.router.aggregation}" must be one of ${AGGREGATIONS.join(', ')}`);
  if (!(c.router.threshold >= 0 && c.router.threshold <= 1)) p.push(`router.threshold ${c.router.threshold} must be between 0 and 1`);
  for (const [lang, t] of Object.entries(c.router.perLanguage ?? {})) {
    if (!(typeof t === 'number' && t >= 0 && t <= 1)) p.push(`router.perLanguage.${lang} ${String(t)} must be between 0 and 1`);
  }
  try {
    mergeCatalog(BUILTIN_CATALOG, c.catalog);
  } catch (e) {
    p.push(`catalog: ${(e as Error).message}`);
  }
  if (!['local-only', 'escalate'].includes(c.privacy.mode)) p.push(`privacy.mode "${c.privacy.mode}" must be local-only or escalate`);
  if (!['block', 'redact'].includes(c.privacy.secrets)) p.push(`privacy.secrets "${c.privacy.secrets}" must be block or redact`);
  for (const a of c.privacy.allowedEndpoints) {
    if (!isValidSourceExpression(a)) p.push(`privacy.allowedEndpoints entry "${a}" must look like https://host, https://*.domain or http://host:* (no path)`);
  }
  if (c.endpoint) {
    p.push(...endpointUrlProblems(c.endpoint.url, c.privacy.allowedEndpoints, pageOrigin));
    if (!FIM_FAMILIES.includes(c.endpoint.family)) p.push(`endpoint.family "${c.endpoint.family}" is not one of ${FIM_FAMILIES.join(', ')}`);
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
