// The user's own settings (settings panel) and config loading, layered over
// the organisation's public/config.json and the built-in defaults.
import { DEFAULT_CONFIG } from '../config/defaults';
import { configProblems, mergeConfig, type DeepPartial } from '../config/merge';
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
  const org = await fetchOrgConfig();
  if (org.problem) problems.push(org.problem);
  let orgConfig = mergeConfig(DEFAULT_CONFIG, org.layer);
  const orgProblems = configProblems(orgConfig);
  if (orgProblems.length) {
    problems.push(`config.json ignored: ${orgProblems.join('; ')}`);
    orgConfig = DEFAULT_CONFIG;
  }
  let config = mergeConfig(orgConfig, readUserSettings());
  const userProblems = configProblems(config);
  if (userProblems.length) {
    problems.push(`Your settings were not applied: ${userProblems.join('; ')}. Fix them in Settings.`);
    config = orgConfig;
  }
  return { config, orgConfig, problems };
}
