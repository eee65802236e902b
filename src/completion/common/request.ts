// One request path: everything between "the cursor is here" and "this is
// the local request and the router's settings". The app's engine, the
// harness's local source and `npm run prompt` all call this, so the harness
// measures the prompts the app sends (the same budget, the same threshold
// for the language, the same snippets of other files).
import type { AppConfig } from '../../vocabulary/config';
import { fixedBudgets, type Budgets } from './budget';
import { completionExtent } from './extent';
import type { CompletionRequest, LanguageId, PromptContext, RouterConfig } from '../../vocabulary/types';
import { CONTEXT_SETTINGS, defaultsOf, type ContextSettings } from '../../vocabulary/settings';
import type { WindowPlace } from './text-window';

import type { ContextSnippet } from './workspace-context';
import type { StableSnippetChooser } from './workspace-context/stable-choice';
import type { WorkspaceSemantics } from './workspace-context/semantic-context';
import { semanticCheckAsked } from './router';
import type { WorkspaceFiles } from '../../semantic/types';

export interface CompletionContext {
  prefix: string;
  suffix: string;
  /** Where prefix and suffix lie in a larger document (src/completion/common/text-window.ts); absent: they are all of it. */
  window?: WindowPlace;
  language: LanguageId;
  maxNewTokens: number;
  /** Token budget for prefix + suffix in the local prompt. */
  promptBudget?: number;
  /** Stop local decoding once escalation is certain (default on). */
  earlyEscalation?: boolean;
  /** The local prompt puts the cursor's line after the middle marker (src/prompt/prompt.ts, middleSplit). */
  cursorLineInMiddle?: boolean;
  /**
   * Snippets of other workspace files (src/completion/common/request.ts chose them)
   * and their share of the budget; which may go with an escalated request is
   * the egress gate's call.
   */
  context?: Omit<PromptContext, 'snippets'> & { snippets: readonly ContextSnippet[] };
  /** Workspace path of the file being edited (never-send rules, the repository format's file name). */
  file?: string;
  /** What the semantic check learns from the other files (asked only under a policy that reads the check). */
  semantics?: WorkspaceSemantics;
}

/**
 * What the editor asks the engine for: the text around the cursor and where
 * it is; the engine adds the budgets and the router's settings.
 */
export interface EngineRequest extends Omit<CompletionContext, 'maxNewTokens' | 'file'> {
  file: string;
  /** The editor model (URI) and version the request was made at: the syntax worker then checks incrementally. */
  documentId?: string;
  version?: number;
}

/** The settings schema's (src/vocabulary/settings.ts), for callers without a config. */
export const DEFAULT_CONTEXT_SETTINGS: ContextSettings = defaultsOf(CONTEXT_SETTINGS);

/** What a request needs besides the cursor: the budgets, the router and the context settings. */
export interface RequestSettings extends Budgets {
  router: RouterConfig & { perLanguage?: Record<string, number> };
  earlyEscalation: boolean;
  /** `model.cursorLineInMiddle`. */
  cursorLineInMiddle: boolean;
  context: ContextSettings;
}

/** Where the snippets come from: the workspace's chooser and what the user edited and viewed, most recent first. */
export interface WorkspaceContextSource {
  chooser: StableSnippetChooser;
  recentlyEdited(): readonly string[];
  recentlyViewed(): readonly string[];
  /** The other files' names and imported classes, for the semantic check (workspace-context/semantic-context.ts). */
  semantics?(file: string, prefix: string, suffix: string): WorkspaceSemantics;
  /** The workspace's texts, for the files the types check's compiler reads beside the checked one (src/semantic/type-imports.ts). */
  files?: WorkspaceFiles;
}

interface PreparedRequest {
  ctx: CompletionContext;
  /** The router with this language's calibrated threshold, when there is one. */
  router: RouterConfig;
}

/** The settings a configuration gives, with the budgets of the moment (measured speed in the app; the configured limits elsewhere). */
export function requestSettings(
  cfg: Pick<AppConfig, 'router' | 'model'> & { context?: ContextSettings },
  budgets?: Budgets,
): RequestSettings {
  const b =
    budgets ??
    fixedBudgets({
      targetMs: 0,
      maxPromptTokens: cfg.model.maxPromptTokens,
      maxNewTokens: cfg.model.maxNewTokens,
      contextWindow: cfg.model.contextWindow,
      reuse: cfg.model.reuseCache,
    });
  return {
    ...b,
    router: cfg.router,
    earlyEscalation: cfg.router.earlyEscalation,
    cursorLineInMiddle: cfg.model.cursorLineInMiddle ?? true,
    context: cfg.context ?? DEFAULT_CONTEXT_SETTINGS,
  };
}

export function prepareRequest(req: EngineRequest, s: RequestSettings, workspace?: WorkspaceContextSource): PreparedRequest {
  // A threshold calibrated for this language wins over the overall one.
  const { perLanguage, ...router } = s.router;
  const threshold = perLanguage?.[req.language] ?? router.threshold;
  let snippets: ContextSnippet[] = [];
  if (workspace && s.context.enabled && s.context.maxSnippets > 0 && s.context.share > 0) {
    snippets = workspace.chooser.choose({
      file: req.file,
      prefix: req.prefix,
      suffix: req.suffix,
      firstLine: req.window?.startLine,
      maxSnippets: s.context.maxSnippets,
      recentlyEdited: workspace.recentlyEdited(),
      recentlyViewed: workspace.recentlyViewed(),
    });
  }
  // The semantic check's view of the other files: only where the policy reads the check.
  const semantics = semanticCheckAsked(router) ? workspace?.semantics?.(req.file, req.prefix, req.suffix) : undefined;
  const ctx: CompletionContext = {
    ...req,
    ...(semantics && { semantics }),
    maxNewTokens: s.maxNewTokens,
    promptBudget: s.promptBudget,
    earlyEscalation: s.earlyEscalation,
    cursorLineInMiddle: s.cursorLineInMiddle,
    ...(snippets.length && { context: { file: req.file, snippets, share: s.context.share } }),
  };
  return { ctx, router: { ...router, threshold } };
}

/** The local model's request for a prepared context: the extent, the early-stop settings, the snippets. */
export function localRequestOf(ctx: CompletionContext, router: RouterConfig): CompletionRequest {
  return {
    prefix: ctx.prefix,
    suffix: ctx.suffix,
    maxNewTokens: ctx.maxNewTokens,
    promptBudget: ctx.promptBudget,
    ...(ctx.cursorLineInMiddle && { cursorLineInMiddle: true }),
    ...(ctx.file && { document: ctx.file }),
    extent: completionExtent(ctx.prefix, ctx.suffix, ctx.language).extent,
    ...(ctx.earlyEscalation !== false && { early: { router, language: ctx.language } }),
    // The worker gets only what the prompt needs (the snippets' text, paths and first lines).
    ...(ctx.context && {
      context: {
        file: ctx.context.file,
        share: ctx.context.share,
        snippets: ctx.context.snippets.map(({ file, text, startLine }) => ({ file, text, startLine })),
      },
    }),
  };
}
