// May this request leave the machine, and to where? The router says whether
// escalation would help; this policy says whether it is allowed. Code leaves
// only when both say yes.
import type { AppConfig } from '../config/types';

export type EgressVerdict =
  | { allowed: true; destination: string }
  | { allowed: false; reason: string };

export function egressVerdict(cfg: Pick<AppConfig, 'privacy' | 'endpoint'>): EgressVerdict {
  if (cfg.privacy.mode === 'local-only') return { allowed: false, reason: 'privacy mode is local-only' };
  if (!cfg.endpoint || !cfg.endpoint.url.trim()) return { allowed: false, reason: 'escalation is off (no endpoint configured)' };
  let destination: string;
  try {
    destination = new URL(cfg.endpoint.url).host;
  } catch {
    return { allowed: false, reason: `endpoint URL "${cfg.endpoint.url}" is not valid` };
  }
  return { allowed: true, destination };
}
