// Where a request becomes a completion with provenance. Pure orchestration
// of the stages (stages.ts), in their one order: generateLocal, check, route,
// then keep, fall back or escalate. The local model, the validator and the
// escalation client come in through ports, so the browser plugs in workers
// and the Node harness plugs in Node adapters, and both run this same code.
import type { EscalationClient } from '../../endpoint/types';
import { EgressRefused, type GateReport } from '../../privacy/egress-gate';
import type { EgressBlock, EgressVerdict } from '../../privacy/policy';
import { prescanSecrets } from '../../privacy/secret-guard';
import type { CompletionContext } from './request';
import type { RouterDecision } from './router';
import {
  AbortedError,
  escalate,
  escalationDraft,
  generateLocal,
  judge,
  throwIfAborted,
  type GeneratedLocal,
  type SemanticPort,
  type SyntaxPort,
} from './stages';
import type { Delivery, LocalCompletion, LocalModelPort, RouterConfig, SyntaxVerdict } from '../../vocabulary/types';
import type { SemanticVerdict } from '../../semantic/types';

export type { CompletionContext, EngineRequest } from './request';

export interface PipelinePorts {
  local: LocalModelPort;
  syntax: SyntaxPort;
  /** Absent: no semantic check here (the policy's semantic reason then says "not checked"). */
  semantic?: SemanticPort;
  /** Present only when an endpoint is configured. */
  escalation?: EscalationClient;
  /**
   * Called when fetch() is called with a request body: the ledger hook. Returns a settle
   * callback, told on failure whether the body reached the server (Delivery in src/vocabulary/types.ts).
   */
  onEgress?: (e: {
    destination: string;
    bytes: number;
    reason: string;
    redactions: number;
    body?: string;
    contextFiles?: string[];
  }) => (ok: boolean, detail?: string, delivery?: Delivery) => void;
}

/**
 * local: kept on the device. escalated: the large model answered.
 * blocked: escalation wanted but not allowed (policy, no endpoint): nothing left.
 * failed: escalation was attempted and failed; the request may have left.
 */
type Route = 'local' | 'escalated' | 'blocked' | 'failed';

interface EscalationOutcome {
  destination: string;
  bytesSent: number;
  ms: number;
  /** Other files whose snippets went with the request. */
  contextFiles?: string[];
  /** Snippets kept back by the privacy rules, and why. */
  withheldContext?: { file: string; why: string }[];
  text?: string;
  error?: { kind: string; message: string };
  /** A failure after fetch() had the body: whether it reached the server (absent on success: it did). */
  delivery?: Delivery;
}

/** Everything a decision depends on: the badge, the ledger and the evaluation read this one record. */
export interface CompletionResult {
  /** Text to show as ghost text; empty means show nothing. */
  text: string;
  route: Route;
  /** One line for the badge, e.g. "escalated to gpu:8000: syntax". */
  summary: string;
  decision: RouterDecision;
  /** Post-processed; with the model's own text and the filters that changed it, when they did. */
  local: GeneratedLocal;
  syntax: SyntaxVerdict;
  /** Present when the policy asked for the semantic check. */
  semantic?: SemanticVerdict;
  escalation?: EscalationOutcome;
  /** Why nothing left although the router wanted to escalate. */
  blockedBy?: EgressBlock | 'secret';
  /** Credentials replaced before sending (secret guard in redact mode). */
  redactions?: number;
  bytesSent: number;
  destination?: string;
  latencyMs: number;
  /** One of several suggestions for this request (src/completion/common/alternatives.ts): which one, and whose. */
  alternative?: { index: number; count: number; source: 'escalated' | 'local' | 'second-best' };
}

/**
 * What to show when the large model cannot be used: the local completion, but
 * never one that introduces syntax errors (that would be showing broken code).
 */
function localFallback(local: LocalCompletion, syntax: SyntaxVerdict): string {
  if (local.finish === 'early') return ''; // partial text
  return syntax.checked && !syntax.valid ? '' : local.text;
}

/** What the user sees instead of the large model's answer, and why: said only as it is. */
function fallbackNote(local: LocalCompletion, syntax: SyntaxVerdict, fallback: string): string {
  if (fallback) return 'showing the local suggestion';
  if (local.finish === 'early') return 'the local suggestion was stopped early, so it is incomplete and not shown';
  if (syntax.checked && !syntax.valid) return 'the local suggestion adds a syntax error, so none is shown';
  return 'the local model suggested nothing here';
}

/** Why the syntax check gave no verdict, for a badge's summary. */
export function syntaxNotChecked(syntax: SyntaxVerdict): string {
  return `syntax not checked (${syntax.uncheckedReason ?? `no grammar for ${syntax.language}`})`;
}

/** What a decision to escalate rests on, for a badge's summary. */
export function because(d: RouterDecision): string {
  return d.escalateBecause.join(' + ') || 'policy';
}

