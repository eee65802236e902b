// Types at the boundary of workspace retrieval: what the engine hands in
// (files, the cursor, what the user edited and looked at) and what it gets
// back (snippets of other files, each with why it was chosen).

/** A file of the workspace as retrieval sees it: its path (workspace-relative, `/`-separated) and text. */
export interface WorkspaceFile {
  path: string;
  text: string;
}

/** Why a snippet was chosen, strongest first. */
export type SnippetReason = 'definition' | 'import' | 'recent-edit' | 'recent-view';

export interface ContextSnippet {
  /** Workspace path of the file the text comes from. */
  file: string;
  /** The lines themselves (whole lines, no trailing newline). */
  text: string;
  /** 0-based first line of `text` in its file. */
  startLine: number;
  /** The whole text of the file `text` was cut from: what leaves is judged on it (src/privacy/egress-gate.ts). */
  source: string;
  reason: SnippetReason;
  /** The name this snippet defines, as the current file calls it (reason `definition`): one used near the cursor, or imported and not used yet. */
  name?: string;
  /** Higher is better; only meaningful within one request. */
  score: number;
}

export interface RetrievalRequest {
  /** Path of the file being edited (never a source of snippets: its own text is the window). */
  file: string;
  /** The file's text before and after the cursor (a window of it, in a large file). */
  prefix: string;
  suffix: string;
  /** 0-based line of the file where `prefix` starts (0 when it is the file's start). */
  firstLine?: number;
  /** Other files the user changed, most recent first. */
  recentlyEdited?: readonly string[];
  /** Files the user opened or looked at, most recent first. */
  recentlyViewed?: readonly string[];
  /** How many snippets at most (default MAX_SNIPPETS). */
  maxSnippets?: number;
}
