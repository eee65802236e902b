// The pipeline's stages, each one step: prepare (src/completion/common/request.ts),
// generateLocal, check, route, escalate. runCompletion (pipeline.ts) is their
// composition, and the Node harness calls the same functions, so no caller
// keeps its own copy of a stage or of what runs inside it (a model's output
// is always post-processed before anyone reads it).
import type { EscalationClient, EscalationDraft, EscalationResult, OnSent } from '../../endpoint/types';
import { parseEarlyReason } from './early-escalation';
import { postProcessTraced } from './postprocess';
import { localRequestOf, type CompletionContext } from './request';
import { decideRoute, semanticCheckAsked, type RouterDecision } from './router';
import type { LocalCompletion, LocalModelPort, RouterConfig, SyntaxRequest, SyntaxVerdict, TokenProb } from '../../vocabulary/types';
import type { SemanticRequest, SemanticVerdict } from '../../semantic/types';

export interface SyntaxPort {
  validate(req: SyntaxRequest): Promise<SyntaxVerdict>;
}

/** The semantic check (src/semantic/check.ts), off the main thread in the app: asked only when the policy reads it. */
export interface SemanticPort {
  check(req: SemanticRequest): Promise<SemanticVerdict>;
}

export class AbortedError extends Error {
  constructor() {
    super('completion request cancelled');
    this.name = 'AbortedError';
  }
}

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new AbortedError();
}

/** A model's text as shown, and, when post-processing changed it, the model's own text and the filters that did. */
interface Processed {
  text: string;
  raw?: string;
  /** Names from src/completion/common/postprocess.ts, in the order they ran. */
  filters?: string[];
}

function processed(raw: string, suffix: string): Processed {
  const { text, filters } = postProcessTraced(raw, suffix);
  return { text, ...(filters.length && { raw, filters }) };
}

/** The local model's completion, post-processed: what the checks, the router and the user see. */
export type GeneratedLocal = LocalCompletion & Omit<Processed, 'text'>;

/** The local model on a prepared request; a cancelled request throws AbortedError rather than return a partial text. */
export async function generateLocal(
  ctx: CompletionContext,
  router: RouterConfig,
  local: LocalModelPort,
  signal: AbortSignal,
): Promise<GeneratedLocal> {
  const out = await local.complete(localRequestOf(ctx, router), signal);
  throwIfAborted(signal);
  if (out.finish === 'aborted') throw new AbortedError();
  return { ...out, ...processed(out.text, ctx.suffix) };
}

interface Verdicts {
  syntax: SyntaxVerdict;
  /** Absent when no semantic port was given (not asked). */
  semantic?: SemanticVerdict;
}

/**
 * The checks of a completion in its place. Both are asked at once: in the
 * app both run in the syntax worker, and neither waits for the other's reply.
 */
async function check(
  at: Pick<CompletionContext, 'language' | 'prefix' | 'suffix' | 'semantics' | 'file'>,
  completion: string,
  ports: { syntax: SyntaxPort; semantic?: SemanticPort },
): Promise<Verdicts> {
  const req = { language: at.language, prefix: at.prefix, completion, suffix: at.suffix };
  // The semantic check also hears of the other files: what they define, the classes this file imports from them,
  // and where this file is (the types check resolves its imports from there).
  const semanticReq: SemanticRequest = at.semantics
    ? {
        ...req,
        workspaceNames: at.semantics.names,
        workspaceClasses: at.semantics.classes,
        ...(at.file !== undefined && { file: at.file }),
      }
    : req;
  const [syntax, semantic] = await Promise.all([ports.syntax.validate(req), ports.semantic?.check(semanticReq)]);
  return { syntax, ...(semantic && { semantic }) };
}

/** A local completion's checks and the router's decision on it. */
interface Judged extends Verdicts {
  decision: RouterDecision;
}

/**
 * The checks the settings ask for, then the router: the semantic check only
 * where the policy reads it, and never on a partial completion (stopped
 * early), which the router escalates whatever the checks say.
 */
export async function judge(
  at: Pick<CompletionContext, 'language' | 'prefix' | 'suffix' | 'semantics' | 'file'>,
  local: GeneratedLocal,
  router: RouterConfig,
  ports: { syntax: SyntaxPort; semantic?: SemanticPort },
  signal: AbortSignal,
): Promise<Judged> {
  const askSemantic = semanticCheckAsked(router) && local.finish !== 'early';
  const verdicts = await check(at, local.text, {
    syntax: ports.syntax,
    ...(askSemantic && ports.semantic && { semantic: ports.semantic }),
  });
  throwIfAborted(signal);
  return { ...verdicts, decision: route(local, verdicts, router) };
}

/** What routing reads of a local completion. */
interface RoutedCompletion {
  tokens: readonly TokenProb[];
  finish?: LocalCompletion['finish'];
  earlyReason?: string;
}

/**
 * The router's decision. A completion stopped early is partial: it must
 * never be kept. The check that stopped it is certain, so it becomes a
 * failing reason of its own kind.
 */
export function route(local: RoutedCompletion, verdicts: Verdicts, router: RouterConfig): RouterDecision {
  const d = decideRoute({ tokens: local.tokens, syntax: verdicts.syntax, semantic: verdicts.semantic }, router);
  if (local.finish !== 'early' || !local.earlyReason) return d;
  const { kind, message } = parseEarlyReason(local.earlyReason);
  const reasons = [...d.reasons, { kind, status: 'fail' as const, message: `local generation stopped early: ${message}` }];
  return { ...d, action: 'escalate', reasons, escalateBecause: [...new Set([...d.escalateBecause, kind])] };
}

/**
 * What an escalation asks to send. The escalation client passes it through
 * the egress gate (src/privacy/egress-gate.ts) before it builds a body: the
 * file's text and each snippet, judged on the whole file it comes from.
 */
export function escalationDraft(
  ctx: Pick<CompletionContext, 'prefix' | 'suffix' | 'window' | 'file' | 'context'>,
  rules: EscalationDraft['rules'],
): EscalationDraft {
  const file = ctx.file ?? ctx.context?.file;
  return {
    prefix: ctx.prefix,
    suffix: ctx.suffix,
    rules,
    ...(ctx.window && { around: { before: ctx.window.before, after: ctx.window.after } }),
    ...(file !== undefined && { file }),
    ...(ctx.context?.snippets.length && {
      extra: ctx.context.snippets.map((s) => ({ filename: s.file, text: s.text, source: s.source, startLine: s.startLine })),
    }),
  };
}

/** The large model's answer, post-processed as the local one is. Throws what the client throws (EgressRefused, transport errors). */
type Escalated = EscalationResult & Omit<Processed, 'text'>;

export async function escalate(client: EscalationClient, draft: EscalationDraft, signal: AbortSignal, onSent?: OnSent): Promise<Escalated> {
  const res = await client.complete(draft, signal, onSent);
  return { ...res, ...processed(res.text, draft.suffix) };
}
