// Completion's entry point for the harness (Node): what runs anywhere
// (common/: a request prepared, routed through the local model and the
// endpoint, its budgets and extent, and the workspace context it draws on)
// and what runs in the model's worker (worker/: loading the local model,
// fill-in-the-middle sessions on it, and the decoding pieces: early stop and
// escalation, prompt lookup, KV cache). Nothing of browser/ (the page's
// engine and Monaco glue): Node cannot load it.
export { runCompletion, type CompletionContext, type CompletionResult, type PipelinePorts } from './common/pipeline';
export { localRequestOf, prepareRequest, requestSettings, type RequestSettings, type WorkspaceContextSource } from './common/request';
export { escalate, escalationDraft, generateLocal, route } from './common/stages';
export { budgetLimits, chooseBudgets, fixedBudgets, type Budgets } from './common/budget';
export { completionExtent } from './common/extent';
export type { WindowDocument } from './common/text-window';
export { TypingPace } from './common/typing-pace';
export { StableSnippetChooser, WorkspaceIndex, chooseSnippets, type ContextSnippet, type WorkspaceFile } from './common/workspace-context';
export { findDefinitions } from './common/workspace-context/definitions';
export { PathLookup, resolveImports } from './common/workspace-context/imports';
export { BracketScanner } from './common/bracket-scan';
export { earlyEscalationCheck } from './common/early-escalation';
export { loadLocalModel, type LoadedModel } from './worker/local-model';
export { FimSession, completeWithFim, localModelPort, localPromptFor } from './worker/fim-completion';
export { measurementPrompt, warmUp } from './worker/warm-up';
export { truncateKv } from './worker/prompt-cache';
export { DEFAULT_LOOKUP, lookupDraft, type LookupOptions } from './worker/prompt-lookup';
export { EarlyStopCriteria, type EarlyStopCheck, type ProbRecorder } from './worker/early-stop-criteria';
export { decodesByWindow, prefixDecoder, type DecodeIds } from './worker/prefix-decoder';
export { TokenTexts } from './worker/token-texts';
export { NO_PARTIAL_MIDDLE_FIELD } from './worker/partial-middle';
