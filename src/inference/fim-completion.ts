// A loaded model as the pipeline's local-model port: FIM prompt for the
// model's family in, middle + per-token probabilities out. Shared by the
// browser worker and the Node harness.
import { fimTemplate } from '../completion/fim';
import type { LocalModelPort } from '../completion/pipeline';
import type { CompletionRequest, FimFamily, LocalCompletion } from '../completion/types';
import type { LoadedModel } from './local-model';

export async function completeWithFim(model: LoadedModel, family: FimFamily | string, req: CompletionRequest, signal?: AbortSignal): Promise<LocalCompletion> {
  const t0 = performance.now();
  const tpl = fimTemplate(family);
  const out = await model.generate(tpl.build(req.prefix, req.suffix), { maxNewTokens: req.maxNewTokens, stopTokens: tpl.stopTokens, signal });
  return { text: out.text, tokens: out.tokens, finish: out.finish, device: model.device, model: model.model, ms: performance.now() - t0 };
}

export function localModelPort(model: LoadedModel, family: FimFamily | string): LocalModelPort {
  fimTemplate(family); // an unknown family fails here, before any request
  return { complete: (req, signal) => completeWithFim(model, family, req, signal) };
}
