// The organisation's config.json, judged as the app judges it at start-up:
// one function for src/app/settings-store.ts and `npm run config:check`.
import { CONFIG_KEYS_TEMPLATE, DEFAULT_CONFIG } from './defaults';
import { configProblems, resolveConfig, unknownKeys } from './merge';
import type { AppConfig, ConfigLayer } from '../vocabulary/config';

interface OrgConfigVerdict {
  /** The config the app runs with: the file over the defaults, or the defaults when `problems` is not empty. */
  config: AppConfig;
  /** Why the file cannot be used (the app then ignores all of it), each naming the key and what it must be. */
  problems: string[];
  /** Keys the schema does not know, by path (`router.treshold`): the app ignores them. */
  unknown: string[];
}

/** The text of config.json as a layer, or why it is not one. */
export function parseOrgConfig(text: string): { layer: ConfigLayer } | { problem: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { problem: `config.json is not valid JSON (${(e as Error).message})` };
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { problem: 'config.json must be a JSON object ({ ... }) of settings' };
  return { layer: raw as ConfigLayer };
}

/** A config.json layer over the defaults; `pageOrigin` is where the app is served (an endpoint must not be the page itself). */
export function judgeOrgConfig(layer: ConfigLayer | undefined, pageOrigin?: string): OrgConfigVerdict {
  const { $schema: _, ...settings } = layer ?? {};
  const unknown = unknownKeys(settings, CONFIG_KEYS_TEMPLATE);
  const resolved = resolveConfig(DEFAULT_CONFIG, layer && settings);
  const problems = [...resolved.problems, ...configProblems(resolved.config, pageOrigin)];
  // Fail closed: the defaults send nothing anywhere.
  return { config: problems.length ? DEFAULT_CONFIG : resolved.config, problems, unknown };
}
