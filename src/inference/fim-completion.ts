// A loaded model as the pipeline's local-model port: FIM prompt for the
// model's family in, middle + per-token probabilities out. Shared by the
// browser worker and the Node harness.
import { windowContext } from '../completion/context-window';
import { earlyEscalationCheck } from '../completion/early-escalation';
import { fimTemplate } from '../completion/fim';
import type { LocalModelPort } from '../completion/pipeline';
import type { CompletionRequest, FimFamily, LocalCompletion } from '../completion/types';
import type { LoadedModel, PrefillResult } from './local-model';

/** The request's context windowed to its budget: what both the prompt and the early-stop check read. */
function windowed(model: LoadedModel, req: CompletionRequest) {
  const w = req.promptBudget
    ? windowContext(req.prefix, req.suffix, { budget: req.promptBudget, countTokens: (t) => model.countTokens(t) })
    : undefined;
  return { w, prefix: w?.prefix ?? req.prefix, suffix: w?.suffix ?? req.suffix };
}

/**
 * Computes the KV cache of the prompt `req` would have, ahead of the request
 * (while the user is still typing): the same windowing and template as
 * `completeWithFim`, so the request then reuses it.
 */
export function prefillWithFim(model: LoadedModel, family: FimFamily | string, req: CompletionRequest, signal?: AbortSignal): Promise<PrefillResult> {
  const { prefix, suffix } = windowed(model, req);
  return model.prefill(fimTemplate(family).build(prefix, suffix), signal);
}

export async function completeWithFim(model: LoadedModel, family: FimFamily | string, req: CompletionRequest, signal?: AbortSignal): Promise<LocalCompletion> {
  const t0 = performance.now();
  const tpl = fimTemplate(family);
  const { w, prefix, suffix } = windowed(model, req);
  const earlyStop = req.early
    ? earlyEscalationCheck({ router: req.early.router, language: req.early.language, prefix, maxNewTokens: req.maxNewTokens })
    : undefined;
  const out = await model.generate(tpl.build(prefix, suffix), {
    maxNewTokens: req.maxNewTokens, stopTokens: tpl.stopTokens, signal, earlyStop, stopAtLineEnd: req.extent === 'line',
  });
  return {
    text: out.text, tokens: out.tokens, finish: out.finish, earlyReason: out.earlyReason, ...(out.stats && { stats: out.stats }),
    ...(req.extent && { extent: req.extent }),
    device: model.device, model: model.model, ms: performance.now() - t0,
    ...(w && { window: { prefixTokens: w.prefixTokens, suffixTokens: w.suffixTokens, truncated: w.truncated } }),
  };
}

export function localModelPort(model: LoadedModel, family: FimFamily | string): LocalModelPort {
  fimTemplate(family); // an unknown family fails here, before any request
  return { complete: (req, signal) => completeWithFim(model, family, req, signal) };
}
