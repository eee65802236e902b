// What a user's own settings may change. The organisation's config.json can
// lock the privacy mode, the endpoint and the Git server; the privacy rules themselves
// (allowed destinations, never-send globs, secret action) are never the
// user's to loosen.
import type { AppConfig, DeepPartial } from '../vocabulary/config';

interface LockedLayer {
  layer: DeepPartial<AppConfig>;
  /** Settings the user tried to change that are locked, for a message. */
  ignored: string[];
}

export function applyLocks(user: DeepPartial<AppConfig>, org: AppConfig): LockedLayer {
  const layer: DeepPartial<AppConfig> = { ...user };
  const ignored: string[] = [];
  if (user.privacy) {
    const { mode, ...rest } = user.privacy;
    ignored.push(...Object.keys(rest).map((k) => `privacy.${k}`));
    if (mode !== undefined && org.privacy.lockMode && mode !== org.privacy.mode) ignored.push('privacy.mode');
    layer.privacy = mode !== undefined && !org.privacy.lockMode ? { mode } : undefined;
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
