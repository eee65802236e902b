// The semantic check's boundary: what the router's third input asks and
// answers. Like the syntax check it is differential (only what the completion
// introduces counts) and never a silent pass (an unchecked language says so).
import type { Node, Tree } from 'web-tree-sitter';
import type { LanguageId, SyntaxRequest } from '../vocabulary/types';

type SemanticFindingKind = 'unresolved-name' | 'unknown-member' | 'type-error';

/** One thing the completion uses that is not there. Rows and columns are 0-based, in the completed text. */
export interface SemanticFinding {
  kind: SemanticFindingKind;
  /** The offending name (`sqroot` in `math.sqroot`), or the diagnostic's code for a type error. */
  name: string;
  row: number;
  column: number;
  /** For the user: what was looked up and where it was not found. */
  detail: string;
}

/**
 * A class another workspace file defines, as the checked file imports it
 * (`from shapes import Circle as C`), known whole: the app sends only such
 * (src/completion/common/workspace-context/python-classes.ts).
 */
export interface WorkspaceClass {
  /** The name the checked file binds (`C`). */
  local: string;
  /** The import's module as written (`shapes`, `.shapes`) and the class's name there. */
  module: string;
  name: string;
  /** The workspace file that defines it. */
  file: string;
  /** Every name an instance or the class may have: a call of any other is an error. */
  members: readonly string[];
}

/**
 * The workspace's files as the types check reads them: a file's current
 * text, or undefined when the workspace has no such file (or did not read
 * it: too large). The app's comes from the same index as the snippets
 * (src/workspace/context-feed.ts), the bench's from a folder.
 */
export interface WorkspaceFiles {
  text(path: string): string | undefined;
}

export interface SemanticRequest extends SyntaxRequest {
  /** The checked file's workspace path: the types check resolves its relative imports from there (src/semantic/type-imports.ts). */
  file?: string;
  /** Top-level names defined elsewhere in the workspace, so a call into another file resolves. */
  workspaceNames?: readonly string[];
  /** Classes of other workspace files the checked file imports, so a call of a method they lack is caught (Python). */
  workspaceClasses?: readonly WorkspaceClass[];
  /** Give up after this long and answer "not checked (timed out)". */
  budgetMs?: number;
}

/** Which analyses ran: scopes from the tree-sitter tree, or the TypeScript language service. */
export type SemanticCheckKind = 'names' | 'types';

export interface SemanticVerdict {
  language: LanguageId;
  /** false when the language is not covered, the check timed out or the text did not parse: NOT a pass. */
  checked: boolean;
  uncheckedReason?: string;
  /** What the completion introduces (findings already true of the document without it are not listed). */
  findings: SemanticFinding[];
  checks: SemanticCheckKind[];
  /** Analyses that exist for this language but did not run here, with why (never a silent pass). */
  notChecked?: { kind: SemanticCheckKind; reason: string }[];
  /** The whole check's time (its checks run side by side). */
  ms: number;
  /** The types check's own time, where it ran beside the names check (the app: src/semantic/types-check.ts). */
  typesMs?: number;
}

/** The completed text and its parse, handed to each language's checker. */
export interface SemanticInput {
  request: SemanticRequest;
  /** prefix + completion + suffix, and the completion's span in it. */
  text: string;
  completionStart: number;
  completionEnd: number;
  tree: Tree;
  /** The document without the completion (prefix + suffix), for the differential. */
  baseline: { text: string; tree: Tree };
}

/** One language family's checker; registered once per language id it serves. */
export interface LanguageChecker {
  languages: readonly LanguageId[];
  kind: SemanticCheckKind;
  /**
   * Why this checker cannot run here (the TypeScript service in a browser
   * without it), or undefined when it can: a dispatcher reports the reason
   * as "not checked" for this kind instead of calling check(), which throws.
   */
  unavailableReason?(): string | undefined;
  check(input: SemanticInput): SemanticFinding[] | Promise<SemanticFinding[]>;
  /**
   * Analyses a document ahead of its checks (when it opens), so the first
   * check finds its analysis made; `tree` is the caller's.
   */
  prime?(text: string, tree: Tree): void;
}

export type { Node };
