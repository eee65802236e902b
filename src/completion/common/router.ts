// The routing rule ("syntax + confidence routing"): keep a local completion
// only if it is syntactically valid AND the model was confident; otherwise
// escalate to the organisation's large model. Confidence alone misses the
// many wrong completions that are not even valid code. The baselines exist
// so the evaluation can compare against them with the same code.
import { aggregateConfidence } from '../../vocabulary/confidence';
import type { SemanticVerdict } from '../../semantic/types';
import {
  ROUTING_POLICIES,
  type Aggregation,
  type RouterConfig,
  type RoutingPolicy,
  type SyntaxVerdict,
  type TokenProb,
} from '../../vocabulary/types';

/** Whether a policy reads the semantic verdict (the pipeline asks for one only then). */
function policyUsesSemantic(policy: RoutingPolicy): boolean {
  return policy === 'syntax+confidence+semantic';
}

/** Whether these settings ask for the semantic check: the policy reads it and the setting leaves it on. */
export function semanticCheckAsked(router: Pick<RouterConfig, 'policy' | 'semanticCheck'>): boolean {
  return policyUsesSemantic(router.policy) && router.semanticCheck !== false;
}

type ReasonKind = 'syntax' | 'confidence' | 'semantic' | 'policy';

/** One check behind a decision, with the numbers it used. */
interface Reason {
  kind: ReasonKind;
  /** pass: allows keeping; fail: asks for escalation; info: recorded, not decisive. */
  status: 'pass' | 'fail' | 'info';
  message: string;
  /** The offending names (a semantic finding other than a type error), for the badge's details. */
  names?: string[];
  value?: number;
  threshold?: number;
}

export interface RouterDecision {
  action: 'keep' | 'escalate';
  policy: RoutingPolicy;
  confidence: number;
  aggregation: Aggregation;
  threshold: number;
  reasons: Reason[];
  /** The kinds of the failing reasons, i.e. why this was escalated (empty when kept). */
  escalateBecause: ReasonKind[];
}

interface RouterInput {
  tokens: readonly TokenProb[];
  syntax: SyntaxVerdict;
  /** Absent: the check was not asked (turned off, or the policy does not read it). */
  semantic?: SemanticVerdict;
}

function confidenceReason(confidence: number, cfg: RouterConfig): Reason {
  const ok = confidence >= cfg.threshold;
  return {
    kind: 'confidence',
    status: ok ? 'pass' : 'fail',
    message: `${cfg.aggregation} token probability ${confidence.toFixed(3)} ${ok ? '>=' : '<'} threshold ${cfg.threshold}`,
    value: confidence,
    threshold: cfg.threshold,
  };
}

function syntaxReason(v: SyntaxVerdict): Reason {
  if (!v.checked) {
    // Not a silent pass: the reason says so, and the badge shows it.
    return { kind: 'syntax', status: 'info', message: `not checked: ${v.uncheckedReason ?? `no grammar for ${v.language}`}` };
  }
  if (v.valid) return { kind: 'syntax', status: 'pass', message: 'no syntax error introduced', value: 0 };
  const first = v.errors[0];
  const where = first ? ` (first: ${first.kind} ${first.detail} at ${first.row + 1}:${first.column + 1})` : '';
  return { kind: 'syntax', status: 'fail', message: `introduces ${v.errors.length} syntax error(s)${where}`, value: v.errors.length };
}

function semanticReason(v: SemanticVerdict | undefined): Reason {
  // Not checked is never a failure: the check must not escalate what it could not see.
  if (!v) return { kind: 'semantic', status: 'info', message: 'not checked: the semantic check is off' };
  if (!v.checked)
    return { kind: 'semantic', status: 'info', message: `not checked: ${v.uncheckedReason ?? `no semantic checker for ${v.language}`}` };
  if (!v.findings.length) return { kind: 'semantic', status: 'pass', message: 'uses nothing that is not there', value: 0 };
  const names = [...new Set(v.findings.filter((f) => f.kind !== 'type-error').map((f) => f.name))];
  const typeErrors = v.findings.filter((f) => f.kind === 'type-error').length;
  const first = v.findings[0];
  const what = [
    ...(names.length ? [`uses what is not there: ${names.join(', ')}`] : []),
    ...(typeErrors ? [`introduces ${typeErrors} type error(s)`] : []),
  ].join('; ');
  return {
    kind: 'semantic',
    status: 'fail',
    value: v.findings.length,
    ...(names.length && { names }),
    message: `${what} (first: ${first.detail} at ${first.row + 1}:${first.column + 1})`,
  };
}

export function decideRoute(input: RouterInput, cfg: RouterConfig): RouterDecision {
  const confidence = aggregateConfidence(input.tokens, cfg.aggregation);
  let reasons: Reason[];
  switch (cfg.policy) {
    case 'always-local':
      reasons = [{ kind: 'policy', status: 'pass', message: 'policy always-local keeps every completion' }];
      break;
    case 'always-escalate':
      reasons = [{ kind: 'policy', status: 'fail', message: 'policy always-escalate sends every request' }];
      break;
    case 'confidence-only':
      reasons = [confidenceReason(confidence, cfg), { ...syntaxReason(input.syntax), status: 'info' }];
      break;
    case 'syntax+confidence':
      reasons = [syntaxReason(input.syntax), confidenceReason(confidence, cfg)];
      break;
    case 'syntax+confidence+semantic':
      reasons = [syntaxReason(input.syntax), semanticReason(input.semantic), confidenceReason(confidence, cfg)];
      break;
    default: {
      const never: never = cfg.policy;
      throw new Error(`Unknown routing policy "${String(never)}" (use ${ROUTING_POLICIES.join(', ')})`);
    }
  }
  const failing = reasons.filter((r) => r.status === 'fail');
  return {
    action: failing.length ? 'escalate' : 'keep',
    policy: cfg.policy,
    confidence,
    aggregation: cfg.aggregation,
    threshold: cfg.threshold,
    reasons,
    escalateBecause: [...new Set(failing.map((r) => r.kind))],
  };
}
