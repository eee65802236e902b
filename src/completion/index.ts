// The completion pipeline's entry point: a request prepared, routed through
// the local model and the endpoint, its budgets and extent, and the
// workspace context it draws on.
export { runCompletion, type CompletionContext, type CompletionResult, type PipelinePorts } from './pipeline';
export { localRequestOf, prepareRequest, requestSettings, type RequestSettings, type WorkspaceContextSource } from './request';
export { escalate, escalationDraft, generateLocal, route } from './stages';
export { budgetLimits, chooseBudgets, fixedBudgets, type Budgets } from './budget';
export { completionExtent } from './extent';
export type { WindowDocument } from './text-window';
export { TypingPace } from './typing-pace';
export { StableSnippetChooser, WorkspaceIndex, chooseSnippets, type ContextSnippet, type WorkspaceFile } from './workspace-context';
export { findDefinitions } from './workspace-context/definitions';
export { PathLookup, resolveImports } from './workspace-context/imports';
