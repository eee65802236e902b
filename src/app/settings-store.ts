// The user's own settings (settings panel) and config loading, layered over
// the organisation's public/config.json and the built-in defaults.
import { CONFIG_KEYS_TEMPLATE, DEFAULT_CONFIG } from '../config/defaults';
import { configProblems, mergeConfig, unknownKeys, type DeepPartial } from '../config/merge';
import { applyLocks } from '../privacy/locks';
import type { AppConfig } from '../config/types';

export const SETTINGS_KEY = 'router-ide.settings';

export function readUserSettings(): DeepPartial<AppConfig> {
  try {
    return JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as DeepPartial<AppConfig>;
  } catch {
    return {};
  }
}

export function writeUserSettings(s: DeepPartial<AppConfig>): void {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(s));
}

export interface LoadedConfig {
  config: AppConfig;
  orgConfig: AppConfig;
  /** Messages for the user: a layer with problems is skipped, and says why. */
  problems: string[];
}

async function fetchOrgConfig(): Promise<{ layer?: DeepPartial<AppConfig>; problem?: string }> {
  try {
    const res = await fetch('/config.json', { cache: 'no-cache' });
    if (res.status === 404) return {};
    if (!res.ok) return { problem: `config.json could not be read (HTTP ${res.status}); using defaults.` };
    const text = await res.text();
    try {
      return { layer: JSON.parse(text) as DeepPartial<AppConfig> };
    } catch (e) {
      return { problem: `config.json is not valid JSON (${(e as Error).message}); using defaults.` };
    }
  } catch (e) {
    return { problem: `config.json could not be fetched (${(e as Error).message}); using defaults.` };
  }
}

export async function loadConfig(): Promise<LoadedConfig> {
  const problems: string[] = [];
  const pageOrigin = location.origin;
  const org = await fetchOrgConfig();
  if (org.problem) problems.push(org.problem);
  const unknownOrg = unknownKeys(org.layer, CONFIG_KEYS_TEMPLATE);
  if (unknownOrg.length) problems.push(`config.json has unknown keys, ignored: ${unknownOrg.join(', ')}`);
  let orgConfig = mergeConfig(DEFAULT_CONFIG, org.layer);
  const orgProblems = configProblems(orgConfig, pageOrigin);
  if (orgProblems.length) {
    // Fail closed: the defaults send nothing anywhere.
    problems.push(`config.json ignored: ${orgProblems.join('; ')}`);
    orgConfig = DEFAULT_CONFIG;
  }
  const { layer, ignored } = applyLocks(readUserSettings(), orgConfig);
  if (ignored.length) problems.push(`Locked by your organisation, not applied: ${ignored.join(', ')}`);
  let config = mergeConfig(orgConfig, layer);
  const userProblems = configProblems(config, pageOrigin);
  if (userProblems.length) {
    problems.push(`Your settings were not applied: ${userProblems.join('; ')}. Fix them in Settings.`);
    config = orgConfig;
  }
  return { config, orgConfig, problems };
}
