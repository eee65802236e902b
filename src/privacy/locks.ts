// What a user's own settings may change. The organisation's config.json can
// lock the privacy mode, the endpoint and the Git server; the privacy rules themselves
// (allowed destinations, never-send globs, secret action) are never the
// user's to loosen.
import type { AppConfig, DeepPartial } from '../vocabulary/config';
import { PRIVACY_SETTINGS, SETTING_GROUPS } from '../vocabulary/settings';

interface LockedLayer {
  layer: DeepPartial<AppConfig>;
  /** Settings the user tried to change that are locked, for a message. */
  ignored: string[];
}

/** The privacy settings a user may set: the schema's, less those that are the organisation's alone. */
const USER_PRIVACY_KEYS = Object.entries(PRIVACY_SETTINGS).flatMap(([k, s]) => ('orgOnly' in s && s.orgOnly ? [] : [k]));

/** The settings an organisation lock can freeze, by group and key (from the settings schema). */
const LOCKABLE = SETTING_GROUPS.flatMap(({ at, settings }) =>
  Object.entries(settings).flatMap(([key, s]) => (s.lockedBy ? [{ at, key, lock: s.lockedBy }] : [])),
);

type Group = Record<string, unknown> | undefined;

export function applyLocks(user: DeepPartial<AppConfig>, org: AppConfig): LockedLayer {
  const layer: DeepPartial<AppConfig> = { ...user };
  const ignored: string[] = [];
  if (user.privacy) {
    const mine = Object.entries(user.privacy).filter(([k, v]) => USER_PRIVACY_KEYS.includes(k) && v !== undefined);
    ignored.push(
      ...Object.keys(user.privacy)
        .filter((k) => !USER_PRIVACY_KEYS.includes(k))
        .map((k) => `privacy.${k}`),
    );
    layer.privacy = mine.length ? Object.fromEntries(mine) : undefined;
  }
  for (const { at, key, lock } of LOCKABLE) {
    if (!org.privacy[lock]) continue;
    const group = (at ? (layer as Record<string, Group>)[at] : layer) as Group;
    if (group?.[key] === undefined) continue;
    const orgValue = ((at ? (org as unknown as Record<string, Group>)[at] : org) as Group)?.[key];
    if (group[key] !== orgValue) ignored.push(at ? `${at}.${key}` : key);
    const { [key]: _, ...rest } = group;
    if (at) (layer as Record<string, Group>)[at] = Object.keys(rest).length ? rest : undefined;
    else delete (layer as Record<string, unknown>)[key];
  }
  if (user.endpoint !== undefined && org.privacy.lockEndpoint) {
    ignored.push('endpoint');
    delete layer.endpoint;
  }
  if (user.git && (user.git.lockServer !== undefined || (org.git.lockServer && user.git.server !== undefined))) {
    // The lock is the organisation's alone; under it, the server is too.
    const { server, lockServer, ...rest } = user.git;
    if (org.git.lockServer && server !== undefined && server !== org.git.server) ignored.push('git.server');
    if (lockServer !== undefined && lockServer !== org.git.lockServer) ignored.push('git.lockServer');
    layer.git = org.git.lockServer || server === undefined ? rest : { ...rest, server };
  }
  return { layer, ignored };
}
