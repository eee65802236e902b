// The user's own settings (settings panel) and config loading, layered over
// the organisation's public/config.json and the built-in defaults.
import { effectiveCatalog } from '../config/catalog';
import { configProblems, migrateLayer, resolveConfig } from '../config/merge';
import { judgeOrgConfig, parseOrgConfig } from '../config/org-config';
import { applyLocks } from '../privacy/locks';
import type { AppConfig, ConfigLayer } from '../vocabulary/config';

const SETTINGS_KEY = 'router-ide.settings';

/**
 * The user's saved settings in the current shape: a model saved by older
 * versions (the catalog entry's fields copied) comes back as a reference to
 * its entry in the organisation's catalog (`migrateLayer`); it is stored in
 * that shape with the next change.
 */
export function readUserSettings(org: AppConfig): ConfigLayer {
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}');
  } catch {
    return {};
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  return migrateLayer(raw as ConfigLayer, effectiveCatalog(org.catalog), org);
}

export function writeUserSettings(s: ConfigLayer): void {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(s));
}

interface UserConfig {
  config: AppConfig;
  /** Messages for what in the settings was replaced (a model no longer in the catalog: the organisation's model is used). */
  problems: string[];
  /** Settings the organisation locks, not applied. */
  ignored: string[];
}

/** The user's settings over the organisation's config (locks applied, the model resolved against the catalog). */
export function userConfig(orgConfig: AppConfig, user: ConfigLayer): UserConfig {
  const { layer, ignored } = applyLocks(user, orgConfig);
  const r = resolveConfig(orgConfig, layer);
  const problems = r.problems.map(
    (p) => `Your saved model was not applied: ${p}. Using "${r.config.model.id}" instead; pick a model in Settings.`,
  );
  return { config: r.config, problems, ignored };
}

export interface LoadedConfig {
  config: AppConfig;
  orgConfig: AppConfig;
  /** Messages for the user: a layer with problems is skipped, and says why. */
  problems: string[];
}

async function fetchOrgConfig(): Promise<{ layer?: ConfigLayer; problem?: string }> {
  try {
    const res = await fetch('/config.json', { cache: 'no-cache' });
    if (res.status === 404) return {};
    if (!res.ok) return { problem: `config.json could not be read (HTTP ${res.status}); using defaults.` };
    const parsed = parseOrgConfig(await res.text());
    return 'layer' in parsed ? parsed : { problem: `${parsed.problem}; using defaults.` };
  } catch (e) {
    return { problem: `config.json could not be fetched (${(e as Error).message}); using defaults.` };
  }
}

export async function loadConfig(): Promise<LoadedConfig> {
  const problems: string[] = [];
  const pageOrigin = location.origin;
  const org = await fetchOrgConfig();
  if (org.problem) problems.push(org.problem);
  const verdict = judgeOrgConfig(org.layer, pageOrigin);
  if (verdict.unknown.length) problems.push(`config.json has unknown keys, ignored: ${verdict.unknown.join(', ')}`);
  if (verdict.problems.length) problems.push(`config.json ignored: ${verdict.problems.join('; ')}`);
  const orgConfig = verdict.config;
  const user = userConfig(orgConfig, readUserSettings(orgConfig));
  if (user.ignored.length) problems.push(`Locked by your organisation, not applied: ${user.ignored.join(', ')}`);
  problems.push(...user.problems);
  let config = user.config;
  const userProblems = configProblems(config, pageOrigin);
  if (userProblems.length) {
    problems.push(`Your settings were not applied: ${userProblems.join('; ')}. Fix them in Settings.`);
    config = orgConfig;
  }
  return { config, orgConfig, problems };
}
