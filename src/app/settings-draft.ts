// What the Settings panel edits before Save, and the config layer Save writes. The escalation
// endpoint is one compound setting (null turns escalation off), so it is drafted field by field
// and written as a whole; the schema's other settings are drafted by path.
import type { CatalogEntry } from '../config/catalog';
import { panelLayer } from '../config/schema';
import type { EndpointProtocol } from '../endpoint/types';
import type { AppConfig, ConfigLayer } from '../vocabulary/config';

export type EndpointDraft = {
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

/** The endpoint's fields as `c` has them; a config without an endpoint shows the usual defaults, switched off. */
export function endpointDraftOf(c: AppConfig): EndpointDraft {
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

function endpointLayer(d: EndpointDraft, locked: boolean): ConfigLayer['endpoint'] {
  // A locked endpoint is the organisation's: the user's layer leaves it out rather than overriding it.
  if (locked) return undefined;
  if (!d.endpointOn) return null;
  return {
    protocol: d.protocol as EndpointProtocol,
    stream: d.stream,
    url: d.url.trim(),
    model: d.model.trim(),
    family: d.family as AppConfig['model']['family'],
    timeoutMs: Number(d.timeoutMs),
    apiKey: d.apiKey || undefined,
    maxTokens: Number(d.maxTokens),
  };
}

/** The user's layer that Save writes over `config`: the endpoint draft and the schema's values by path. */
export function overridesOf(d: EndpointDraft, values: Record<string, unknown>, locked: boolean, config: AppConfig): ConfigLayer {
  return { endpoint: endpointLayer(d, locked), ...panelLayer(values, config) };
}

/** A catalog model's download size as the picker shows it. */
export function modelSizeText(entry: CatalogEntry): string {
  return entry.sizeMB.webgpu >= 1 ? `${Math.round(entry.sizeMB.webgpu)} MB` : 'tiny';
}
