// The Git room's vocabulary, shared by the repository module, its error
// explanations, the activity list and the panel.

/** A network operation: each one is recorded in the activity list. */
export type GitNetworkOp = 'clone' | 'fetch' | 'push' | 'pull';

export interface GitActivity {
  op: GitNetworkOp;
  /** The Git server's origin (never the token). */
  server: string;
  ok: boolean;
  /** What happened, in words: "up to date", "pushed main", or the error's explanation. */
  detail: string;
  at: number;
}

/** A clone the Git panel knows: where it came from, the workspace folder that shows it, its own Git folder. */
export interface GitClone {
  /** The repository's address, never with credentials in it. */
  url: string;
  /** The workspace folder its working tree is shown as. */
  folder: string;
  /** Its folder in the browser's Git file system. */
  dir: string;
}

/** Every clone, and the one the panel works on (its `dir`). */
export interface GitCloneList {
  clones: GitClone[];
  active?: string;
}

/** How much of a repository a clone brings. */
export interface GitCloneOptions {
  /** The last this many commits of the default branch only (a shallow clone); absent: everything. */
  depth?: number;
}

/** What a fetch found on the server. */
export interface GitFetchReport {
  /** Commits the current branch is behind its server branch. */
  behind: number;
  /** Branches the server has now and had not at the last fetch. */
  newBranches: string[];
  /** Branches gone from the server since the last fetch (their origin/* refs are removed). */
  deletedBranches: string[];
}

/** One changed file of the working tree. */
export interface GitFileStatus {
  path: string;
  state: 'added' | 'modified' | 'deleted' | 'untracked';
  /** In the index, different from the last commit: the next "Commit staged" takes it. */
  staged?: true;
}

/** What a review compares: where the change starts and where it ends. */
export type GitReviewSpec =
  /** A branch's own commits: from where it left `base` to its tip. */
  | { kind: 'merge-base'; branch: string; base: string }
  /** Any two refs or commit ids, older first. */
  | { kind: 'commits'; from: string; to: string }
  /** The working tree's changes (untracked files included) against the last commit. */
  | { kind: 'worktree' };

/** One changed file of a review, with both sides as text. */
export interface GitChange {
  path: string;
  state: 'added' | 'modified' | 'deleted' | 'renamed';
  /** A renamed file's path at the start (`path` is its path at the end). */
  from?: string;
  /** A renamed file: how alike its two sides are, in percent, as `git diff` measures it (100: the same content). */
  similarity?: number;
  /** The text at the start ('' for an added file). */
  before: string;
  /** The text at the end ('' for a deleted file). */
  after: string;
  /** Not text (a NUL byte in it): listed, not shown or edited. */
  binary?: true;
  /** A binary file's sides as bytes with their blob ids, for an exported binary patch (absent side: added or deleted). */
  bytes?: { before?: Uint8Array; after?: Uint8Array; beforeOid?: string; afterOid?: string };
}

export interface GitReviewSet {
  /** What is reviewed, in words: "feature against main (merge base 1a2b3c4)". */
  title: string;
  /** The commit the change starts from. */
  from: string;
  /** The commit a review branch is made on (for the working tree: HEAD, its changes added). */
  to: string;
  changes: GitChange[];
}

export interface GitProgress {
  phase: string;
  loaded: number;
  /** Absent when the server does not say how much is coming. */
  total?: number;
}

/** Who commits: the name and email from Settings. */
export interface GitAuthor {
  name: string;
  email: string;
}

/** The credentials for a server that needs them: sent as Basic auth, never logged. */
export interface GitCredentials {
  /** Some servers want the account name with the token (Gitea); others take any name (GitLab). */
  user?: string;
  token?: string;
}
