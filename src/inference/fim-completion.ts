// A loaded model as the pipeline's local-model port: FIM prompt for the
// model's family in, middle + per-token probabilities out. Shared by the
// browser worker and the Node harness.
import { earlyEscalationCheck } from './early-escalation';
import { fimTemplate } from '../vocabulary/fim';
import { buildLocalPrompt, type LocalPrompt } from '../prompt/prompt';
import { WindowMemory } from '../prompt/window-memory';
import type { CompletionRequest, FimFamily, LocalCompletion, LocalModelPort } from '../vocabulary/types';
import type { LoadedModel, PrefillResult } from './local-model';

/** The request's prompt (src/prompt/prompt.ts): what the model reads, and the window the early-stop check reads. */
export function localPromptFor(
  model: Pick<LoadedModel, 'countTokens'> & Partial<Pick<LoadedModel, 'partialMiddle'>>,
  family: FimFamily | string,
  req: CompletionRequest,
): LocalPrompt {
  return buildLocalPrompt({
    family,
    prefix: req.prefix,
    suffix: req.suffix,
    budget: req.promptBudget || undefined,
    context: req.context,
    countTokens: (t) => model.countTokens(t),
    cursorLineInMiddle: req.cursorLineInMiddle && model.partialMiddle !== false,
    keepWindowStart: req.keepWindowStart,
    keepMiddleStart: req.keepMiddleStart,
  });
}

/**
 * Computes the KV cache of the prompt `req` would have, up to the cursor,
 * ahead of the request (while the user is still typing): the same windowing
 * and template as `completeWithFim`, so the request reuses it. Only up to the
 * cursor: what follows it changes its keys and values with every keystroke,
 * so reading it ahead on each key would be thrown away at the next. The
 * cursor is the prompt's end where the suffix comes first (Codestral) or the
 * cursor's line opens the middle (`cursorLineInMiddle`, the default): then
 * the whole prompt is read ahead and the request mostly decodes.
 */
export function prefillWithFim(
  model: LoadedModel,
  family: FimFamily | string,
  req: CompletionRequest,
  signal?: AbortSignal,
  cacheKey?: string,
): Promise<PrefillResult> {
  const built = localPromptFor(model, family, req);
  return model.prefill(built.prompt.slice(0, built.cursorAt), signal, cacheKey);
}

/** `cacheKey`: which of the model's KV caches the request reads and keeps (see LoadedModel.prefill). */
export async function completeWithFim(
  model: LoadedModel,
  family: FimFamily | string,
  req: CompletionRequest,
  signal?: AbortSignal,
  cacheKey?: string,
): Promise<LocalCompletion> {
  const t0 = performance.now();
  const tpl = fimTemplate(family);
  const built = localPromptFor(model, family, req);
  const { window: w, prefix, middleFrom } = built;
  const earlyStop = req.early
    ? earlyEscalationCheck({ router: req.early.router, language: req.early.language, prefix, maxNewTokens: req.maxNewTokens })
    : undefined;
  const out = await model.generate(built.prompt, {
    maxNewTokens: req.maxNewTokens,
    stopTokens: tpl.stopTokens,
    signal,
    earlyStop,
    stopAtLineEnd: req.extent === 'line',
    healLastToken: built.middleStart !== '',
    ...(req.firstTokenRank && { firstTokenRank: req.firstTokenRank }),
    ...(cacheKey && { cacheKey }),
  });
  return {
    text: out.text,
    tokens: out.tokens,
    finish: out.finish,
    earlyReason: out.earlyReason,
    ...(out.stats && { stats: out.stats }),
    ...(req.extent && { extent: req.extent }),
    device: model.device,
    model: model.model,
    ms: performance.now() - t0,
    ...(w && {
      window: {
        prefixTokens: w.prefixTokens,
        suffixTokens: w.suffixTokens,
        truncated: w.truncated,
        prefixStart: w.prefixStart,
        ...(middleFrom !== undefined && { middleFrom }),
      },
    }),
    ...(built.snippets.length && { snippets: built.snippets }),
  };
}

/**
 * One loaded model's requests, as the app makes them: each keeps the prompt
 * window the last one had where the document still reads the same
 * (src/prompt/window-memory.ts), and a read-ahead reads the window its
 * request will have. The inference worker and the latency bench use it, so
 * the bench measures what the app does. `cacheKey` names the model's KV
 * cache this session uses (one per tab of the shared worker).
 */
export class FimSession {
  private readonly windows = new WindowMemory();

  constructor(
    readonly model: LoadedModel,
    readonly family: FimFamily | string,
    readonly cacheKey?: string,
  ) {}

  complete(req: CompletionRequest, signal?: AbortSignal): Promise<LocalCompletion> {
    return this.windows.complete(req, (r) => completeWithFim(this.model, this.family, r, signal, this.cacheKey));
  }

  prefill(req: CompletionRequest, signal?: AbortSignal): Promise<PrefillResult> {
    return prefillWithFim(this.model, this.family, this.windows.hinted(req), signal, this.cacheKey);
  }
}

export function localModelPort(model: LoadedModel, family: FimFamily | string): LocalModelPort {
  fimTemplate(family); // an unknown family fails here, before any request
  return { complete: (req, signal) => completeWithFim(model, family, req, signal) };
}
