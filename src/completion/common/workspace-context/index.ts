// Context from the other files of the workspace (docs/workspace-context.md).
export type { ContextSnippet, WorkspaceFile } from './types';
export { WorkspaceIndex } from './workspace-index';
export { chooseSnippets } from './retrieve';
export { StableSnippetChooser } from './stable-choice';
