// A loaded model as the pipeline's local-model port: FIM prompt for the
// model's family in, middle + per-token probabilities out. Shared by the
// browser worker and the Node harness.
import { windowContext } from '../completion/context-window';
import { earlyEscalationCheck } from '../completion/early-escalation';
import { fimTemplate } from '../completion/fim';
import type { LocalModelPort } from '../completion/pipeline';
import type { CompletionRequest, FimFamily, LocalCompletion } from '../completion/types';
import type { LoadedModel } from './local-model';

export async function completeWithFim(model: LoadedModel, family: FimFamily | string, req: CompletionRequest, signal?: AbortSignal): Promise<LocalCompletion> {
  const t0 = performance.now();
  const tpl = fimTemplate(family);
  const w = req.promptBudget
    ? windowContext(req.prefix, req.suffix, { budget: req.promptBudget, countTokens: (t) => model.countTokens(t) })
    : undefined;
  const prefix = w?.prefix ?? req.prefix;
  const suffix = w?.suffix ?? req.suffix;
  const earlyStop = req.early
    ? earlyEscalationCheck({ router: req.early.router, language: req.early.language, prefix, maxNewTokens: req.maxNewTokens })
    : undefined;
  const out = await model.generate(tpl.build(prefix, suffix), { maxNewTokens: req.maxNewTokens, stopTokens: tpl.stopTokens, signal, earlyStop });
  return {
    text: out.text, tokens: out.tokens, finish: out.finish, earlyReason: out.earlyReason, ...(out.stats && { stats: out.stats }),
    device: model.device, model: model.model, ms: performance.now() - t0,
    ...(w && { window: { prefixTokens: w.prefixTokens, suffixTokens: w.suffixTokens, truncated: w.truncated } }),
  };
}

export function localModelPort(model: LoadedModel, family: FimFamily | string): LocalModelPort {
  fimTemplate(family); // an unknown family fails here, before any request
  return { complete: (req, signal) => completeWithFim(model, family, req, signal) };
}
