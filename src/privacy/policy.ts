// May this request leave the machine, and to where? The router says whether
// escalation would help; this policy says whether it is allowed. Code leaves
// only when both say yes (and the secret guard finds nothing to block).
import type { AppConfig } from '../vocabulary/config';
import type { EgressRules } from './egress-gate';
import { endpointUrlProblems } from './destinations';
import { neverSendRuleFor } from './never-send';

export type EgressBlock = 'local-only' | 'no-endpoint' | 'destination' | 'never-send' | 'offline';

export type EgressVerdict =
  { allowed: true; destination: string; rules: EgressRules } | { allowed: false; block: EgressBlock; reason: string };

interface EgressContext {
  /** Workspace path of the file being edited. */
  file?: string;
  /** The page's own origin: an endpoint there is a misconfiguration, not a model server. */
  pageOrigin?: string;
  /**
   * The browser knows it has no network (navigator.onLine false): the request
   * is not attempted, so the code is known to stay here, where a failed fetch
   * could only say "delivery unknown". (onLine true proves nothing: a request
   * then fails, or not, the usual way.)
   */
  offline?: boolean;
}

export function egressVerdict(cfg: Pick<AppConfig, 'privacy' | 'endpoint'>, ctx: EgressContext = {}): EgressVerdict {
  const { privacy, endpoint } = cfg;
  if (privacy.mode === 'local-only') return { allowed: false, block: 'local-only', reason: 'privacy mode is local-only' };
  if (!endpoint || !endpoint.url.trim())
    return { allowed: false, block: 'no-endpoint', reason: 'escalation is off (no endpoint configured)' };
  const problems = endpointUrlProblems(endpoint.url, privacy.allowedEndpoints, ctx.pageOrigin);
  if (problems.length) return { allowed: false, block: 'destination', reason: problems[0] };
  const rule = ctx.file ? neverSendRuleFor(ctx.file, privacy.neverSend) : undefined;
  if (rule) return { allowed: false, block: 'never-send', reason: `blocked by policy: ${ctx.file} matches never-send rule "${rule}"` };
  if (ctx.offline)
    return { allowed: false, block: 'offline', reason: `this machine is offline, so nothing was sent to ${new URL(endpoint.url).host}` };
  return { allowed: true, destination: new URL(endpoint.url).host, rules: { neverSend: privacy.neverSend, secrets: privacy.secrets } };
}
