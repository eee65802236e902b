// A loaded model as the pipeline's local-model port: FIM prompt for the
// model's family in, middle + per-token probabilities out. Shared by the
// browser worker and the Node harness.
import { earlyEscalationCheck } from '../common/early-escalation';
import { fimTemplate } from '../../vocabulary/fim';
import { buildLocalPrompt, type LocalPrompt } from '../../prompt/prompt';
import { WindowMemory } from '../../prompt/window-memory';
import type { CompletionRequest, FimFamily, LocalCompletion, LocalModelPort } from '../../vocabulary/types';
import { documentCacheKey, type LoadedModel, type PrefillResult } from './local-model';

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

/** Documents whose prompt window a session remembers; past it the least recently asked is forgotten (a few numbers each). */
const REMEMBERED_DOCUMENTS = 64;

/**
 * One loaded model's requests, as the app makes them: each keeps the prompt
 * window the last one of its document had where the document still reads
 * the same (src/prompt/window-memory.ts), and a read-ahead reads the window
 * its request will have. The inference worker and the latency bench use it,
 * so the bench measures what the app does. `cacheKey` names the model's KV
 * caches this session uses (one per tab of the shared worker); each document
 * (`req.document`) has its own under it, so a tab going back and forth
 * between two files reuses each file's prompt.
 */
export class FimSession {
  private readonly windows = new Map<string | undefined, WindowMemory>();

  constructor(
    readonly model: LoadedModel,
    readonly family: FimFamily | string,
    readonly cacheKey?: string,
  ) {}

  /** The document's window memory, marked most recently used. */
  private windowsOf(document: string | undefined): WindowMemory {
    const memory = this.windows.get(document) ?? new WindowMemory();
    this.windows.delete(document);
    this.windows.set(document, memory);
    if (this.windows.size > REMEMBERED_DOCUMENTS) this.windows.delete(this.windows.keys().next().value);
    return memory;
  }

  private cacheKeyOf(document: string | undefined): string | undefined {
    return document === undefined ? this.cacheKey : documentCacheKey(this.cacheKey ?? '', document);
  }

  complete(req: CompletionRequest, signal?: AbortSignal): Promise<LocalCompletion> {
    return this.windowsOf(req.document).complete(req, (r) =>
      completeWithFim(this.model, this.family, r, signal, this.cacheKeyOf(req.document)),
    );
  }

  prefill(req: CompletionRequest, signal?: AbortSignal): Promise<PrefillResult> {
    return prefillWithFim(this.model, this.family, this.windowsOf(req.document).hinted(req), signal, this.cacheKeyOf(req.document));
  }
}

export function localModelPort(model: LoadedModel, family: FimFamily | string): LocalModelPort {
  fimTemplate(family); // an unknown family fails here, before any request
  return { complete: (req, signal) => completeWithFim(model, family, req, signal) };
}