/**
 * Reads, in slices and ahead of need, the texts the egress gate will scan:
 * the file (with the window's margins), then each file a snippet comes from
 * (the gate judges snippets on the whole file). Its scans are cached, so the
 * gate then finds them done.
 */
export async function prescanOutgoing(ctx: CompletionContext, signal: AbortSignal): Promise<void> {
  const own = ctx.window ? ctx.window.before + ctx.prefix + ctx.suffix + ctx.window.after : ctx.prefix + ctx.suffix;
  const texts = [own, ...new Set(ctx.context?.snippets.map((s) => s.source) ?? [])];
  for (const text of texts) if (!(await prescanSecrets(text, { signal }).catch(() => false))) return;
}

export async function runCompletion(
  ctx: CompletionContext,
  router: RouterConfig,
  egress: EgressVerdict,
  ports: PipelinePorts,
  signal: AbortSignal,
): Promise<CompletionResult> {
  const started = performance.now();
  // Should this escalate, the secret guard reads all that would leave: it starts now, in
  // slices, while the local model works in its worker, so the escalation does not wait for a cold scan.
  const prescan = egress.allowed && ports.escalation ? prescanOutgoing(ctx, signal) : undefined;
  const local = await generateLocal(ctx, router, ports.local, signal);
  const { syntax, semantic, decision } = await judge(ctx, local, router, ports, signal);
  const base = { decision, local, syntax, ...(semantic && { semantic }) };
  const elapsed = () => performance.now() - started;
  // Never a silent pass: an unchecked language says so on the badge.
  const unchecked = syntax.checked ? '' : `; ${syntaxNotChecked(syntax)}`;

  if (decision.action === 'keep') {
    return {
      ...base,
      text: local.text,
      route: 'local',
      bytesSent: 0,
      latencyMs: elapsed(),
      summary: `local on ${local.device}, confidence ${decision.confidence.toFixed(2)}${unchecked}`,
    };
  }

  // It would escalate, but nothing leaves: the local answer stays, with what stopped it.
  const blocked = (blockedBy: CompletionResult['blockedBy'], why: string): CompletionResult => ({
    ...base,
    text: localFallback(local, syntax),
    route: 'blocked',
    bytesSent: 0,
    latencyMs: elapsed(),
    blockedBy,
    summary: `kept local: would escalate (${because(decision)}) but ${why}${unchecked}`,
  });

  if (!egress.allowed) return blocked(egress.block, egress.reason);
  if (!ports.escalation) return blocked('no-endpoint', 'escalation is off (no endpoint configured)');

  const client = ports.escalation;
  await prescan;
  const draft = escalationDraft(ctx, egress.rules);
  let gate: GateReport | undefined;
  const contextFacts = () => ({
    ...(gate?.contextFiles.length && { contextFiles: gate.contextFiles }),
    ...(gate?.withheld.length && { withheldContext: gate.withheld }),
  });

  let settle: ((ok: boolean, detail?: string, delivery?: Delivery) => void) | undefined;
  let bytesSent = 0;
  try {
    const res = await escalate(client, draft, signal, (bytes, body, report) => {
      bytesSent = bytes;
      gate = report;
      settle = ports.onEgress?.({
        destination: client.destination,
        bytes,
        reason: because(decision),
        redactions: report.redactions,
        body,
        ...(report.contextFiles.length && { contextFiles: report.contextFiles }),
      });
    });
    gate = res.gate;
    const redactions = gate.redactions;
    settle?.(true);
    throwIfAborted(signal);
    const { text } = res;
    return {
      ...base,
      text,
      route: 'escalated',
      bytesSent: res.bytesSent,
      destination: res.destination,
      latencyMs: elapsed(),
      escalation: { destination: res.destination, bytesSent: res.bytesSent, ms: res.ms, text, ...contextFacts() },
      redactions,
      summary: `escalated to ${res.destination}: ${because(decision)}${redactions ? `; ${redactions} credential(s) redacted before sending` : ''}${unchecked}`,
    };
  } catch (e) {
    const err = e as { kind?: string; message?: string; delivery?: Delivery };
    // Where the body is, as the transport knew it; a failure that does not say may have reached the server.
    const delivery = err.delivery ?? 'unknown';
    settle?.(false, err.message, delivery);
    if (signal.aborted) throw new AbortedError();
    if (e instanceof EgressRefused) return blocked(e.block, `${e.message}; nothing was sent`);
    const fallback = localFallback(local, syntax);
    return {
      ...base,
      text: fallback,
      route: 'failed',
      bytesSent,
      destination: client.destination,
      latencyMs: elapsed(),
      escalation: {
        destination: client.destination,
        bytesSent,
        ms: elapsed(),
        error: { kind: err.kind ?? 'network', message: err.message ?? String(e) },
        ...(bytesSent > 0 && { delivery }),
        ...contextFacts(),
      },
      summary: `escalation to ${client.destination} failed: ${err.message ?? String(e)} (${fallbackNote(local, syntax, fallback)})`,
    };
  }
}
