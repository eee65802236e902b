// The second-best alternative: the local model's completion that starts with
// the first token it ranks second, greedy from there
// (src/completion/worker/first-token-rank.ts). Asked for only when the user asks for
// another suggestion (Alt+]) and the request has no other, so the model
// spends nothing on it otherwise; over the prompt's cache it is one short
// generation. It passes the same post-processing, checks and router as any
// local completion, so its badge says its confidence, its syntax verdict and
// what the router would do with it; it never escalates, so nothing leaves.
import { generateLocal, judge, type SemanticPort, type SyntaxPort } from './stages';
import type { LocalModelPort } from '../../vocabulary/types';
import type { CompletionContext } from './request';
import { because, syntaxNotChecked, type CompletionResult } from './pipeline';
import type { RouterConfig } from '../../vocabulary/types';

/** New tokens the alternative may write at most (fewer when the request's own budget is smaller): it is a second look, not a second request. */
const SECOND_BEST_MAX_NEW_TOKENS = 32;

/** The rank of the first token it starts with. */
const RANK = 2;

export interface SecondBestPorts {
  local: LocalModelPort;
  syntax: SyntaxPort;
  semantic?: SemanticPort;
}

/**
 * The alternative to `first`, or undefined where there is none to show:
 * nothing written, the same text as `first`, or code the syntax check finds
 * broken (the rule every fallback follows: never show broken code). A
 * cancelled request throws AbortedError.
 */
export async function secondBest(
  ctx: CompletionContext,
  router: RouterConfig,
  ports: SecondBestPorts,
  first: Pick<CompletionResult, 'text'>,
  signal: AbortSignal,
): Promise<CompletionResult | undefined> {
  const started = performance.now();
  // No early escalation: a runner-up's first token is unlikely by design, and a confidence stop would end it at once.
  const asked = { ...ctx, earlyEscalation: false, maxNewTokens: Math.min(ctx.maxNewTokens, SECOND_BEST_MAX_NEW_TOKENS) };
  const local = await generateLocal(
    asked,
    router,
    { complete: (req, s) => ports.local.complete({ ...req, firstTokenRank: RANK }, s) },
    signal,
  );
  if (!local.text.trim() || local.text === first.text) return undefined;
  const { syntax, semantic, decision } = await judge(ctx, local, router, ports, signal);
  if (syntax.checked && !syntax.valid) return undefined;
  const checked = syntax.checked ? 'syntax valid' : syntaxNotChecked(syntax);
  const verdict = decision.action === 'keep' ? 'the router would keep it' : `the router would escalate it (${because(decision)})`;
  return {
    text: local.text,
    route: 'local',
    summary: `the local model's second-best start (on ${local.device}, confidence ${decision.confidence.toFixed(2)}, ${checked}); ${verdict}, nothing was sent`,
    decision,
    local,
    syntax,
    ...(semantic && { semantic }),
    bytesSent: 0,
    latencyMs: performance.now() - started,
  };
}
